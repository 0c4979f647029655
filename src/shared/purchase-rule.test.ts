import { describe, expect, test } from "vitest";
import {
	checkPurchase,
	isStockOut,
	lineTotalCents,
	nextPriceBreak,
	priceTable,
	smallestOrder,
	unitPriceCents,
} from "./purchase-rule.ts";

const tool = { available_quantity: 40, minimum_quantity: 4, pack_size: 1 };

test("any whole quantity from the minimum order up to the stock can be ordered", () => {
	expect(checkPurchase(tool, 4)).toEqual({ canOrder: true });
	expect(checkPurchase(tool, 17)).toEqual({ canOrder: true });
	expect(checkPurchase(tool, 40)).toEqual({ canOrder: true });
});

test("one piece over the stock is refused with the maximum order", () => {
	expect(checkPurchase(tool, 41)).toEqual({
		canOrder: false,
		reason: "ABOVE_AVAILABLE",
		message: "Your maximum order is 40 pieces.",
	});
});

test("one piece under the minimum order is refused with the minimum order", () => {
	expect(checkPurchase(tool, 3)).toEqual({
		canOrder: false,
		reason: "BELOW_MINIMUM",
		message: "Your minimum order is 4 pieces.",
	});
});

test("a quantity that is not a whole number of pieces is refused", () => {
	for (const quantity of [0, -4, 4.5, Number.NaN, Number.POSITIVE_INFINITY]) {
		expect(checkPurchase(tool, quantity)).toEqual({
			canOrder: false,
			reason: "INVALID_QUANTITY",
			message: "Enter a whole number of pieces.",
		});
	}
});

test("a tool whose stock equals its minimum order sells exactly that many", () => {
	const lastPieces = {
		available_quantity: 5,
		minimum_quantity: 5,
		pack_size: 1,
	};
	expect(isStockOut(lastPieces)).toBe(false);
	expect(checkPurchase(lastPieces, 5)).toEqual({ canOrder: true });
	expect(checkPurchase(lastPieces, 6)).toMatchObject({
		reason: "ABOVE_AVAILABLE",
		message: "Your maximum order is 5 pieces.",
	});
	expect(checkPurchase(lastPieces, 4)).toMatchObject({
		reason: "BELOW_MINIMUM",
		message: "Your minimum order is 5 pieces.",
	});
});

test("a tool whose stock is below its minimum order is stock out for every quantity", () => {
	const stockOut = { available_quantity: 3, minimum_quantity: 5, pack_size: 1 };
	expect(isStockOut(stockOut)).toBe(true);
	for (const quantity of [3, 5, 1]) {
		expect(checkPurchase(stockOut, quantity)).toEqual({
			canOrder: false,
			reason: "STOCK_OUT",
			message: "Stock Out",
		});
	}
});

test("a tool with no stock at all is stock out", () => {
	expect(
		isStockOut({ available_quantity: 0, minimum_quantity: 1, pack_size: 1 }),
	).toBe(true);
	expect(
		isStockOut({ available_quantity: 1, minimum_quantity: 1, pack_size: 1 }),
	).toBe(false);
});

describe("pack sizes", () => {
	const boxed = {
		available_quantity: 100,
		minimum_quantity: 20,
		pack_size: 10,
	};

	test("whole packs from the minimum order up to the stock can be ordered", () => {
		for (const quantity of [20, 30, 100])
			expect(checkPurchase(boxed, quantity)).toEqual({ canOrder: true });
	});

	test("a quantity between two packs is refused with the pack size", () => {
		for (const quantity of [21, 25, 99])
			expect(checkPurchase(boxed, quantity)).toEqual({
				canOrder: false,
				reason: "NOT_PACK_MULTIPLE",
				message: "Order in packs of 10 pieces.",
			});
	});

	test("the spec's two messages come before the pack size", () => {
		expect(checkPurchase(boxed, 15)).toMatchObject({ reason: "BELOW_MINIMUM" });
		expect(checkPurchase(boxed, 105)).toMatchObject({
			reason: "ABOVE_AVAILABLE",
		});
	});

	test("the smallest order is the minimum rounded up to whole packs, and stock below it is stock out", () => {
		const odd = { available_quantity: 24, minimum_quantity: 5, pack_size: 12 };
		expect(smallestOrder(odd)).toBe(12);
		expect(isStockOut(odd)).toBe(false);
		expect(isStockOut({ ...odd, available_quantity: 11 })).toBe(true);
		expect(checkPurchase({ ...odd, available_quantity: 11 }, 12)).toMatchObject(
			{
				reason: "STOCK_OUT",
			},
		);
	});
});

describe("volume prices", () => {
	const tool = {
		available_quantity: 1000,
		minimum_quantity: 1,
		pack_size: 1,
		price_cents: 2499,
		price_breaks: [
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		],
	};

	test("each break applies from its own quantity, the one before up to a piece below it", () => {
		expect(unitPriceCents(tool, 1)).toBe(2499);
		expect(unitPriceCents(tool, 49)).toBe(2499);
		expect(unitPriceCents(tool, 50)).toBe(2250);
		expect(unitPriceCents(tool, 199)).toBe(2250);
		expect(unitPriceCents(tool, 200)).toBe(1990);
		expect(unitPriceCents(tool, 1000)).toBe(1990);
	});

	test("the line total is the quantity at the unit price it reaches", () => {
		expect(lineTotalCents(tool, 49)).toBe(49 * 2499);
		expect(lineTotalCents(tool, 50)).toBe(50 * 2250);
		expect(lineTotalCents(tool, 200)).toBe(200 * 1990);
	});

	test("the next break names its price and the pieces still needed, none past the last", () => {
		expect(nextPriceBreak(tool, 30)).toEqual({
			min_quantity: 50,
			price_cents: 2250,
			pieces_more: 20,
		});
		expect(nextPriceBreak(tool, 50)).toMatchObject({
			min_quantity: 200,
			pieces_more: 150,
		});
		expect(nextPriceBreak(tool, 200)).toBeUndefined();
	});

	test("with packs, the pieces to the next break are whole packs", () => {
		const boxed = {
			...tool,
			pack_size: 12,
			price_breaks: [{ min_quantity: 50, price_cents: 2250 }],
		};
		// 50 is not whole packs: 60 is the first quantity that can be ordered at the break.
		expect(nextPriceBreak(boxed, 24)).toMatchObject({ pieces_more: 36 });
	});

	test("the price table starts at the smallest order and lists every break", () => {
		expect(priceTable({ ...tool, minimum_quantity: 5 })).toEqual([
			{ min_quantity: 5, price_cents: 2499 },
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		]);
	});

	test("a tool without breaks has one price for every quantity", () => {
		const plain = { ...tool, price_breaks: [] };
		expect(unitPriceCents(plain, 10_000)).toBe(2499);
		expect(nextPriceBreak(plain, 1)).toBeUndefined();
	});
});
