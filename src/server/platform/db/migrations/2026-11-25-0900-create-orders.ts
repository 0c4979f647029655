import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Orders keep a copy of the tool (name, image, description, unit price) and of the customer (email,
// name) as they were when the order was placed, so removing the tool or the account never breaks
// an order. Deleted orders stay as rows with deleted_at; order_deletions is the admins' audit
// trail; payment_events remembers which payment-provider events were already applied.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("orders")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("user_id", "text", (col) =>
			col.references("users.id").onDelete("set null"),
		)
		.addColumn("email", "varchar(320)", (col) => col.notNull())
		.addColumn("user_name", "varchar(200)", (col) => col.notNull())
		.addColumn("tool_id", "varchar(36)", (col) =>
			col.notNull().references("tools.id"),
		)
		.addColumn("tool_name", "varchar(200)", (col) => col.notNull())
		.addColumn("img", "varchar(500)", (col) => col.notNull())
		.addColumn("description", "text", (col) => col.notNull())
		.addColumn("price_cents", "integer", (col) =>
			col.notNull().check(sql`price_cents >= 0`),
		)
		.addColumn("order_quantity", "integer", (col) =>
			col.notNull().check(sql`order_quantity > 0`),
		)
		.addColumn("total_cents", "bigint", (col) =>
			col.notNull().check(sql`total_cents >= 0`),
		)
		.addColumn("status", "varchar(10)", (col) =>
			col.notNull().check(sql`status in ('unpaid', 'paid', 'cancelled')`),
		)
		.addColumn("payment_id", "varchar(200)")
		.addColumn("payment_provider", "varchar(20)")
		.addColumn("payment_intent_id", "varchar(200)")
		.addColumn("idempotency_key", "varchar(100)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.addColumn("paid_at", "varchar(30)")
		.addColumn("cancelled_at", "varchar(30)")
		.addColumn("deleted_at", "varchar(30)")
		.execute();
	// One key, one order, per customer: a retried request finds the order it already placed.
	await db.schema
		.createIndex("orders_idempotency_idx")
		.on("orders")
		.columns(["user_id", "idempotency_key"])
		.unique()
		.execute();
	await db.schema
		.createIndex("orders_user_created_idx")
		.on("orders")
		.columns(["user_id", "created_at", "id"])
		.execute();
	await db.schema
		.createIndex("orders_created_idx")
		.on("orders")
		.columns(["created_at", "id"])
		.execute();
	await db.schema
		.createIndex("orders_status_created_idx")
		.on("orders")
		.columns(["status", "created_at", "id"])
		.execute();
	await db.schema
		.createIndex("orders_payment_intent_idx")
		.on("orders")
		.column("payment_intent_id")
		.execute();
	await db.schema
		.createIndex("orders_tool_idx")
		.on("orders")
		.column("tool_id")
		.execute();

	await db.schema
		.createTable("order_deletions")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("order_id", "varchar(36)", (col) =>
			col.notNull().references("orders.id"),
		)
		.addColumn("deleted_at", "varchar(30)", (col) => col.notNull())
		.addColumn("deleted_by_id", "text")
		.addColumn("deleted_by_email", "varchar(320)", (col) => col.notNull())
		.addColumn("restocked", "integer", (col) => col.notNull())
		// The order as it was, as JSON.
		.addColumn("order_snapshot", "text", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("order_deletions_deleted_idx")
		.on("order_deletions")
		.columns(["deleted_at", "id"])
		.execute();

	await db.schema
		.createTable("payment_events")
		.addColumn("event_id", "varchar(200)", (col) => col.primaryKey())
		.addColumn("type", "varchar(100)", (col) => col.notNull())
		.addColumn("order_id", "varchar(36)")
		.addColumn("received_at", "varchar(30)", (col) => col.notNull())
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("payment_events").execute();
	await db.schema.dropTable("order_deletions").execute();
	await db.schema.dropTable("orders").execute();
}
