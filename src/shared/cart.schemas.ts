import * as z from "zod/mini";
import { OrderQuantitySchema } from "./quantity.schemas.ts";
import { ToolIdSchema, ToolSchema } from "./tools.schemas.ts";

/**
 * A cart holds at most this many different tools. One order is bounded too (a checkout is one
 * transaction that locks every line's tool), and nobody's pallet needs more lines.
 */
export const CART_LINES_MAX = 50;

/** One line as the browser keeps it and sends it: a tool and how many pieces. */
export const CartLineInputSchema = z.object({
	tool_id: ToolIdSchema,
	quantity: OrderQuantitySchema,
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

export const CartLinesSchema = z.array(CartLineInputSchema).check(
	z.maxLength(
		CART_LINES_MAX,
		`A cart holds at most ${CART_LINES_MAX} different tools`,
	),
	z.refine(
		(lines) => new Set(lines.map((line) => line.tool_id)).size === lines.length,
		"Each tool may appear once in a cart",
	),
);

/** Setting one line of the signed-in customer's cart: the quantity it should hold. */
export const CartQuantityInputSchema = z.object({
	quantity: OrderQuantitySchema,
});
export type CartQuantityInput = z.infer<typeof CartQuantityInputSchema>;

/** The lines of a visitor's browser cart, to be priced or merged into the signed-in cart. */
export const CartLinesInputSchema = z.object({ lines: CartLinesSchema });
export type CartLinesInput = z.infer<typeof CartLinesInputSchema>;

/**
 * One line of a priced cart: the tool as it is now and whether the quantity still fits the
 * purchase rule. `problem` is the message a customer sees (the rule's, or that the tool is gone);
 * a cart with a problem cannot be checked out until the line is changed or removed.
 */
export const CartLineSchema = z.object({
	tool_id: ToolIdSchema,
	quantity: z.int().check(z.positive()),
	/** Null once the tool was deleted: the line can only be removed. */
	tool: z.nullable(
		z.object({
			tool_name: z.string(),
			img: z.string(),
			sku: z.string(),
			price_cents: z.int().check(z.nonnegative()),
			available_quantity: z.int().check(z.nonnegative()),
			minimum_quantity: z.int().check(z.positive()),
			pack_size: z.int().check(z.positive()),
			price_breaks: ToolSchema.shape.price_breaks,
			supplier_name: z.string(),
		}),
	),
	/** The price each at this quantity: the tool's price or the volume price it reaches. */
	unit_price_cents: z.int().check(z.nonnegative()),
	line_total_cents: z.int().check(z.nonnegative()),
	problem: z.nullable(z.string()),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
	lines: z.array(CartLineSchema),
	/** The sum of the lines that can be ordered as they are. */
	total_cents: z.int().check(z.nonnegative()),
	/** Pieces in the cart, every line counted (the navigation bar's badge). */
	pieces: z.int().check(z.nonnegative()),
	can_check_out: z.boolean(),
});
export type Cart = z.infer<typeof CartSchema>;
