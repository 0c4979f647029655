import type { Insertable, Selectable, SqlBool } from "kysely";
import { sql } from "kysely";
import type {
	Order,
	OrderDeletion,
	OrderEvent,
	OrderFulfilment,
	OrderLine,
	OrderRefund,
	OrderStatus,
	UnpaidHolder,
} from "../../../shared/orders.schemas.ts";
import {
	compiledOnce,
	insertCompiledOnce,
} from "../../platform/db/compiled-once.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type {
	OrderEventsTable,
	OrderLinesTable,
	OrderRefundsTable,
	OrdersTable,
} from "../../platform/db/schema.ts";

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
	"orders.updated_at",
	"orders.paid_at",
	"orders.cancelled_at",
	"orders.refund_id",
	"orders.pay_by",
	"orders.fulfilment",
	"orders.purchase_order",
	"orders.note",
	"orders.carrier",
	"orders.tracking_number",
	"orders.shipped_at",
	"orders.ready_at",
	"orders.completed_at",
	"orders.dispute_status",
	"orders.refunded_cents",
	"orders.payment_method",
	"orders.due_at",
] as const;

/** The same columns, unqualified, as `RETURNING` takes them. */
const insertedColumns = orderColumns.map(
	(column) => column.slice("orders.".length) as Unqualified<typeof column>,
);
type Unqualified<T> = T extends `orders.${infer Column}` ? Column : never;

/** The writes of an order placed on SQLite, compiled once per shape (decision 016). */
const insertOrderRow = insertCompiledOnce<Insertable<OrdersTable>, OrderRow>(
	"orders",
	insertedColumns,
);
const insertOrderLines =
	insertCompiledOnce<Insertable<OrderLinesTable>>("order_lines");
const insertPlacedEvent =
	insertCompiledOnce<Insertable<OrderEventsTable>>("order_events");

/** A row as `orderColumns` reads it. */
type OrderRow = Pick<
	Selectable<OrdersTable>,
	Unqualified<(typeof orderColumns)[number]>
>;

/** Whether an order's payment was taken by the built-in test provider, from the provider kept. */
function isTestPayment(paymentProvider: string | null): boolean {
	return paymentProvider === "test";
}

function toOrder(
	{ payment_provider, fulfilment, ...row }: OrderRow,
	lines: OrderLine[],
): Order {
	return {
		...row,
		lines,
		fulfilment: fulfilment
			? (JSON.parse(fulfilment) as OrderFulfilment)
			: { kind: "none" },
		// bigint: PostgreSQL returns them as strings.
		total_cents: Number(row.total_cents),
		refunded_cents: Number(row.refunded_cents),
		// The invoices feature's: the orders service adds them to what it answers.
		invoices: [],
		test_payment: isTestPayment(payment_provider),
	};
}

const lineColumns = [
	"order_id",
	"tool_id",
	"tool_name",
	"img",
	"description",
	"price_cents",
	"quantity",
	"line_total_cents",
	"refunded_quantity",
] as const;

/** The lines of the given orders, by order id, each order's in the order they were placed. */
async function findLinesOf(
	db: Db,
	orderIds: readonly string[],
): Promise<Map<string, OrderLine[]>> {
	const byOrder = new Map<string, OrderLine[]>();
	if (orderIds.length === 0) return byOrder;
	const rows = await db
		.selectFrom("order_lines")
		.select(lineColumns)
		.where("order_id", "in", orderIds)
		.orderBy("order_id")
		.orderBy("position")
		.execute();
	for (const { order_id, ...line } of rows) {
		const lines = byOrder.get(order_id) ?? [];
		// bigint: PostgreSQL returns it as a string.
		lines.push({ ...line, line_total_cents: Number(line.line_total_cents) });
		byOrder.set(order_id, lines);
	}
	return byOrder;
}

/** Orders as the customer sees them, each with its lines: one more query for all of them. */
async function toOrders<Row extends OrderRow>(
	db: Db,
	rows: Row[],
): Promise<{ row: Row; order: Order }[]> {
	const lines = await findLinesOf(
		db,
		rows.map((row) => row.id),
	);
	return rows.map((row) => ({
		row,
		order: toOrder(row, lines.get(row.id) ?? []),
	}));
}

async function toOrderOrUndefined(
	db: Db,
	row: OrderRow | undefined,
): Promise<Order | undefined> {
	if (!row) return undefined;
	const [found] = await toOrders(db, [row]);
	return found?.order;
}

export type NewOrder = Omit<
	OrdersTable,
	| "carrier"
	| "tracking_number"
	| "shipped_at"
	| "ready_at"
	| "completed_at"
	| "dispute_status"
	| "disputed_at"
	| "refunded_cents"
	| "fulfilment"
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
	| "payment_method"
	| "due_at"
>;

/**
 * Inserts a new unpaid order with its lines and the first step of its timeline (`placed`), and
 * answers it as the customer sees it. The order's tool columns are its first line's.
 */
export async function insertOrder(
	db: Db,
	order: NewOrder & {
		fulfilment: OrderFulfilment;
		payment_method?: "card" | "invoice";
		due_at?: string | null;
	},
	lines: Omit<OrderLine, "refunded_quantity">[],
	placed: OrderEvent,
): Promise<Order> {
	const orderRow = {
		...order,
		fulfilment:
			order.fulfilment.kind === "none"
				? null
				: JSON.stringify(order.fulfilment),
		status: "unpaid" as const,
		updated_at: order.created_at,
		carrier: null,
		tracking_number: null,
		shipped_at: null,
		ready_at: null,
		completed_at: null,
		dispute_status: null,
		disputed_at: null,
		refunded_cents: 0,
		payment_method: order.payment_method ?? "card",
		due_at: order.due_at ?? null,
	};
	const lineRows = lines.map((line, position) => ({
		...line,
		order_id: order.id,
		position,
		refunded_quantity: 0,
	}));
	const eventRow = {
		...placed,
		order_id: order.id,
		details: JSON.stringify(placed.details),
	};
	let row: OrderRow;
	if (isPostgres(db))
		// One statement, so one round trip: the lines and the first step are written with the order
		// (PostgreSQL checks their reference to it at the end of the statement).
		row = await db
			.with("placed_lines", (query) =>
				query.insertInto("order_lines").values(lineRows).returning("order_id"),
			)
			.with("placed_event", (query) =>
				query.insertInto("order_events").values(eventRow).returning("order_id"),
			)
			.insertInto("orders")
			.values(orderRow)
			.returning(insertedColumns)
			.executeTakeFirstOrThrow();
	else {
		const [inserted] = await insertOrderRow(db, [orderRow]);
		if (!inserted) throw new Error("the order's row was not inserted");
		row = inserted;
		await insertOrderLines(db, lineRows);
		await insertPlacedEvent(db, [eventRow]);
	}
	return toOrder(
		row,
		lines.map((line) => ({ ...line, refunded_quantity: 0 })),
	);
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
	const order = await toOrderOrUndefined(db, row);
	return row && order ? { ...order, user_id: row.user_id } : undefined;
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
	const { deleted_at, ...orderRow } = row;
	const order = await toOrderOrUndefined(db, orderRow);
	return order && { order, isDeleted: deleted_at !== null };
}

export type OrderFilter = {
	userId?: string;
	status?: OrderStatus;
	/** Part of the customer's email, lower case. */
	emailContains?: string;
	/** Only orders changed at or after this time (ISO-8601 UTC as stored); oldest change first. */
	updatedSince?: string;
};

function filteredOrders(db: Db, filter: OrderFilter) {
	let query = db.selectFrom("orders").where("deleted_at", "is", null);
	if (filter.userId !== undefined)
		query = query.where("user_id", "=", filter.userId);
	if (filter.status !== undefined)
		query = query.where("status", "=", filter.status);
	if (filter.updatedSince !== undefined)
		query = query.where("updated_at", ">=", filter.updatedSince);
	if (filter.emailContains) {
		const pattern = `%${filter.emailContains.replace(/[\\%_]/g, "\\$&")}%`;
		query = query.where(
			sql<SqlBool>`lower(orders.email) like ${pattern} escape '\\'`,
		);
	}
	return query;
}

/**
 * Orders newest first, optionally one customer's, of one status, or by email; changed since a
 * time, oldest change first.
 */
export async function findOrdersPage(
	db: Db,
	filter: OrderFilter,
	offset: number,
	limit: number,
): Promise<Order[]> {
	const isSync = filter.updatedSince !== undefined;
	const rows = await filteredOrders(db, filter)
		.select(orderColumns)
		.orderBy(isSync ? "updated_at" : "created_at", isSync ? "asc" : "desc")
		.orderBy("id", isSync ? "asc" : "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return (await toOrders(db, rows)).map(({ order }) => order);
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
	return (await toOrders(db, rows)).map(({ row, order }) => ({
		order,
		paymentIntentId: row.payment_intent_id,
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
	return toOrderOrUndefined(db, row);
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
		order: readDeletedOrder(order_snapshot, payment_provider),
	}));
}

/**
 * An order as kept when it was deleted. Snapshots kept before orders had lines are one-line orders
 * (their tool columns are the line); older snapshots lack the fields added since, which read as
 * an order that never had them.
 */
function readDeletedOrder(
	snapshot: string,
	paymentProvider: string | null,
): Order {
	const order = JSON.parse(snapshot) as Pick<
		Order,
		| "id"
		| "tool_id"
		| "tool_name"
		| "img"
		| "description"
		| "price_cents"
		| "order_quantity"
		| "total_cents"
	> &
		Partial<Order>;
	return {
		refund_id: null,
		fulfilment: { kind: "none" },
		purchase_order: null,
		note: null,
		carrier: null,
		tracking_number: null,
		shipped_at: null,
		ready_at: null,
		completed_at: null,
		dispute_status: null,
		refunded_cents: 0,
		payment_method: "card",
		due_at: null,
		invoices: [],
		email: "",
		user_name: "",
		status: "cancelled",
		payment_id: null,
		created_at: "",
		paid_at: null,
		cancelled_at: null,
		pay_by: null,
		...order,
		updated_at: order.updated_at ?? order.created_at ?? "",
		lines: order.lines ?? [
			{
				refunded_quantity: 0,
				tool_id: order.tool_id,
				tool_name: order.tool_name,
				img: order.img,
				description: order.description,
				price_cents: order.price_cents,
				quantity: order.order_quantity,
				line_total_cents: order.total_cents,
			},
		],
		// Read from the order's row: snapshots kept before test payments were labelled lack it.
		test_payment: isTestPayment(paymentProvider),
	};
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
	const [row] = (await countOpenUnpaid(db, userId, now)).rows;
	return Number(row?.count ?? 0);
}

/** The count of a customer's open unpaid orders, compiled once: it runs with every order. */
const countOpenUnpaid = compiledOnce((db, userId: string, now: string) =>
	// The state is written out, not bound: the databases use the index of open unpaid orders only
	// for a query whose own text says it asks for what that index holds.
	unpaidOrders(db)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("user_id", "=", userId)
		.where((eb) => eb.or([eb("pay_by", "is", null), eb("pay_by", ">", now)])),
);

/** One holder per account; the orders of a removed account, per the email they were placed with. */
const holderKey = sql<string>`coalesce(orders.user_id, orders.email)`;

/** Unpaid orders not deleted: what the index of open unpaid orders holds (see its migration). */
function unpaidOrders(db: Db) {
	return db
		.selectFrom("orders")
		.where("orders.status", "=", sql.lit("unpaid"))
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
			eb.fn.sum<number | string>("orders.pieces").as("pieces"),
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

/** Adds a step to an order's timeline, inside the caller's transaction. */
export async function insertOrderEvent(
	db: Db,
	event: OrderEvent & { order_id: string },
): Promise<void> {
	await db
		.insertInto("order_events")
		.values({ ...event, details: JSON.stringify(event.details) })
		.execute();
}

/** An order's timeline, oldest first. */
export async function findOrderEvents(
	db: Db,
	orderId: string,
): Promise<OrderEvent[]> {
	const rows = await db
		.selectFrom("order_events")
		.select(["at", "kind", "actor", "actor_email", "details"])
		.where("order_id", "=", orderId)
		.orderBy("seq")
		.execute();
	return rows.map((row) => ({
		...row,
		kind: row.kind as OrderEvent["kind"],
		details: JSON.parse(row.details) as OrderEvent["details"],
	}));
}

/** One step of any order's timeline, by its place in the whole timeline (`seq`). */
export type TimelineStep = {
	seq: number;
	order_id: string;
	kind: string;
	at: string;
};

/** The steps of every order's timeline after `afterSeq`, up to `before` (a time), in order. */
export async function findTimelineAfter(
	db: Db,
	afterSeq: number,
	before: string,
	limit: number,
): Promise<TimelineStep[]> {
	const rows = await db
		.selectFrom("order_events")
		.select(["seq", "order_id", "kind", "at"])
		.where("seq", ">", afterSeq)
		.where("at", "<=", before)
		.orderBy("seq")
		.limit(limit)
		.execute();
	return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The place of the last step of every order's timeline so far; 0 when there is none. */
export async function findLastTimelineSeq(db: Db): Promise<number> {
	const row = await db
		.selectFrom("order_events")
		.select((eb) => eb.fn.max("seq").as("last"))
		.executeTakeFirst();
	return Number(row?.last ?? 0);
}

/**
 * Moves a paid order one step on, in one conditional statement: only from `from`, and (for
 * shipping) never while a dispute is open. Returns whether it did.
 */
export async function advanceOrder(
	db: Db,
	id: string,
	from: OrderStatus,
	changes: Partial<OrdersTable> & { status: OrderStatus; updated_at: string },
	options: { unlessDisputed?: boolean } = {},
): Promise<boolean> {
	let query = db
		.updateTable("orders")
		.set(changes)
		.where("id", "=", id)
		.where("status", "=", from)
		.where("deleted_at", "is", null);
	if (options.unlessDisputed)
		query = query.where((eb) =>
			eb.or([
				eb("dispute_status", "is", null),
				eb("dispute_status", "!=", "open"),
			]),
		);
	const result = await query.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** The states in which a paid order can still be refunded. */
export const REFUNDABLE_STATUSES: OrderStatus[] = [
	"paid",
	"shipped",
	"ready_for_collection",
	"delivered",
	"collected",
];

/**
 * Counts `amount` as refunded on the order, as long as it stays refundable and the refunds never
 * pass its total; with lines, counts each line's pieces the same way (never past its quantity).
 * Every statement is conditional: two refunds at once cannot give back the same pieces. Returns
 * whether all of it was counted; the caller's transaction must roll back when not. `at` is when
 * the order changed.
 */
export async function countRefund(
	db: Db,
	orderId: string,
	amountCents: number,
	lines: readonly { tool_id: string; quantity: number }[],
	at: string,
): Promise<boolean> {
	const order = await db
		.updateTable("orders")
		.set((eb) => ({
			refunded_cents: eb("refunded_cents", "+", amountCents),
			updated_at: at,
		}))
		.where("id", "=", orderId)
		.where("status", "in", REFUNDABLE_STATUSES)
		.where("deleted_at", "is", null)
		.where(sql<SqlBool>`refunded_cents + ${amountCents} <= total_cents`)
		.executeTakeFirst();
	if (order.numUpdatedRows !== 1n) return false;
	for (const line of lines) {
		const counted = await db
			.updateTable("order_lines")
			.set((eb) => ({
				refunded_quantity: eb("refunded_quantity", "+", line.quantity),
			}))
			.where("order_id", "=", orderId)
			.where("tool_id", "=", line.tool_id)
			.where(sql<SqlBool>`refunded_quantity + ${line.quantity} <= quantity`)
			.executeTakeFirst();
		if (counted.numUpdatedRows !== 1n) return false;
	}
	return true;
}

/** Takes back what `countRefund` counted, for a refund the provider refused. */
export async function uncountRefund(
	db: Db,
	orderId: string,
	amountCents: number,
	lines: readonly { tool_id: string; quantity: number }[],
	at: string,
): Promise<void> {
	await db
		.updateTable("orders")
		.set((eb) => ({
			refunded_cents: eb("refunded_cents", "-", amountCents),
			updated_at: at,
		}))
		.where("id", "=", orderId)
		.execute();
	for (const line of lines)
		await db
			.updateTable("order_lines")
			.set((eb) => ({
				refunded_quantity: eb("refunded_quantity", "-", line.quantity),
			}))
			.where("order_id", "=", orderId)
			.where("tool_id", "=", line.tool_id)
			.execute();
}

/** Marks the order refunded once everything it cost has been given back. */
export async function markFullyRefunded(
	db: Db,
	orderId: string,
	at: string,
): Promise<boolean> {
	const result = await db
		.updateTable("orders")
		.set({ status: "refunded", updated_at: at })
		.where("id", "=", orderId)
		.where("status", "in", REFUNDABLE_STATUSES)
		.where(sql<SqlBool>`refunded_cents >= total_cents`)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

export type StoredRefund = OrderRefund & {
	order_id: string;
	provider_refund_id: string | null;
};

function toRefund(
	row: Pick<
		OrderRefundsTable,
		| "id"
		| "order_id"
		| "status"
		| "amount_cents"
		| "lines"
		| "reason"
		| "created_at"
		| "provider_refund_id"
	>,
): StoredRefund {
	return {
		...row,
		amount_cents: Number(row.amount_cents),
		lines: JSON.parse(row.lines) as OrderRefund["lines"],
	};
}

const refundColumns = [
	"id",
	"order_id",
	"status",
	"amount_cents",
	"lines",
	"reason",
	"created_at",
	"provider_refund_id",
] as const;

export async function insertRefund(
	db: Db,
	refund: Omit<OrderRefundsTable, "lines" | "settled_at"> & {
		lines: OrderRefund["lines"];
	},
): Promise<void> {
	await db
		.insertInto("order_refunds")
		.values({
			...refund,
			lines: JSON.stringify(refund.lines),
			settled_at: refund.status === "pending" ? null : refund.created_at,
		})
		.execute();
}

export async function findRefund(
	db: Db,
	id: string,
): Promise<StoredRefund | undefined> {
	const row = await db
		.selectFrom("order_refunds")
		.select(refundColumns)
		.where("id", "=", id)
		.executeTakeFirst();
	return row && toRefund(row);
}

export async function findOrderRefunds(
	db: Db,
	orderId: string,
): Promise<StoredRefund[]> {
	const rows = await db
		.selectFrom("order_refunds")
		.select(refundColumns)
		.where("order_id", "=", orderId)
		.orderBy("created_at")
		.orderBy("id")
		.execute();
	return rows.map(toRefund);
}

/** The refunds of every order that are pending since before `before`, oldest first. */
export async function findPendingRefunds(
	db: Db,
	before: string,
	limit: number,
): Promise<StoredRefund[]> {
	const rows = await db
		.selectFrom("order_refunds")
		.select(refundColumns)
		.where("status", "=", "pending")
		.where("created_at", "<", before)
		.orderBy("created_at")
		.limit(limit)
		.execute();
	return rows.map(toRefund);
}

/** Ends a pending refund, once: settled at the provider, or released. */
export async function settleRefundRow(
	db: Db,
	id: string,
	outcome: {
		status: "succeeded" | "failed";
		providerRefundId: string | null;
		at: string;
	},
): Promise<boolean> {
	const result = await db
		.updateTable("order_refunds")
		.set({
			status: outcome.status,
			provider_refund_id: outcome.providerRefundId,
			settled_at: outcome.at,
		})
		.where("id", "=", id)
		.where("status", "=", "pending")
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** Amounts already refunded (or being refunded) of an order, by the provider's refund ids. */
export async function sumRefunds(db: Db, orderId: string): Promise<number> {
	const row = await db
		.selectFrom("order_refunds")
		.select((eb) => eb.fn.sum<number | string>("amount_cents").as("total"))
		.where("order_id", "=", orderId)
		.where("status", "!=", "failed")
		.executeTakeFirstOrThrow();
	return Number(row.total ?? 0);
}

/** Records a dispute's state on the order its payment paid; false when none matches. */
export async function setDisputeStatus(
	db: Db,
	orderId: string,
	status: "open" | "won" | "lost",
	at: string,
): Promise<boolean> {
	const result = await db
		.updateTable("orders")
		.set({ dispute_status: status, disputed_at: at, updated_at: at })
		.where("id", "=", orderId)
		.where((eb) =>
			eb.or([
				eb("dispute_status", "is", null),
				eb("dispute_status", "!=", status),
			]),
		)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** Where an order line stands in the export's order: placed, order id, line position. */
export type ExportedLineKey = {
	created_at: string;
	order_id: string;
	position: number;
};

/** An order line with its order's figures, as the orders CSV writes it. */
export type ExportedOrderLine = ExportedLineKey & {
	paid_at: string | null;
	status: OrderStatus;
	payment_method: "card" | "invoice";
	email: string;
	user_name: string;
	/** The order's invoice number; null until it is invoiced. */
	invoice_number: string | null;
	/** The tool's part number today; null if the line's tool is gone. */
	sku: string | null;
	tool_name: string;
	quantity: number;
	price_cents: number;
	line_total_cents: number;
	total_cents: number;
};

/**
 * Up to `limit` lines of the orders placed from `range.from` (included) to `range.until`
 * (excluded), deleted orders left out, oldest order first, after `after`: a range scan in the
 * order of the orders' placing index, however far into the list.
 */
export async function findOrderLinesForExport(
	db: Db,
	range: { from?: string; until?: string },
	after: ExportedLineKey | undefined,
	limit: number,
): Promise<ExportedOrderLine[]> {
	let query = db
		.selectFrom("orders")
		.innerJoin("order_lines", "order_lines.order_id", "orders.id")
		.leftJoin("invoices", (join) =>
			join
				.onRef("invoices.order_id", "=", "orders.id")
				.on("invoices.kind", "=", "invoice"),
		)
		.leftJoin("tools", "tools.id", "order_lines.tool_id")
		.select([
			"orders.created_at",
			"orders.id as order_id",
			"order_lines.position",
			"orders.paid_at",
			"orders.status",
			"orders.payment_method",
			"orders.email",
			"orders.user_name",
			"invoices.number as invoice_number",
			"tools.sku",
			"order_lines.tool_name",
			"order_lines.quantity",
			"order_lines.price_cents",
			"order_lines.line_total_cents",
			"orders.total_cents",
		])
		.where("orders.deleted_at", "is", null);
	if (range.from !== undefined)
		query = query.where("orders.created_at", ">=", range.from);
	if (range.until !== undefined)
		query = query.where("orders.created_at", "<", range.until);
	if (after)
		query = query.where((eb) =>
			eb(
				eb.refTuple("orders.created_at", "orders.id", "order_lines.position"),
				">",
				eb.tuple(after.created_at, after.order_id, after.position),
			),
		);
	const rows = await query
		.orderBy("orders.created_at")
		.orderBy("orders.id")
		.orderBy("order_lines.position")
		.limit(limit)
		.execute();
	// PostgreSQL returns bigint sums as strings.
	return rows.map((row) => ({
		...row,
		line_total_cents: Number(row.line_total_cents),
		total_cents: Number(row.total_cents),
	}));
}
