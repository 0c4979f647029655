import { expect, test } from "vitest";
import { ShopSettingsInputSchema } from "./shop-settings.schemas.ts";

const VALID = {
	shop_name: "Forge & Anvil Tools Ltd",
	legal_address: "7 Anvil Yard\nRotherham S60 1AA",
	tax_id: "GB 123 4567 89",
	contact_email: "accounts@forge.example",
	currency: "USD",
};

function messagesFor(change: object): string[] {
	const parsed = ShopSettingsInputSchema.safeParse({ ...VALID, ...change });
	return parsed.success
		? []
		: parsed.error.issues.map(
				(issue) => `${issue.path.join(".")}: ${issue.message}`,
			);
}

test("the details are tidied as invoices print them: trimmed, one address line per line, no blank lines", () => {
	expect(
		ShopSettingsInputSchema.parse({
			...VALID,
			shop_name: "  Forge & Anvil Tools Ltd ",
			legal_address: "\r\n  7 Anvil Yard \r\n\r\nRotherham S60 1AA\n\n",
			tax_id: " GB 123 4567 89 ",
			contact_email: " accounts@forge.example ",
		}),
	).toEqual(VALID);
});

test("the tax id, the address and the contact email may be left empty; the name may not", () => {
	expect(
		ShopSettingsInputSchema.parse({
			...VALID,
			legal_address: " ",
			tax_id: "",
			contact_email: "",
		}),
	).toEqual({ ...VALID, legal_address: "", tax_id: "", contact_email: "" });
	expect(messagesFor({ shop_name: " " })).toEqual([
		"shop_name: Shop name is required",
	]);
});

test("each refusal names its field in words the form shows", () => {
	expect(messagesFor({ shop_name: "Forge\nAnvil" })).toEqual([
		"shop_name: Shop name must be one line",
	]);
	expect(messagesFor({ legal_address: "a".repeat(401) })).toEqual([
		"legal_address: Legal address must be 400 characters or fewer",
	]);
	expect(messagesFor({ legal_address: "1\n2\n3\n4\n5\n6\n7" })).toEqual([
		"legal_address: Legal address must be 6 lines or fewer",
	]);
	expect(messagesFor({ tax_id: "x".repeat(41) })).toEqual([
		"tax_id: Tax id must be 40 characters or fewer",
	]);
	expect(messagesFor({ contact_email: "accounts at forge" })).toEqual([
		"contact_email: Contact email must be an email address, such as sales@example.com",
	]);
	expect(messagesFor({ currency: "EUR" })).toEqual([
		"currency: Currency must be USD: the shop takes payments in US dollars",
	]);
	expect(messagesFor({ logo_url: "/images/logo.webp" })).toHaveLength(1);
});
