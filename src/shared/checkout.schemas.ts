import * as z from "zod/mini";
import { CartLinesSchema } from "./cart.schemas.ts";
import { PaymentMethodSchema } from "./payment-terms.schemas.ts";
import { ReceivingPointIdSchema } from "./receiving-points.schemas.ts";
import { requiredText } from "./text.schemas.ts";

export const DELIVERY_LIMITS = {
	recipient: 120,
	address: 200,
	city: 100,
	state: 100,
	zip: 20,
} as const;
export const PURCHASE_ORDER_MAX = 50;
export const ORDER_NOTE_MAX = 1000;

/** Where a delivered order goes: prefilled from the profile, editable at checkout. */
export const DeliveryAddressSchema = z.object({
	recipient: requiredText("Recipient", DELIVERY_LIMITS.recipient),
	address: requiredText("Address", DELIVERY_LIMITS.address),
	city: requiredText("City", DELIVERY_LIMITS.city),
	state: z
		.string()
		.check(
			z.trim(),
			z.maxLength(
				DELIVERY_LIMITS.state,
				`State must be ${DELIVERY_LIMITS.state} characters or fewer`,
			),
		),
	zip: requiredText("Zip", DELIVERY_LIMITS.zip),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

/** Delivery to an address, or collection at one of the shop's receiving points. */
export const FulfilmentInputSchema = z.discriminatedUnion("kind", [
	z.object({ kind: z.literal("delivery"), address: DeliveryAddressSchema }),
	z.object({
		kind: z.literal("collection"),
		receiving_point_id: ReceivingPointIdSchema,
	}),
]);
export type FulfilmentInput = z.infer<typeof FulfilmentInputSchema>;

function optionalText(name: string, max: number) {
	return z.optional(
		z
			.string()
			.check(
				z.trim(),
				z.maxLength(max, `${name} must be ${max} characters or fewer`),
			),
	);
}

/**
 * Checking out: the lines as the customer reviewed them (so a cart changed on another device in
 * the meantime is not what gets ordered), where the goods go, and an optional purchase-order
 * number and note for the supplier. Prices and totals are the server's.
 */
export const CheckoutInputSchema = z.object({
	lines: CartLinesSchema.check(
		z.minLength(1, "The cart is empty: add a tool first"),
	),
	fulfilment: FulfilmentInputSchema,
	purchase_order: optionalText("Purchase-order number", PURCHASE_ORDER_MAX),
	note: optionalText("Note", ORDER_NOTE_MAX),
	/** "invoice" only for a customer approved for payment terms; card by default. */
	payment_method: z.optional(PaymentMethodSchema),
});
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

/**
 * A checkout refused because lines no longer fit (stock changed, tool deleted) answers 409 with
 * one detail per such line: this field name and a message that starts with the tool's name.
 */
export function checkoutLineField(toolId: string): string {
	return `lines.${toolId}`;
}
