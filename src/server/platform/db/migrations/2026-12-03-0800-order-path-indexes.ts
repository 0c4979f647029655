import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Every order writes a row into each index of orders, and every order counts its customer's open
// unpaid orders (the limit on them). So:
// - the count reads one index alone: open unpaid orders (unpaid, not deleted) by customer and
//   time to pay, where the index it replaces held every order by customer and state and sent the
//   count to each order's row for its deleted_at (the state and deleted_at are in the index too:
//   SQLite reads the row for a column the query names unless the index holds it);
// - orders_tool_idx goes: no query finds orders by their first line's tool (lines have their own
//   index), and tools are never deleted, only marked so, so no foreign-key check needs it either.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createIndex("orders_open_unpaid_idx")
		.on("orders")
		.columns(["user_id", "pay_by", "status", "deleted_at"])
		.where(sql<boolean>`status = 'unpaid' and deleted_at is null`)
		.execute();
	await db.schema.dropIndex("orders_user_status_idx").execute();
	await db.schema.dropIndex("orders_tool_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema
		.createIndex("orders_tool_idx")
		.on("orders")
		.column("tool_id")
		.execute();
	await db.schema
		.createIndex("orders_user_status_idx")
		.on("orders")
		.columns(["user_id", "status", "pay_by"])
		.execute();
	await db.schema.dropIndex("orders_open_unpaid_idx").execute();
}
