import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// Another system keeps in step with the orders and the catalog by asking for what changed since
// its last visit (`updated_since`), oldest change first: an index in that order answers it
// without a scan.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createIndex("orders_updated_at_idx")
		.on("orders")
		.columns(["updated_at", "id"])
		.execute();
	await db.schema
		.createIndex("tools_updated_at_idx")
		.on("tools")
		.columns(["updated_at", "id"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("tools_updated_at_idx").execute();
	await db.schema.dropIndex("orders_updated_at_idx").execute();
}
