import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// API keys for other systems (an ERP, an accounting tool), made and revoked by an admin. The
// secret is shown once and kept only as its SHA-256 digest (`key_hash`, unique: a request's key
// is found by it); `prefix` is its first characters, for the admins to tell keys apart. `scopes`
// is a JSON array of what the key may do. A revoked key keeps its row, for the record.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("api_keys")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("name", "varchar(80)", (col) => col.notNull())
		.addColumn("scopes", "text", (col) => col.notNull())
		.addColumn("key_hash", "varchar(64)", (col) => col.notNull().unique())
		.addColumn("prefix", "varchar(16)", (col) => col.notNull())
		.addColumn("created_by", "text", (col) =>
			col.references("users.id").onDelete("set null"),
		)
		.addColumn("created_by_email", "varchar(320)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("last_used_at", "varchar(30)")
		.addColumn("revoked_at", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("api_keys_created_at_idx")
		.on("api_keys")
		.columns(["created_at", "id"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("api_keys").execute();
}
