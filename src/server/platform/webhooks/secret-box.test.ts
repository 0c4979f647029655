import { expect, test } from "vitest";
import { createSecretBox } from "./secret-box.ts";

const AUTH_SECRET = "an auth secret of the shop, long enough";

test("a sealed secret opens with the same AUTH_SECRET and purpose, and its text is not in the sealed value", () => {
	const box = createSecretBox(AUTH_SECRET, "webhook endpoint secrets");
	const sealed = box.seal("whsec_abcdef0123456789");
	expect(sealed).not.toContain("abcdef0123456789");
	expect(sealed).toMatch(/^v1\./);
	expect(box.open(sealed)).toBe("whsec_abcdef0123456789");
	// Each seal is new: the same secret sealed twice reads differently.
	expect(box.seal("whsec_abcdef0123456789")).not.toBe(sealed);
});

test("another AUTH_SECRET or purpose cannot open it, nor can a changed value", () => {
	const sealed = createSecretBox(AUTH_SECRET, "webhook endpoint secrets").seal(
		"whsec_abcdef0123456789",
	);
	expect(() =>
		createSecretBox("another secret", "webhook endpoint secrets").open(sealed),
	).toThrow();
	expect(() =>
		createSecretBox(AUTH_SECRET, "another purpose").open(sealed),
	).toThrow();
	const [version, iv, tag, body] = sealed.split(".");
	// One character of the sealed text changed (not the last: its low bits may be padding).
	const changed = body?.at(-2) === "A" ? "B" : "A";
	const flipped = `${body?.slice(0, -2)}${changed}${body?.slice(-1)}`;
	expect(() =>
		createSecretBox(AUTH_SECRET, "webhook endpoint secrets").open(
			[version, iv, tag, flipped].join("."),
		),
	).toThrow();
	expect(() =>
		createSecretBox(AUTH_SECRET, "webhook endpoint secrets").open("plain text"),
	).toThrow("not a sealed value");
});
