import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// The catalog lists only tools that are not deleted, newest first. An index of just those rows,
// in that order, answers a page (and the skip to a deep page) from the index alone.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createIndex("tools_listed_idx")
		.on("tools")
		.columns(["created_at", "id"])
		.where(sql.ref("deleted_at"), "is", null)
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("tools_listed_idx").execute();
}
