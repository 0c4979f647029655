import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Requests for a quote: a customer names a tool and a quantity (often beyond the stock), the shop
// answers with a unit price valid until a day, and the customer accepts it as an order, or not.
// - A copy of the customer (email, name) and of the tool (name, part number) as they were, so a
//   removed account or a deleted tool never breaks the list; `user_id` becomes null when the
//   account is removed, as the orders' does.
// - `status` is what was done last; "lapsed" is not stored: an answered quote whose `valid_until`
//   (a day, inclusive, UTC) has passed reads as lapsed, and the accept's conditional update refuses it.
// - An answered or accepted quote has its price and day; an accepted one its order.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("quotes")
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
		.addColumn("sku", "varchar(40)", (col) => col.notNull())
		.addColumn("quantity", "integer", (col) =>
			col.notNull().check(sql`quantity between 1 and 1000000`),
		)
		.addColumn("wanted_price_cents", "integer", (col) =>
			col.check(sql`wanted_price_cents > 0`),
		)
		.addColumn("needed_by", "varchar(10)")
		.addColumn("customer_note", "text", (col) =>
			col.check(sql`length(customer_note) <= 1000`),
		)
		.addColumn("status", "varchar(10)", (col) =>
			col
				.notNull()
				.check(
					sql`status in ('requested', 'answered', 'declined', 'accepted', 'withdrawn')`,
				),
		)
		.addColumn("unit_price_cents", "integer", (col) =>
			col.check(sql`unit_price_cents > 0`),
		)
		.addColumn("valid_until", "varchar(10)")
		.addColumn("admin_note", "text", (col) =>
			col.check(sql`length(admin_note) <= 1000`),
		)
		.addColumn("answered_at", "varchar(30)")
		.addColumn("answered_by_email", "varchar(320)")
		.addColumn("order_id", "varchar(36)", (col) => col.references("orders.id"))
		.addColumn("accepted_at", "varchar(30)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.addCheckConstraint(
			"quotes_answer_check",
			sql`status not in ('answered', 'accepted') or (unit_price_cents is not null and valid_until is not null)`,
		)
		.addCheckConstraint(
			"quotes_order_check",
			sql`status <> 'accepted' or order_id is not null`,
		)
		.execute();
	// The admins' list, newest first, all of them or by status.
	await db.schema
		.createIndex("quotes_created_idx")
		.on("quotes")
		.columns(["created_at", "id"])
		.execute();
	await db.schema
		.createIndex("quotes_status_created_idx")
		.on("quotes")
		.columns(["status", "created_at", "id"])
		.execute();
	// A customer's own list, newest first, and the count of their open requests.
	await db.schema
		.createIndex("quotes_user_created_idx")
		.on("quotes")
		.columns(["user_id", "created_at", "id"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("quotes").execute();
}
