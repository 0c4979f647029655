import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// Idempotency-Key for every POST of a signed-in account: one row per account and key, claimed by
// the first request (no status yet) and holding its answer once sent, so a repeat on any instance
// gets the same answer. The fingerprint is a digest of the request, to refuse the key sent with a
// different one. Rows are deleted a day after they were claimed, by a background pass.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("idempotency_keys")
		.addColumn("owner", "text", (col) => col.notNull())
		.addColumn("key", "varchar(100)", (col) => col.notNull())
		.addColumn("fingerprint", "varchar(64)", (col) => col.notNull())
		.addColumn("status_code", "integer")
		.addColumn("content_type", "varchar(200)")
		.addColumn("body", "text")
		.addColumn("started_at", "varchar(30)", (col) => col.notNull())
		.addColumn("expires_at", "varchar(30)", (col) => col.notNull())
		.addPrimaryKeyConstraint("idempotency_keys_pk", ["owner", "key"])
		.execute();
	await db.schema
		.createIndex("idempotency_keys_expires_at_idx")
		.on("idempotency_keys")
		.column("expires_at")
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("idempotency_keys").execute();
}
