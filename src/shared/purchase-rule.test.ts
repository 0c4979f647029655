import { expect, test } from "vitest";
import { checkPurchase, isStockOut } from "./purchase-rule.ts";

const tool = { available_quantity: 40, minimum_quantity: 4 };

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
	const lastPieces = { available_quantity: 5, minimum_quantity: 5 };
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
	const stockOut = { available_quantity: 3, minimum_quantity: 5 };
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
	expect(isStockOut({ available_quantity: 0, minimum_quantity: 1 })).toBe(true);
	expect(isStockOut({ available_quantity: 1, minimum_quantity: 1 })).toBe(
		false,
	);
});
