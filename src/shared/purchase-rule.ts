/** The stock figures of a tool that decide whether it can be ordered. */
export type ToolStock = {
	available_quantity: number;
	minimum_quantity: number;
};

export type PurchaseRefusalReason =
	| "STOCK_OUT"
	| "INVALID_QUANTITY"
	| "ABOVE_AVAILABLE"
	| "BELOW_MINIMUM";

export type PurchaseCheck =
	| { canOrder: true }
	| { canOrder: false; reason: PurchaseRefusalReason; message: string };

/** A tool whose stock cannot fill even its minimum order. */
export function isStockOut(tool: ToolStock): boolean {
	return tool.available_quantity < tool.minimum_quantity;
}

/**
 * Whether `quantity` pieces of the tool can be ordered: a whole number from the tool's minimum
 * order up to its stock. A refusal carries the message shown to the customer.
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
	return { canOrder: true };
}
