import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Shop settings: one row (id 1) with the seller's details that the footer shows and every invoice
// prints: name, legal address (lines separated by "\n"), tax id, contact email, logo (an image
// path) and the currency shown. It starts with the shop's name and nothing else.
//
// Invoices and credit notes: numbered without gaps per year and kind. `invoice_counters` holds the
// last number given out; the number is taken inside the transaction that issues the invoice, so a
// rolled-back payment gives its number back and the row lock makes two payments queue for it.
// An invoice row is written once and never changed or removed (the triggers below refuse both):
// `snapshot` is the JSON of everything the PDF prints, seller and buyer as they were at issue.
// One invoice per order; one credit note per refund. `user_id` has no foreign key on purpose:
// invoices are kept for the books after the account that paid them is removed.
// `currency` is only bounded here: the contract holds the list, so another currency needs no table
// rebuild on SQLite. The two kinds (invoice, credit note) are fixed, and checked.
export async function up(db: Kysely<any>): Promise<void> {
	const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

	await db.schema
		.createTable("shop_settings")
		.addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
		.addColumn("shop_name", "varchar(120)", (col) =>
			col.notNull().check(sql`length(shop_name) between 1 and 120`),
		)
		.addColumn("legal_address", "varchar(400)", (col) =>
			col.notNull().defaultTo("").check(sql`length(legal_address) <= 400`),
		)
		.addColumn("tax_id", "varchar(40)", (col) =>
			col.notNull().defaultTo("").check(sql`length(tax_id) <= 40`),
		)
		.addColumn("contact_email", "varchar(254)", (col) =>
			col.notNull().defaultTo("").check(sql`length(contact_email) <= 254`),
		)
		.addColumn("logo_url", "varchar(500)")
		.addColumn("currency", "varchar(3)", (col) =>
			col.notNull().defaultTo("USD").check(sql`length(currency) = 3`),
		)
		.addColumn("updated_at", "varchar(30)")
		.addColumn("updated_by_email", "varchar(320)")
		.execute();
	await db
		.insertInto("shop_settings")
		.values({ id: 1, shop_name: "Tools Gallery" })
		.execute();

	await db.schema
		.createTable("invoice_counters")
		.addColumn("year", "integer", (col) =>
			col.notNull().check(sql`year between 2000 and 9999`),
		)
		.addColumn("kind", "varchar(20)", (col) =>
			col.notNull().check(sql`kind in ('invoice', 'credit_note')`),
		)
		.addColumn("last_number", "integer", (col) =>
			col.notNull().check(sql`last_number >= 0`),
		)
		.addPrimaryKeyConstraint("invoice_counters_pk", ["year", "kind"])
		.execute();

	await db.schema
		.createTable("invoices")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("number", "varchar(40)", (col) => col.notNull().unique())
		.addColumn("kind", "varchar(20)", (col) =>
			col.notNull().check(sql`kind in ('invoice', 'credit_note')`),
		)
		.addColumn("order_id", "varchar(36)", (col) =>
			col.notNull().references("orders.id"),
		)
		.addColumn("user_id", "varchar(64)")
		// The refund a credit note is for; null for an invoice.
		.addColumn("refund_id", "varchar(200)")
		// The invoice a credit note corrects; null for an invoice.
		.addColumn("corrects_invoice_id", "varchar(36)", (col) =>
			col.references("invoices.id"),
		)
		.addColumn("issued_at", "varchar(30)", (col) => col.notNull())
		.addColumn("total_cents", "bigint", (col) =>
			col.notNull().check(sql`total_cents >= 0`),
		)
		.addColumn("currency", "varchar(3)", (col) =>
			col.notNull().check(sql`length(currency) = 3`),
		)
		// The buyer's email as printed, for the admins' list without reading every snapshot.
		.addColumn("email", "varchar(320)", (col) => col.notNull())
		.addColumn("snapshot", "text", (col) => col.notNull())
		.addCheckConstraint(
			"invoices_credit_note_refund",
			sql`(kind = 'invoice' and refund_id is null and corrects_invoice_id is null) or (kind = 'credit_note' and refund_id is not null and corrects_invoice_id is not null)`,
		)
		.execute();
	// One invoice per order, whatever happens to the payment's retries.
	await db.schema
		.createIndex("invoices_one_per_order")
		.on("invoices")
		.column("order_id")
		.unique()
		.where(sql.ref("kind"), "=", "invoice")
		.execute();
	// One credit note per refund.
	await db.schema
		.createIndex("invoices_one_per_refund")
		.on("invoices")
		.column("refund_id")
		.unique()
		.where(sql.ref("refund_id"), "is not", null)
		.execute();
	// The invoices and credit notes of a page of orders, in the order they were issued.
	await db.schema
		.createIndex("invoices_order_idx")
		.on("invoices")
		.columns(["order_id", "issued_at"])
		.execute();
	// The admins' list, newest first.
	await db.schema
		.createIndex("invoices_issued_idx")
		.on("invoices")
		.columns(["issued_at", "number"])
		.execute();

	if (postgres) {
		await sql`
			create function invoices_are_kept() returns trigger language plpgsql as $$
			begin
				raise exception 'invoices are never changed or removed';
			end
			$$
		`.execute(db);
		await sql`
			create trigger invoices_are_kept before update or delete on invoices
			for each row execute function invoices_are_kept()
		`.execute(db);
	} else {
		await sql`
			create trigger invoices_never_change before update on invoices
			begin select raise(abort, 'invoices are never changed or removed'); end
		`.execute(db);
		await sql`
			create trigger invoices_never_go before delete on invoices
			begin select raise(abort, 'invoices are never changed or removed'); end
		`.execute(db);
	}
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("invoices").execute();
	if (db.getExecutor().adapter instanceof PostgresAdapter)
		await sql`drop function if exists invoices_are_kept()`.execute(db);
	await db.schema.dropTable("invoice_counters").execute();
	await db.schema.dropTable("shop_settings").execute();
}
