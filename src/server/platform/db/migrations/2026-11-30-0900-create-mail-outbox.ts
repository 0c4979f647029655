import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// The mail outbox: every mail the shop sends is first a row here, written in the transaction of
// the change that causes it, so an order and its confirmation are kept or undone together. A
// worker sends the rows, retries a failure later (`send_after`, `attempts`, `last_error`) and
// gives up after a number of attempts (`failed_at`), which admins see. `claimed_until` is the
// lease of the instance sending a row: no other instance takes it until the lease runs out.
//
// Bounds are generous on purpose: the row is written inside someone else's change, and a mail
// refused by a CHECK would undo that change. `last_error` is cut to 500 characters before it is
// written. A row is sent or failed, never both.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("mail_outbox")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("to_address", "varchar(320)", (col) =>
			col.notNull().check(sql`length(to_address) between 1 and 320`),
		)
		.addColumn("subject", "varchar(1000)", (col) =>
			col.notNull().check(sql`length(subject) <= 1000`),
		)
		.addColumn("text_body", "text", (col) => col.notNull())
		.addColumn("html_body", "text")
		.addColumn("link", "text")
		.addColumn("kind", "varchar(40)", (col) =>
			col.notNull().check(sql`length(kind) between 1 and 40`),
		)
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("send_after", "varchar(30)", (col) => col.notNull())
		.addColumn("attempts", "integer", (col) =>
			col.notNull().defaultTo(0).check(sql`attempts >= 0`),
		)
		.addColumn("last_error", "varchar(500)", (col) =>
			col.check(sql`length(last_error) <= 500`),
		)
		.addColumn("sent_at", "varchar(30)")
		.addColumn("failed_at", "varchar(30)")
		.addColumn("claimed_until", "varchar(30)")
		.addCheckConstraint(
			"mail_outbox_sent_or_failed",
			sql`sent_at is null or failed_at is null`,
		)
		.execute();
	// The worker's pick-up: only the rows still to send, soonest first.
	await db.schema
		.createIndex("mail_outbox_due_idx")
		.on("mail_outbox")
		.columns(["send_after", "id"])
		.where(sql.ref("sent_at"), "is", null)
		.where(sql.ref("failed_at"), "is", null)
		.execute();
	// The admin's list, newest first.
	await db.schema
		.createIndex("mail_outbox_created_idx")
		.on("mail_outbox")
		.columns(["created_at", "id"])
		.execute();
	// Sent rows are removed after a while; this finds the old ones without reading the rest.
	await db.schema
		.createIndex("mail_outbox_sent_idx")
		.on("mail_outbox")
		.column("sent_at")
		.where(sql.ref("sent_at"), "is not", null)
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("mail_outbox").execute();
}
