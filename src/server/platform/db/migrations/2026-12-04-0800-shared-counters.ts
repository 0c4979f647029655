import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Rate limits and quotas counted in the database, so that every instance of the shop sharing it
// counts the same requests. A row is one fixed window of one counter: its key is a digest (the
// counted thing can be an email address and a client address, which the table must not keep), the
// count so far and the end of the window in milliseconds since the epoch. Rows of windows that are
// over are deleted by a background pass. PostgreSQL keeps the table unlogged: counters are not
// worth a write-ahead log entry each, and losing them in a crash only restarts their windows.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("shared_counters")
		.$call((table) =>
			isPostgres(db) ? table.modifyFront(sql`unlogged`) : table,
		)
		.addColumn("key", "varchar(64)", (col) => col.primaryKey())
		.addColumn("count", "bigint", (col) => col.notNull())
		.addColumn("reset_at", "bigint", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("shared_counters_reset_at_idx")
		.on("shared_counters")
		.column("reset_at")
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("shared_counters").execute();
}

function isPostgres(db: Kysely<any>): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter;
}
