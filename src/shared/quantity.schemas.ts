import * as z from "zod/mini";
import { groupThousands } from "./money.ts";

// A module of its own: the cart (whose count the navigation bar shows on every page) checks
// quantities with it, and should not load the order schemas to do so.

/** No order is larger than this many pieces; the tool's own stock is usually far lower. */
export const ORDER_QUANTITY_MAX = 1_000_000;

export const OrderQuantitySchema = z
	.int("Quantity must be a whole number of pieces")
	.check(
		z.minimum(1, "Quantity must be 1 or more"),
		z.maximum(
			ORDER_QUANTITY_MAX,
			`Quantity must be ${groupThousands(ORDER_QUANTITY_MAX)} or less`,
		),
	);
