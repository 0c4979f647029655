import { describe, expect, it } from "vitest";
import { formatCents, groupThousands } from "./money.ts";

describe("numbers as the shop writes them", () => {
	it("groups thousands with commas, as en-US does", () => {
		for (const value of [0, 7, 999, 1000, 12_500, 100_000, 1_234_567, -4321])
			expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
	});

	it("writes cents as dollars, as Intl's en-US currency format does", () => {
		const intl = new Intl.NumberFormat("en-US", {
			style: "currency",
			currency: "USD",
		});
		for (const cents of [0, 5, 99, 100, 2499, 100_000, 123_456_789, -250, -5])
			expect(formatCents(cents)).toBe(intl.format(cents / 100));
	});
});
