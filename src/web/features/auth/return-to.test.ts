import { expect, test } from "vitest";
import { readReturnPath } from "./return-to.ts";

const from = (pathname: unknown, search: unknown = "") => ({
	from: { pathname, search },
});

test("a path of this shop is kept with its query", () => {
	expect(readReturnPath(from("/dashboard/my-orders", "?page=2"))).toBe(
		"/dashboard/my-orders?page=2",
	);
	expect(readReturnPath(from("/tool-purchase/saw-1"))).toBe(
		"/tool-purchase/saw-1",
	);
});

test("anything that could leave the shop, or is not a path, counts as no origin", () => {
	for (const state of [
		from("//evil.example/x"),
		from("/\\evil.example"),
		from("https://evil.example/"),
		from("javascript:alert(1)"),
		from(42),
		from("/ok", 7),
		{ from: "/dashboard" },
		null,
		undefined,
		"/dashboard",
	])
		expect(readReturnPath(state)).toBeUndefined();
});
