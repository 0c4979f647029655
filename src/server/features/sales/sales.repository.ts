import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { OrderStatus } from "../../../shared/orders.schemas.ts";
import type {
	LowStockTool,
	SalesPeriod,
	TopTool,
} from "../../../shared/sales.schemas.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";

/** A timestamp column of orders that figures are grouped by. */
type OrderTimeColumn = "orders.paid_at" | "orders.created_at";

/**
 * The UTC day (YYYY-MM-DD) of a stored timestamp: its first ten characters, as timestamps are
 * ISO-8601 UTC text on both databases (docs/decisions/003-database.md).
 */
function dayOf(column: OrderTimeColumn): RawBuilder<string> {
	return sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/**
 * The first day (YYYY-MM-DD) of the day, week (from Monday) or month a day falls in, worked out
 * by the database; each has its own date functions. The figures are first grouped by day, so
 * this runs once per day with orders (at most some hundreds), not once per order. No bound
 * parameters: GROUP BY repeats the expression, and PostgreSQL only sees two expressions as one
 * when their text is the same.
 */
function bucketOf(
	db: Db,
	period: SalesPeriod,
	day: string,
): RawBuilder<string> {
	const ref = sql.ref(day);
	if (period === "day") return sql<string>`${ref}`;
	if (isPostgres(db)) {
		// A timestamp without zone: date_trunc works in UTC whatever the session's time zone.
		const unit = sql.lit(period);
		return sql<string>`to_char(date_trunc(${unit}, cast(${ref} as timestamp)), 'YYYY-MM-DD')`;
	}
	// Back six days, then on to the next Monday (or stay on it): the Monday of the week.
	if (period === "week")
		return sql<string>`date(${ref}, '-6 days', 'weekday 1')`;
	return sql<string>`date(${ref}, 'start of month')`;
}

/** PostgreSQL answers sums and counts of bigints as text. */
const toNumber = (value: number | string | bigint | null): number =>
	Number(value ?? 0);

export type RevenueRow = {
	start: string;
	revenue_cents: number;
	paid_orders: number;
};

/**
 * Per bucket of the day the orders were paid: how many were paid and what they brought in, less
 * what was refunded of them. A paid order counts whatever became of it since (shipped, refunded,
 * deleted): the money was taken, and its invoice stays.
 */
export async function sumRevenueByBucket(
	db: Db,
	period: SalesPeriod,
	fromAt: string,
	beforeAt: string,
): Promise<RevenueRow[]> {
	const day = dayOf("orders.paid_at");
	const days = db
		.selectFrom("orders")
		.select((eb) => [
			day.as("day"),
			eb.fn
				.sum<number | string>(sql`orders.total_cents - orders.refunded_cents`)
				.as("revenue_cents"),
			eb.fn.countAll<number | string>().as("paid_orders"),
		])
		.where("orders.paid_at", ">=", fromAt)
		.where("orders.paid_at", "<", beforeAt)
		.groupBy(day);
	const bucket = bucketOf(db, period, "days.day");
	const rows = await db
		.selectFrom(days.as("days"))
		.select((eb) => [
			bucket.as("start"),
			eb.fn.sum<number | string>("days.revenue_cents").as("revenue_cents"),
			eb.fn.sum<number | string>("days.paid_orders").as("paid_orders"),
		])
		.groupBy(bucket)
		.execute();
	return rows.map((row) => ({
		start: row.start,
		revenue_cents: toNumber(row.revenue_cents),
		paid_orders: toNumber(row.paid_orders),
	}));
}

export type PlacedRow = { start: string; status: OrderStatus; orders: number };

/**
 * Per bucket of the day they were placed and per status they have now: the orders that are not
 * deleted. One pass gives both the orders of each bucket and those of each status.
 */
export async function countPlacedOrders(
	db: Db,
	period: SalesPeriod,
	fromAt: string,
	beforeAt: string,
): Promise<PlacedRow[]> {
	const day = dayOf("orders.created_at");
	const days = db
		.selectFrom("orders")
		.select((eb) => [
			day.as("day"),
			"orders.status",
			eb.fn.countAll<number | string>().as("orders"),
		])
		.where("orders.created_at", ">=", fromAt)
		.where("orders.created_at", "<", beforeAt)
		.where("orders.deleted_at", "is", null)
		.groupBy([day, "orders.status"]);
	const bucket = bucketOf(db, period, "days.day");
	const rows = await db
		.selectFrom(days.as("days"))
		.select((eb) => [
			bucket.as("start"),
			"days.status",
			eb.fn.sum<number | string>("days.orders").as("orders"),
		])
		.groupBy([bucket, "days.status"])
		.execute();
	return rows.map((row) => ({
		start: row.start,
		status: row.status,
		orders: toNumber(row.orders),
	}));
}

/**
 * The tools whose lines of orders paid in the range brought in the most, refunded pieces left
 * out, named as the catalog names them now (a deleted tool keeps its row and name). Lines are
 * summed by tool first and only the sums meet the tools table: a join per line costs more than
 * the sums.
 */
export async function findTopTools(
	db: Db,
	fromAt: string,
	beforeAt: string,
	limit: number,
): Promise<TopTool[]> {
	const sold = db
		.selectFrom("orders")
		.innerJoin("order_lines", "order_lines.order_id", "orders.id")
		.select([
			"order_lines.tool_id",
			sql<
				number | string
			>`sum(order_lines.quantity - order_lines.refunded_quantity)`.as("pieces"),
			sql<
				number | string
			>`sum(order_lines.line_total_cents - order_lines.refunded_quantity * order_lines.price_cents)`.as(
				"revenue_cents",
			),
		])
		.where("orders.paid_at", ">=", fromAt)
		.where("orders.paid_at", "<", beforeAt)
		.groupBy("order_lines.tool_id");
	const rows = await db
		.selectFrom(sold.as("sold"))
		.innerJoin("tools", "tools.id", "sold.tool_id")
		.select([
			"tools.id as tool_id",
			"tools.tool_name",
			"sold.pieces",
			"sold.revenue_cents",
		])
		.where("sold.pieces", ">", 0)
		.orderBy("sold.revenue_cents", "desc")
		.orderBy("sold.pieces", "desc")
		.orderBy("tools.tool_name")
		.orderBy("tools.id")
		.limit(limit)
		.execute();
	return rows.map((row) => ({
		tool_id: row.tool_id,
		tool_name: row.tool_name,
		pieces: toNumber(row.pieces),
		revenue_cents: toNumber(row.revenue_cents),
	}));
}

function lowStockTools(db: Db) {
	return db
		.selectFrom("tools")
		.where("deleted_at", "is", null)
		.where(sql<SqlBool>`available_quantity < 2 * minimum_quantity`);
}

/** Tools in the catalog with less than twice their minimum order in stock, the lowest stock first. */
export function findLowStockTools(
	db: Db,
	limit: number,
): Promise<LowStockTool[]> {
	return lowStockTools(db)
		.select(["id", "tool_name", "available_quantity", "minimum_quantity"])
		.orderBy("available_quantity")
		.orderBy("tool_name")
		.orderBy("id")
		.limit(limit)
		.execute();
}

export async function countLowStockTools(db: Db): Promise<number> {
	const row = await lowStockTools(db)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return toNumber(row.count);
}
