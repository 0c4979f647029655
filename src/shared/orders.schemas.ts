import * as z from "zod/mini";
import { InvoiceSummarySchema } from "./invoices.schemas.ts";
import {
	PageQuerySchema,
	pageSchemaOf,
	UpdatedSinceSchema,
} from "./paging.schemas.ts";
import { OrderQuantitySchema } from "./quantity.schemas.ts";
import { requiredText } from "./text.schemas.ts";
import { ToolIdSchema } from "./tools.schemas.ts";

/**
 * An order's life: unpaid → paid → shipped → delivered (sent to an address), or paid →
 * ready_for_collection → collected (at a receiving point); unpaid → cancelled; a paid order (at any
 * later step) → refunded once every piece has been refunded.
 */
export const ORDER_STATUSES = [
	"unpaid",
	"paid",
	"shipped",
	"ready_for_collection",
	"delivered",
	"collected",
	"cancelled",
	"refunded",
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderIdSchema = z.uuid("Order id must be a UUID");
export const OrderParamsSchema = z.object({ orderId: OrderIdSchema });

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
 * One line of an order: a copy of the tool as it was when the order was placed, the pieces and
 * the unit price then, and the line's total (price × quantity, computed by the server).
 */
export const OrderLineSchema = z.object({
	tool_id: ToolIdSchema,
	tool_name: z.string(),
	img: z.string(),
	description: z.string(),
	price_cents: z.int().check(z.nonnegative()),
	quantity: z.int().check(z.positive()),
	line_total_cents: z.int().check(z.nonnegative()),
	/** Pieces of this line refunded so far. */
	refunded_quantity: z.int().check(z.nonnegative()),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/**
 * Where the goods go, as chosen at checkout and copied into the order: an address, or a receiving
 * point (its name, address and hours as they were). "none" for an order placed straight from the
 * purchase page, which asks for neither: the shop arranges it with the customer.
 */
export const OrderFulfilmentSchema = z.discriminatedUnion("kind", [
	z.object({ kind: z.literal("none") }),
	z.object({
		kind: z.literal("delivery"),
		address: z.object({
			recipient: z.string(),
			address: z.string(),
			city: z.string(),
			state: z.string(),
			zip: z.string(),
		}),
	}),
	z.object({
		kind: z.literal("collection"),
		receiving_point: z.object({
			id: z.string(),
			name: z.string(),
			address: z.string(),
			opening_hours: z.string(),
		}),
	}),
]);
export type OrderFulfilment = z.infer<typeof OrderFulfilmentSchema>;

/**
 * An order as its customer and the admins see it. The tool's name, image, description and unit
 * price are copied when the order is placed, so the order reads the same after the tool changes,
 * is deleted, or the customer's account is removed.
 */
export const OrderSchema = z.object({
	id: OrderIdSchema,
	/** Every line of the order, in the order they were placed. */
	lines: z.array(OrderLineSchema),
	fulfilment: OrderFulfilmentSchema,
	/** The customer's purchase-order number, for their own books. */
	purchase_order: z.nullable(z.string()),
	/** The customer's note for the supplier. */
	note: z.nullable(z.string()),
	/**
	 * The spec's order fields (tool_id, tool_name, img, description, price, order_quantity) are
	 * those of the order's first line; `lines` holds them all.
	 */
	tool_id: ToolIdSchema,
	tool_name: z.string(),
	img: z.string(),
	description: z.string(),
	price_cents: z.int().check(z.nonnegative()),
	order_quantity: z.int().check(z.positive()),
	/** The sum of the lines' totals. */
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
	/** When the order last changed: placed, paid, cancelled, shipped, refunded and the like. */
	updated_at: z.iso.datetime(),
	paid_at: z.nullable(z.iso.datetime()),
	cancelled_at: z.nullable(z.iso.datetime()),
	/**
	 * Set when a payment completed after the order was cancelled and was given back
	 * automatically: the provider's refund id.
	 */
	refund_id: z.nullable(z.string()),
	/** When an unpaid order is cancelled if it is still unpaid; null: it never is. */
	pay_by: z.nullable(z.iso.datetime()),
	/** Set once shipped: who carries it and the number to follow it by. */
	carrier: z.nullable(z.string()),
	tracking_number: z.nullable(z.string()),
	shipped_at: z.nullable(z.iso.datetime()),
	/** When it was made ready at its receiving point. */
	ready_at: z.nullable(z.iso.datetime()),
	/** When it was delivered or collected. */
	completed_at: z.nullable(z.iso.datetime()),
	/** A dispute of the payment at the provider: while "open", the order is not shipped. */
	dispute_status: z.nullable(z.enum(["open", "won", "lost"])),
	/** What has been given back so far. */
	refunded_cents: z.int().check(z.nonnegative()),
	/**
	 * "card": paid in My Orders; "invoice": an approved business customer's order, accepted
	 * unpaid and invoiced at once, to be paid by `due_at`.
	 */
	payment_method: z.enum(["card", "invoice"]),
	due_at: z.nullable(z.iso.datetime()),
	/** Its invoice (once paid) and a credit note for each refund, oldest first: each a PDF. */
	invoices: z.array(InvoiceSummarySchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const ORDER_EVENT_KINDS = [
	"placed",
	"paid",
	"cancelled",
	"expired",
	"shipped",
	"ready_for_collection",
	"delivered",
	"collected",
	"refunded",
	"refund_failed",
	"late_payment_refunded",
	"disputed",
	"dispute_closed",
	"invoice_issued",
	"credit_note_issued",
] as const;

/** One step of an order's timeline: what happened, when, and who did it. */
export const OrderEventSchema = z.object({
	at: z.iso.datetime(),
	kind: z.enum(ORDER_EVENT_KINDS),
	/** "customer", "admin", "shop" (done by itself, such as expiry) or "payment provider". */
	actor: z.string(),
	/** The admin's address for an admin's step; null otherwise (the customer's is the order's). */
	actor_email: z.nullable(z.string()),
	/** The step's own facts: carrier and tracking number, amount, reason, document number. */
	details: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** A refund of an order, as its customer and the admins see it. */
export const OrderRefundSchema = z.object({
	id: z.string(),
	status: z.enum(["pending", "succeeded", "failed"]),
	amount_cents: z.int().check(z.positive()),
	/** The refunded pieces by line; empty when an amount was refunded at the payment provider. */
	lines: z.array(z.object({ tool_id: z.string(), quantity: z.int() })),
	reason: z.string(),
	created_at: z.iso.datetime(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/** One order with its timeline and refunds: the order detail page. */
export const OrderDetailSchema = z.object({
	...OrderSchema.shape,
	events: z.array(OrderEventSchema),
	refunds: z.array(OrderRefundSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const CARRIER_MAX = 100;
export const TRACKING_NUMBER_MAX = 100;

/** Marking an order shipped: who carries it and the number to follow it by. */
export const ShipOrderInputSchema = z.object({
	carrier: requiredText("Carrier", CARRIER_MAX),
	tracking_number: requiredText("Tracking number", TRACKING_NUMBER_MAX),
});
export type ShipOrderInput = z.infer<typeof ShipOrderInputSchema>;

export const REFUND_REASON_MAX = 500;

/**
 * A refund an admin asks for: the pieces of each line to give back, or every piece not refunded
 * yet when `lines` is left out. The amount is the server's: the lines' unit prices.
 */
export const RefundInputSchema = z.object({
	lines: z.optional(
		z
			.array(
				z.object({
					tool_id: ToolIdSchema,
					quantity: OrderQuantitySchema,
				}),
			)
			.check(
				z.minLength(1, "Choose at least one line to refund"),
				z.refine(
					(lines) =>
						new Set(lines.map((line) => line.tool_id)).size === lines.length,
					"Each line may appear once in a refund",
				),
			),
	),
	reason: requiredText("Reason", REFUND_REASON_MAX),
});
export type RefundInput = z.infer<typeof RefundInputSchema>;

export const OrderPageSchema = pageSchemaOf(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** Manage All Orders shows this many orders a page. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const OrderListQuerySchema = z.object({
	...PageQuerySchema.shape,
	status: z.optional(OrderStatusSchema),
	/** Only orders changed at or after this time, oldest change first. */
	updated_since: UpdatedSinceSchema,
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
