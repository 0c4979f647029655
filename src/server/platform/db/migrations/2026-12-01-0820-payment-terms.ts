import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Pay by invoice for approved business accounts:
// - `payment_terms`: one row per approved customer: net days to pay (14, 30 or 60) and a credit
//   limit in cents, with who approved it and when. Removed with the account.
// - Orders say how they are paid: `payment_method` 'card' (paid in My Orders, expiring unpaid) or
//   'invoice' (accepted unpaid, invoiced at once, never expiring, due at `due_at`). The partial
//   index lists the invoices still owed, by due date, for the overdue list and the credit check.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("payment_terms")
		.addColumn("user_id", "text", (col) =>
			col.primaryKey().references("users.id").onDelete("cascade"),
		)
		.addColumn("net_days", "integer", (col) =>
			col.notNull().check(sql`net_days in (14, 30, 60)`),
		)
		.addColumn("credit_limit_cents", "bigint", (col) =>
			col.notNull().check(sql`credit_limit_cents between 0 and 100000000000`),
		)
		.addColumn("approved_at", "varchar(30)", (col) => col.notNull())
		.addColumn("approved_by_email", "varchar(320)", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("payment_terms_approved_idx")
		.on("payment_terms")
		.columns(["approved_at desc", "user_id desc"])
		.execute();

	await db.schema
		.alterTable("orders")
		.addColumn("payment_method", "varchar(20)", (col) =>
			col
				.notNull()
				.defaultTo("card")
				.check(sql`payment_method in ('card', 'invoice')`),
		)
		.execute();
	await db.schema
		.alterTable("orders")
		.addColumn("due_at", "varchar(30)")
		.execute();
	await sql`create index orders_invoices_owed_idx on orders (user_id, due_at)
    where payment_method = 'invoice' and status = 'unpaid' and deleted_at is null`.execute(
		db,
	);
	await sql`create index orders_invoices_due_idx on orders (due_at, id)
    where payment_method = 'invoice' and status = 'unpaid' and deleted_at is null`.execute(
		db,
	);
}

export async function down(db: Kysely<any>): Promise<void> {
	await sql`drop index orders_invoices_due_idx`.execute(db);
	await sql`drop index orders_invoices_owed_idx`.execute(db);
	await db.schema.alterTable("orders").dropColumn("due_at").execute();
	await db.schema.alterTable("orders").dropColumn("payment_method").execute();
	await db.schema.dropTable("payment_terms").execute();
}
