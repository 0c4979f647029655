import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("tools")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("tool_name", "varchar(200)", (col) => col.notNull())
		.addColumn("description", "text", (col) => col.notNull())
		.addColumn("price_cents", "integer", (col) =>
			col.notNull().check(sql`price_cents >= 0`),
		)
		.addColumn("available_quantity", "integer", (col) =>
			col.notNull().check(sql`available_quantity >= 0`),
		)
		.addColumn("minimum_quantity", "integer", (col) =>
			col.notNull().check(sql`minimum_quantity >= 1`),
		)
		.addColumn("img", "varchar(500)", (col) => col.notNull())
		.addColumn("supplier_name", "varchar(200)", (col) => col.notNull())
		.addColumn("supplier_email", "varchar(320)")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.addColumn("deleted_at", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("tools_listing_idx")
		.on("tools")
		.columns(["created_at", "id"])
		.execute();

	await db.schema
		.createTable("reviews")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("user_name", "varchar(200)", (col) => col.notNull())
		.addColumn("email", "varchar(320)")
		.addColumn("photo_url", "varchar(500)")
		.addColumn("user_review", "text", (col) => col.notNull())
		.addColumn("user_rating", "integer", (col) =>
			col.notNull().check(sql`user_rating between 1 and 5`),
		)
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("reviews_created_idx")
		.on("reviews")
		.columns(["created_at", "id"])
		.execute();

	await db.schema
		.createTable("blog_posts")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("slug", "varchar(120)", (col) => col.notNull().unique())
		.addColumn("title", "varchar(200)", (col) => col.notNull())
		.addColumn("excerpt", "text", (col) => col.notNull())
		.addColumn("body", "text", (col) => col.notNull())
		.addColumn("author", "varchar(200)", (col) => col.notNull())
		.addColumn("published_at", "varchar(30)", (col) => col.notNull())
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("blog_posts_published_idx")
		.on("blog_posts")
		.columns(["published_at", "id"])
		.execute();

	await db.schema
		.createTable("faqs")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("position", "integer", (col) => col.notNull())
		.addColumn("question", "text", (col) => col.notNull())
		.addColumn("answer", "text", (col) => col.notNull())
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("faqs").execute();
	await db.schema.dropTable("blog_posts").execute();
	await db.schema.dropTable("reviews").execute();
	await db.schema.dropTable("tools").execute();
}
