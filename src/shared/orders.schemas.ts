import * as z from "zod/mini";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";
import { ToolIdSchema } from "./tools.schemas.ts";

export const ORDER_STATUSES = ["unpaid", "paid", "cancelled"] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderIdSchema = z.uuid("Order id must be a UUID");
export const OrderParamsSchema = z.object({ orderId: OrderIdSchema });

/** No order is larger than this many pieces; the tool's own stock is usually far lower. */
export const ORDER_QUANTITY_MAX = 1_000_000;

export const OrderQuantitySchema = z
	.int("Quantity must be a whole number of pieces")
	.check(
		z.minimum(1, "Quantity must be 1 or more"),
		z.maximum(
			ORDER_QUANTITY_MAX,
			`Quantity must be ${ORDER_QUANTITY_MAX.toLocaleString("en-US")} or less`,
		),
	);

/**
 * Placing an order names the tool and the quantity, nothing else: the price, the total, the
 * status, the customer and the payment are the server's. Other fields are dropped.
 */
export const PlaceOrderInputSchema = z.object({
	tool_id: ToolIdSchema,
	order_quantity: OrderQuantitySchema,
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

/** An optional header that makes placing an order safe to retry: one key, one order. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IdempotencyKeySchema = z.optional(
	z
		.string()
		.check(
			z.regex(
				/^[A-Za-z0-9_-]{8,100}$/,
				"Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'",
			),
		),
);

/**
 * An order as its customer and the admins see it. The tool's name, image, description and unit
 * price are copied when the order is placed, so the order reads the same after the tool changes,
 * is deleted, or the customer's account is removed.
 */
export const OrderSchema = z.object({
	id: OrderIdSchema,
	tool_id: ToolIdSchema,
	tool_name: z.string(),
	img: z.string(),
	description: z.string(),
	price_cents: z.int().check(z.nonnegative()),
	order_quantity: z.int().check(z.positive()),
	total_cents: z.int().check(z.nonnegative()),
	email: z.string(),
	user_name: z.string(),
	status: OrderStatusSchema,
	/** The payment's transaction id, once paid ('Transaction ID'). */
	payment_id: z.nullable(z.string()),
	/**
	 * Paid through the built-in test provider: no money was taken. Shown as "Test payment" beside
	 * the transaction id.
	 */
	test_payment: z.boolean(),
	created_at: z.iso.datetime(),
	paid_at: z.nullable(z.iso.datetime()),
	cancelled_at: z.nullable(z.iso.datetime()),
	/**
	 * Set when a payment completed after the order was cancelled and was given back
	 * automatically: the provider's refund id.
	 */
	refund_id: z.nullable(z.string()),
	/** When an unpaid order is cancelled if it is still unpaid; null: it never is. */
	pay_by: z.nullable(z.iso.datetime()),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderPageSchema = pageSchemaOf(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** Manage All Orders shows this many orders a page. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const OrderListQuerySchema = z.object({
	...PageQuerySchema.shape,
	status: z.optional(OrderStatusSchema),
	/** Part of the customer's email address. */
	email: z.optional(
		z
			.string()
			.check(
				z.trim(),
				z.maxLength(254, "email must be 254 characters or fewer"),
			),
	),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** Which payment provider takes payments, as the payment modal needs to know. */
export const PaymentOptionsSchema = z.discriminatedUnion("provider", [
	z.object({ provider: z.literal("test") }),
	z.object({ provider: z.literal("stripe"), publishable_key: z.string() }),
]);
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

/**
 * The answer to "pay this order": with the test provider the order is paid at once; with Stripe
 * the browser confirms the PaymentIntent and the order becomes paid when Stripe's webhook says so.
 */
export const PaymentStartSchema = z.discriminatedUnion("provider", [
	z.object({ provider: z.literal("test"), order: OrderSchema }),
	z.object({
		provider: z.literal("stripe"),
		client_secret: z.string(),
		order: OrderSchema,
	}),
]);
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/** One line of the audit trail of deleted orders. */
export const OrderDeletionSchema = z.object({
	id: z.string(),
	order_id: OrderIdSchema,
	deleted_at: z.iso.datetime(),
	deleted_by_email: z.string(),
	/** The order as it was when deleted. */
	order: OrderSchema,
	/** Pieces put back into stock (an unpaid order's quantity; 0 for a paid or cancelled one). */
	restocked: z.int().check(z.nonnegative()),
	/** The refund of a payment that completed after the order was deleted, if any. */
	refund_id: z.nullable(z.string()),
});
export type OrderDeletion = z.infer<typeof OrderDeletionSchema>;

export const OrderDeletionPageSchema = pageSchemaOf(OrderDeletionSchema);

/**
 * One customer's hold on the stock, for the admins: their open unpaid orders, the pieces those
 * keep out of stock and what they are worth. `user_id` is null once the account was removed; its
 * orders are then grouped by the email they were placed with.
 */
export const UnpaidHolderSchema = z.object({
	user_id: z.nullable(z.string()),
	name: z.string(),
	email: z.string(),
	unpaid_orders: z.int().check(z.positive()),
	pieces: z.int().check(z.positive()),
	value_cents: z.int().check(z.nonnegative()),
	/** The earliest time to pay among these orders; null when none of them has one. */
	oldest_pay_by: z.nullable(z.iso.datetime()),
});
export type UnpaidHolder = z.infer<typeof UnpaidHolderSchema>;

export const UnpaidHolderPageSchema = pageSchemaOf(UnpaidHolderSchema);
export type UnpaidHolderPage = z.infer<typeof UnpaidHolderPageSchema>;

/** Manage All Orders shows this many holders of unpaid orders a page. */
export const UNPAID_HOLDERS_PAGE_SIZE = 10;
