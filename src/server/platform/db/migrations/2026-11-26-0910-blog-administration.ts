import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Posts get a cover picture, a published flag (drafts are seen by admins only; the existing
// posts stay published), and a version for edits. The public list reads published posts only.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.alterTable("blog_posts")
		.addColumn("cover_img", "varchar(500)")
		.execute();
	await db.schema
		.alterTable("blog_posts")
		.addColumn("is_published", "boolean", (col) =>
			col.notNull().defaultTo(true),
		)
		.execute();
	await db.schema
		.alterTable("blog_posts")
		.addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
		.execute();
	await db.schema
		.alterTable("blog_posts")
		.addColumn("updated_at", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("blog_posts_public_idx")
		.on("blog_posts")
		.columns(["published_at", "id"])
		.where(sql.ref("is_published"), "=", sql.lit(true))
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropIndex("blog_posts_public_idx").execute();
	for (const column of ["updated_at", "version", "is_published", "cover_img"])
		await db.schema.alterTable("blog_posts").dropColumn(column).execute();
}
