import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// Content an admin edits in the dashboard, one row a section (the portfolio's About Me,
// Education, Projects and Technology), its body as JSON. A section without a row shows the
// shop's built-in text.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("content_sections")
		.addColumn("key", "varchar(40)", (col) => col.primaryKey())
		.addColumn("body", "text", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.addColumn("updated_by_email", "varchar(320)", (col) => col.notNull())
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("content_sections").execute();
}
