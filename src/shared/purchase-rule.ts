/**
 * The one purchase rule: which quantities of a tool can be ordered and what they cost. The server
 * decides with it when an order or a cart line is made; every form shows its messages and prices
 * before sending, so what the customer sees is what the server will do.
 */

/** A lower unit price from `min_quantity` pieces up (until the next break). */
export type PriceBreak = { min_quantity: number; price_cents: number };

/** The stock figures and order terms of a tool that decide whether a quantity can be ordered. */
export type ToolStock = {
	available_quantity: number;
	minimum_quantity: number;
	/** Orders come in multiples of this many pieces (1: any number). */
	pack_size: number;
};

/** What the price of an order line depends on. */
export type ToolPricing = {
	price_cents: number;
	/** Increasing quantities at decreasing prices, all above `price_cents`' minimum order. */
	price_breaks: readonly PriceBreak[];
};

export type PurchaseRefusalReason =
	| "STOCK_OUT"
	| "INVALID_QUANTITY"
	| "ABOVE_AVAILABLE"
	| "BELOW_MINIMUM"
	| "NOT_PACK_MULTIPLE";

export type PurchaseCheck =
	| { canOrder: true }
	| { canOrder: false; reason: PurchaseRefusalReason; message: string };

/** The fewest pieces that can be ordered: the minimum order, rounded up to whole packs. */
export function smallestOrder(tool: ToolStock): number {
	return Math.ceil(tool.minimum_quantity / tool.pack_size) * tool.pack_size;
}

/** A tool whose stock cannot fill even its smallest order. */
export function isStockOut(tool: ToolStock): boolean {
	return tool.available_quantity < smallestOrder(tool);
}

/**
 * Whether `quantity` pieces of the tool can be ordered: a whole number from the tool's minimum
 * order up to its stock, in whole packs. A refusal carries the message shown to the customer.
 */
export function checkPurchase(
	tool: ToolStock,
	quantity: number,
): PurchaseCheck {
	if (isStockOut(tool))
		return { canOrder: false, reason: "STOCK_OUT", message: "Stock Out" };
	if (!Number.isInteger(quantity) || quantity <= 0)
		return {
			canOrder: false,
			reason: "INVALID_QUANTITY",
			message: "Enter a whole number of pieces.",
		};
	if (quantity > tool.available_quantity)
		return {
			canOrder: false,
			reason: "ABOVE_AVAILABLE",
			message: `Your maximum order is ${tool.available_quantity} pieces.`,
		};
	if (quantity < tool.minimum_quantity)
		return {
			canOrder: false,
			reason: "BELOW_MINIMUM",
			message: `Your minimum order is ${tool.minimum_quantity} pieces.`,
		};
	if (quantity % tool.pack_size !== 0)
		return {
			canOrder: false,
			reason: "NOT_PACK_MULTIPLE",
			message: `Order in packs of ${tool.pack_size} pieces.`,
		};
	return { canOrder: true };
}

/** The unit price for `quantity` pieces: that of the highest break it reaches, else the price. */
export function unitPriceCents(tool: ToolPricing, quantity: number): number {
	let price = tool.price_cents;
	for (const step of tool.price_breaks)
		if (quantity >= step.min_quantity) price = step.price_cents;
	return price;
}

/** What `quantity` pieces cost together, at the unit price that quantity reaches. */
export function lineTotalCents(tool: ToolPricing, quantity: number): number {
	return unitPriceCents(tool, quantity) * quantity;
}

/** The next lower price above `quantity`, and how many more pieces (in whole packs) reach it. */
export type NextPriceBreak = PriceBreak & { pieces_more: number };

export function nextPriceBreak(
	tool: ToolPricing & Pick<ToolStock, "pack_size">,
	quantity: number,
): NextPriceBreak | undefined {
	const next = tool.price_breaks.find((step) => step.min_quantity > quantity);
	if (!next) return undefined;
	const reached =
		Math.ceil(next.min_quantity / tool.pack_size) * tool.pack_size;
	return { ...next, pieces_more: reached - Math.max(0, quantity) };
}

/** One row of a tool's price table: from `min_quantity` pieces, `price_cents` each. */
export type PriceTableRow = PriceBreak;

/** The price table a customer reads: the price from the smallest order, then each break. */
export function priceTable(tool: ToolPricing & ToolStock): PriceTableRow[] {
	return [
		{ min_quantity: smallestOrder(tool), price_cents: tool.price_cents },
		...tool.price_breaks,
	];
}
