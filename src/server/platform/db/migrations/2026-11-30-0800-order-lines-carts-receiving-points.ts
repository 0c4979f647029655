import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Orders get lines: each line copies the tool (name, image, description, unit price) as it was,
// with its quantity and total. Every order placed before becomes a one-line order with the same
// figures; the order's own tool columns stay as its first line's, and `pieces` counts the pieces
// of all its lines (what an unpaid order keeps out of stock). An order also says where the goods
// go (a JSON copy of the address or of the receiving point, null for orders placed from the
// purchase page), and may carry the customer's purchase-order number and a note.
//
// Receiving points are the places where customers collect orders; a deleted one stays as a row
// (orders keep their own copy anyway). Carts of signed-in customers live in cart_lines, one row
// per tool, and go with the account.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("receiving_points")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("name", "varchar(120)", (col) => col.notNull())
		.addColumn("address", "varchar(300)", (col) => col.notNull())
		.addColumn("opening_hours", "varchar(200)", (col) => col.notNull())
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.addColumn("deleted_at", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("receiving_points_name_idx")
		.on("receiving_points")
		.columns(["deleted_at", "name", "id"])
		.execute();

	await db.schema
		.createTable("cart_lines")
		.addColumn("user_id", "text", (col) =>
			col.notNull().references("users.id").onDelete("cascade"),
		)
		.addColumn("tool_id", "varchar(36)", (col) =>
			col.notNull().references("tools.id"),
		)
		.addColumn("quantity", "integer", (col) =>
			col.notNull().check(sql`quantity > 0`),
		)
		.addColumn("added_at", "varchar(30)", (col) => col.notNull())
		.addPrimaryKeyConstraint("cart_lines_pk", ["user_id", "tool_id"])
		.execute();

	await db.schema
		.createTable("order_lines")
		.addColumn("order_id", "varchar(36)", (col) =>
			col.notNull().references("orders.id"),
		)
		.addColumn("position", "integer", (col) => col.notNull())
		.addColumn("tool_id", "varchar(36)", (col) =>
			col.notNull().references("tools.id"),
		)
		.addColumn("tool_name", "varchar(200)", (col) => col.notNull())
		.addColumn("img", "varchar(500)", (col) => col.notNull())
		.addColumn("description", "text", (col) => col.notNull())
		.addColumn("price_cents", "integer", (col) =>
			col.notNull().check(sql`price_cents >= 0`),
		)
		.addColumn("quantity", "integer", (col) =>
			col.notNull().check(sql`quantity > 0`),
		)
		.addColumn("line_total_cents", "bigint", (col) =>
			col.notNull().check(sql`line_total_cents >= 0`),
		)
		.addPrimaryKeyConstraint("order_lines_pk", ["order_id", "position"])
		.execute();
	await db.schema
		.createIndex("order_lines_tool_idx")
		.on("order_lines")
		.column("tool_id")
		.execute();

	await db.schema
		.alterTable("orders")
		.addColumn("pieces", "integer", (col) => col.notNull().defaultTo(0))
		.execute();
	await db.schema
		.alterTable("orders")
		.addColumn("fulfilment", "text")
		.execute();
	await db.schema
		.alterTable("orders")
		.addColumn("purchase_order", "varchar(50)")
		.execute();
	await db.schema.alterTable("orders").addColumn("note", "text").execute();

	await sql`
		insert into order_lines
			(order_id, position, tool_id, tool_name, img, description, price_cents, quantity, line_total_cents)
		select id, 0, tool_id, tool_name, img, description, price_cents, order_quantity, total_cents
		from orders
	`.execute(db);
	await sql`update orders set pieces = order_quantity`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.alterTable("orders").dropColumn("note").execute();
	await db.schema.alterTable("orders").dropColumn("purchase_order").execute();
	await db.schema.alterTable("orders").dropColumn("fulfilment").execute();
	await db.schema.alterTable("orders").dropColumn("pieces").execute();
	await db.schema.dropTable("order_lines").execute();
	await db.schema.dropTable("cart_lines").execute();
	await db.schema.dropTable("receiving_points").execute();
}
