import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// The sales dashboard sums orders by the day they were paid and counts them by the day they were
// placed, over up to a year, and joins the paid ones to their lines. Each index holds every
// column its query reads, so the database reads the index alone, never the wide order rows:
// - paid orders by paid_at, with their total, refunds and id (revenue, and the way to the lines);
// - orders not deleted by created_at, with their status (orders per bucket and per status);
// - lines by order, with the tool, pieces and prices (the best sellers).
// Measured by bench/sales-dashboard.ts at 100,000 orders.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createIndex("orders_paid_sales_idx")
		.on("orders")
		.columns(["paid_at", "total_cents", "refunded_cents", "id"])
		.where(sql.ref("paid_at"), "is not", null)
		.execute();
	await db.schema
		.createIndex("orders_placed_sales_idx")
		.on("orders")
		.columns(["created_at", "status"])
		.where(sql.ref("deleted_at"), "is", null)
		.execute();
	await db.schema
		.createIndex("order_lines_sales_idx")
		.on("order_lines")
		.columns([
			"order_id",
			"tool_id",
			"quantity",
			"refunded_quantity",
			"price_cents",
			"line_total_cents",
		])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("order_lines_sales_idx").execute();
	await db.schema.dropIndex("orders_placed_sales_idx").execute();
	await db.schema.dropIndex("orders_paid_sales_idx").execute();
}
