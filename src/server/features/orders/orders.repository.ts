import type { Selectable, SqlBool } from "kysely";
import { sql } from "kysely";
import type {
	Order,
	OrderDeletion,
	OrderStatus,
	UnpaidHolder,
} from "../../../shared/orders.schemas.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type { OrdersTable } from "../../platform/db/schema.ts";

const orderColumns = [
	"orders.id",
	"orders.tool_id",
	"orders.tool_name",
	"orders.img",
	"orders.description",
	"orders.price_cents",
	"orders.order_quantity",
	"orders.total_cents",
	"orders.email",
	"orders.user_name",
	"orders.status",
	"orders.payment_id",
	"orders.payment_provider",
	"orders.created_at",
	"orders.paid_at",
	"orders.cancelled_at",
	"orders.refund_id",
	"orders.pay_by",
] as const;

/** The same columns, unqualified, as `RETURNING` takes them. */
const insertedColumns = orderColumns.map(
	(column) => column.slice("orders.".length) as Unqualified<typeof column>,
);
type Unqualified<T> = T extends `orders.${infer Column}` ? Column : never;

type OrderRow = Pick<
	Selectable<OrdersTable>,
	| "id"
	| "tool_id"
	| "tool_name"
	| "img"
	| "description"
	| "price_cents"
	| "order_quantity"
	| "total_cents"
	| "email"
	| "user_name"
	| "status"
	| "payment_id"
	| "payment_provider"
	| "created_at"
	| "paid_at"
	| "cancelled_at"
	| "refund_id"
	| "pay_by"
>;

/** Whether an order's payment was taken by the built-in test provider, from the provider kept. */
function isTestPayment(paymentProvider: string | null): boolean {
	return paymentProvider === "test";
}

function toOrder({ payment_provider, ...row }: OrderRow): Order {
	return {
		...row,
		// bigint: PostgreSQL returns it as a string.
		total_cents: Number(row.total_cents),
		test_payment: isTestPayment(payment_provider),
	};
}

export type NewOrder = Omit<
	OrdersTable,
	| "status"
	| "payment_id"
	| "payment_provider"
	| "payment_intent_id"
	| "paid_at"
	| "cancelled_at"
	| "refund_id"
	| "refunded_at"
	| "deleted_at"
	| "updated_at"
>;

/** Inserts a new unpaid order and answers it as the customer sees it. */
export async function insertOrder(db: Db, order: NewOrder): Promise<Order> {
	const row = await db
		.insertInto("orders")
		.values({ ...order, status: "unpaid", updated_at: order.created_at })
		.returning(insertedColumns)
		.executeTakeFirstOrThrow();
	return toOrder(row);
}

/** An order that is not deleted; with `userId`, only if it is that customer's. */
export async function findOrder(
	db: Db,
	id: string,
	userId?: string,
): Promise<(Order & { user_id: string | null }) | undefined> {
	let query = db
		.selectFrom("orders")
		.select([...orderColumns, "orders.user_id"])
		.where("id", "=", id)
		.where("deleted_at", "is", null);
	if (userId !== undefined) query = query.where("user_id", "=", userId);
	const row = await query.executeTakeFirst();
	return row ? { ...toOrder(row), user_id: row.user_id } : undefined;
}

/** The order a customer placed with an Idempotency-Key, deleted or not. */
export async function findOrderByIdempotencyKey(
	db: Db,
	userId: string,
	key: string,
): Promise<{ order: Order; isDeleted: boolean } | undefined> {
	const row = await db
		.selectFrom("orders")
		.select([...orderColumns, "orders.deleted_at"])
		.where("user_id", "=", userId)
		.where("idempotency_key", "=", key)
		.executeTakeFirst();
	if (!row) return undefined;
	const { deleted_at, ...order } = row;
	return { order: toOrder(order), isDeleted: deleted_at !== null };
}

export type OrderFilter = {
	userId?: string;
	status?: OrderStatus;
	/** Part of the customer's email, lower case. */
	emailContains?: string;
};

function filteredOrders(db: Db, filter: OrderFilter) {
	let query = db.selectFrom("orders").where("deleted_at", "is", null);
	if (filter.userId !== undefined)
		query = query.where("user_id", "=", filter.userId);
	if (filter.status !== undefined)
		query = query.where("status", "=", filter.status);
	if (filter.emailContains) {
		const pattern = `%${filter.emailContains.replace(/[\\%_]/g, "\\$&")}%`;
		query = query.where(
			sql<SqlBool>`lower(orders.email) like ${pattern} escape '\\'`,
		);
	}
	return query;
}

/** Orders newest first, optionally one customer's, of one status, or by email. */
export async function findOrdersPage(
	db: Db,
	filter: OrderFilter,
	offset: number,
	limit: number,
): Promise<Order[]> {
	const rows = await filteredOrders(db, filter)
		.select(orderColumns)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toOrder);
}

/** Where a pass over overdue orders has got to: the last order it looked at. */
export type OverdueCursor = { payBy: string; id: string };

/**
 * Unpaid orders whose time to pay was over at `now`, in the order it ran out, after `cursor`;
 * each with the payment intent made for it, if any.
 */
export async function findOverdueOrders(
	db: Db,
	now: string,
	cursor: OverdueCursor | undefined,
	limit: number,
): Promise<{ order: Order; paymentIntentId: string | null }[]> {
	let query = db
		.selectFrom("orders")
		.select([...orderColumns, "orders.payment_intent_id"])
		.where("status", "=", "unpaid")
		.where("pay_by", "<", now)
		.where("deleted_at", "is", null);
	if (cursor)
		query = query.where((eb) =>
			eb.or([
				eb("pay_by", ">", cursor.payBy),
				eb.and([eb("pay_by", "=", cursor.payBy), eb("id", ">", cursor.id)]),
			]),
		);
	const rows = await query
		.orderBy("pay_by")
		.orderBy("id")
		.limit(limit)
		.execute();
	return rows.map(({ payment_intent_id, ...row }) => ({
		order: toOrder(row),
		paymentIntentId: payment_intent_id,
	}));
}

export async function countOrders(
	db: Db,
	filter: OrderFilter,
): Promise<number> {
	const row = await filteredOrders(db, filter)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/**
 * Moves an unpaid, undeleted order to another state in one conditional statement; returns
 * whether it did. With `userId`, only that customer's order.
 */
async function leaveUnpaid(
	db: Db,
	id: string,
	changes: Partial<OrdersTable>,
	userId?: string,
): Promise<boolean> {
	let query = db
		.updateTable("orders")
		.set(changes)
		.where("id", "=", id)
		.where("status", "=", "unpaid")
		.where("deleted_at", "is", null);
	if (userId !== undefined) query = query.where("user_id", "=", userId);
	const result = await query.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

export function markOrderCancelled(
	db: Db,
	id: string,
	at: string,
	userId?: string,
): Promise<boolean> {
	return leaveUnpaid(
		db,
		id,
		{ status: "cancelled", cancelled_at: at, updated_at: at },
		userId,
	);
}

export function markOrderPaid(
	db: Db,
	id: string,
	payment: { paymentId: string; provider: string; at: string },
): Promise<boolean> {
	return leaveUnpaid(db, id, {
		status: "paid",
		payment_id: payment.paymentId,
		payment_provider: payment.provider,
		paid_at: payment.at,
		updated_at: payment.at,
	});
}

/** Deletes an unpaid order, cancelling it in the same statement; true if it was unpaid. */
export function markUnpaidOrderDeleted(
	db: Db,
	id: string,
	at: string,
): Promise<boolean> {
	return leaveUnpaid(db, id, {
		status: "cancelled",
		cancelled_at: at,
		deleted_at: at,
		updated_at: at,
	});
}

/** Deletes a paid or cancelled order; true if there was one to delete. */
export async function markOrderDeleted(
	db: Db,
	id: string,
	at: string,
): Promise<boolean> {
	const result = await db
		.updateTable("orders")
		.set({ deleted_at: at, updated_at: at })
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** Keeps the payment intent made for an order, if it is still unpaid; false when it is not. */
export async function setPaymentIntent(
	db: Db,
	id: string,
	paymentIntentId: string,
): Promise<boolean> {
	const result = await db
		.updateTable("orders")
		.set({ payment_intent_id: paymentIntentId })
		.where("id", "=", id)
		.where("status", "=", "unpaid")
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

export async function findPaymentIntentId(
	db: Db,
	id: string,
): Promise<string | null> {
	const row = await db
		.selectFrom("orders")
		.select("payment_intent_id")
		.where("id", "=", id)
		.executeTakeFirst();
	return row?.payment_intent_id ?? null;
}

/** The order a payment intent was made for, deleted or not. */
export async function findOrderByPaymentIntent(
	db: Db,
	paymentIntentId: string,
): Promise<Order | undefined> {
	const row = await db
		.selectFrom("orders")
		.select(orderColumns)
		.where("payment_intent_id", "=", paymentIntentId)
		.executeTakeFirst();
	return row ? toOrder(row) : undefined;
}

/**
 * Keeps the refund of a payment that completed after its order was cancelled; false when one was
 * already kept (the same payment reported twice).
 */
export async function markOrderRefunded(
	db: Db,
	id: string,
	refund: { refundId: string; at: string },
): Promise<boolean> {
	const result = await db
		.updateTable("orders")
		.set({
			refund_id: refund.refundId,
			refunded_at: refund.at,
			updated_at: refund.at,
		})
		.where("id", "=", id)
		.where("status", "=", "cancelled")
		.where("refund_id", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** Remembers an applied payment-provider event; false when it was already there. */
export async function recordPaymentEvent(
	db: Db,
	event: { event_id: string; type: string; order_id: string | null },
): Promise<boolean> {
	const inserted = await db
		.insertInto("payment_events")
		.values({ ...event, received_at: new Date().toISOString() })
		.onConflict((conflict) => conflict.column("event_id").doNothing())
		.returning("event_id")
		.executeTakeFirst();
	return inserted !== undefined;
}

/** Whether a payment-provider event was applied before (a repeated delivery). */
export async function isPaymentEventKnown(
	db: Db,
	eventId: string,
): Promise<boolean> {
	const row = await db
		.selectFrom("payment_events")
		.select("event_id")
		.where("event_id", "=", eventId)
		.executeTakeFirst();
	return row !== undefined;
}

export async function insertOrderDeletion(
	db: Db,
	deletion: {
		id: string;
		order: Order;
		deleted_at: string;
		deleted_by_id: string;
		deleted_by_email: string;
		restocked: number;
	},
): Promise<void> {
	await db
		.insertInto("order_deletions")
		.values({
			id: deletion.id,
			order_id: deletion.order.id,
			deleted_at: deletion.deleted_at,
			deleted_by_id: deletion.deleted_by_id,
			deleted_by_email: deletion.deleted_by_email,
			restocked: deletion.restocked,
			order_snapshot: JSON.stringify(deletion.order),
		})
		.execute();
}

export async function findOrderDeletionsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<OrderDeletion[]> {
	const rows = await db
		.selectFrom("order_deletions")
		// A payment that completed after the deletion is refunded on the (deleted) order's row.
		.leftJoin("orders", "orders.id", "order_deletions.order_id")
		.select([
			"order_deletions.id",
			"order_deletions.order_id",
			"order_deletions.deleted_at",
			"order_deletions.deleted_by_email",
			"order_deletions.restocked",
			"order_deletions.order_snapshot",
			"orders.refund_id",
			"orders.payment_provider",
		])
		.orderBy("order_deletions.deleted_at", "desc")
		.orderBy("order_deletions.id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(({ order_snapshot, payment_provider, ...row }) => ({
		...row,
		order: {
			// Snapshots kept before orders had refunds lack `refund_id`.
			refund_id: null,
			...JSON.parse(order_snapshot),
			// Read from the order's row: snapshots kept before test payments were labelled lack it.
			test_payment: isTestPayment(payment_provider),
		} as Order,
	}));
}

export async function countOrderDeletions(db: Db): Promise<number> {
	const row = await db
		.selectFrom("order_deletions")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/**
 * Locks the customer's account row until the transaction ends, so that two orders of one customer
 * placed at once are counted against the limit one after the other, even on two instances. Only on
 * PostgreSQL: SQLite runs one write transaction at a time. `for no key update` leaves the row free
 * for rows that merely reference it (a new session) and for other customers' orders.
 */
export async function lockCustomer(db: Db, userId: string): Promise<void> {
	if (!isPostgres(db)) return;
	await db
		.selectFrom("users")
		.select("id")
		.where("id", "=", userId)
		.forNoKeyUpdate()
		.execute();
}

/**
 * How many unpaid orders the customer holds that can still be paid at `now`: an order past its
 * time to pay counts no more, even before the sweep has cancelled it.
 */
export async function countOpenUnpaidOrders(
	db: Db,
	userId: string,
	now: string,
): Promise<number> {
	const row = await db
		.selectFrom("orders")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("user_id", "=", userId)
		.where("status", "=", "unpaid")
		.where("deleted_at", "is", null)
		.where((eb) => eb.or([eb("pay_by", "is", null), eb("pay_by", ">", now)]))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** One holder per account; the orders of a removed account, per the email they were placed with. */
const holderKey = sql<string>`coalesce(orders.user_id, orders.email)`;

function unpaidOrders(db: Db) {
	return db
		.selectFrom("orders")
		.where("orders.status", "=", "unpaid")
		.where("orders.deleted_at", "is", null);
}

/**
 * Customers holding unpaid orders (every one that still holds pieces, overdue or not), those
 * holding the most pieces first, then the most value. The name and email are the account's as it
 * is now, or the orders' copy once the account is removed.
 */
export async function findUnpaidHoldersPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<UnpaidHolder[]> {
	const rows = await unpaidOrders(db)
		.leftJoin("users", "users.id", "orders.user_id")
		.select((eb) => [
			eb.fn.max("orders.user_id").as("user_id"),
			sql<string>`coalesce(max(users.name), max(orders.user_name))`.as("name"),
			sql<string>`coalesce(max(users.email), max(orders.email))`.as("email"),
			eb.fn.countAll<number | string>().as("unpaid_orders"),
			eb.fn.sum<number | string>("orders.order_quantity").as("pieces"),
			eb.fn.sum<number | string>("orders.total_cents").as("value_cents"),
			eb.fn.min("orders.pay_by").as("oldest_pay_by"),
		])
		.groupBy(holderKey)
		.orderBy("pieces", "desc")
		.orderBy("value_cents", "desc")
		.orderBy(holderKey)
		.limit(limit)
		.offset(offset)
		.execute();
	// Counts and sums: PostgreSQL returns them as strings.
	return rows.map((row) => ({
		user_id: row.user_id,
		name: row.name,
		email: row.email,
		unpaid_orders: Number(row.unpaid_orders),
		pieces: Number(row.pieces),
		value_cents: Number(row.value_cents),
		oldest_pay_by: row.oldest_pay_by,
	}));
}

export async function countUnpaidHolders(db: Db): Promise<number> {
	const row = await unpaidOrders(db)
		.select(sql<number | string>`count(distinct ${holderKey})`.as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}
