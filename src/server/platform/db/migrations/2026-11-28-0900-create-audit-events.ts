import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// The security log: who changed whose role, removed which account, turned two-factor sign-in on
// or off, was refused where, and from which address. Rows are only ever added.
//
// `seq` orders the log: events of the same millisecond keep the order they were written in,
// which a timestamp cannot promise. `id` is the UUID the API shows, like every other id.
// Actor and subject have no foreign keys on purpose: the log outlives the accounts it names,
// and the emails are kept as they were when the event happened.
// `kind` is only bounded here: the closed list of kinds lives in the contract, so a new kind
// needs no table rebuild on SQLite.
export async function up(db: Kysely<any>): Promise<void> {
	const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
	await db.schema
		.createTable("audit_events")
		.addColumn("seq", postgres ? "serial" : "integer", (col) =>
			postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
		)
		.addColumn("id", "varchar(36)", (col) => col.notNull().unique())
		.addColumn("occurred_at", "varchar(30)", (col) => col.notNull())
		.addColumn("kind", "varchar(40)", (col) =>
			col.notNull().check(sql`length(kind) between 1 and 40`),
		)
		.addColumn("actor_user_id", "varchar(64)")
		.addColumn("actor_email", "varchar(320)")
		.addColumn("subject_user_id", "varchar(64)")
		.addColumn("subject_email", "varchar(320)")
		.addColumn("address", "varchar(100)")
		.addColumn("details", "text", (col) =>
			col.notNull().check(sql`length(details) <= 1000`),
		)
		.execute();
	// The log filtered by kind, newest first; the whole log pages along the primary key.
	await db.schema
		.createIndex("audit_events_kind_seq_idx")
		.on("audit_events")
		.columns(["kind", "seq"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("audit_events").execute();
}
