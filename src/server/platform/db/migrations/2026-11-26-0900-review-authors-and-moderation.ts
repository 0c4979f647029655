import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// A review now belongs to the account that wrote it (one each; the demo reviews have none), is
// removed with that account, and can be hidden by an admin. review_moderations is the admins'
// audit trail: who hid, showed again or deleted which review when, with the review as it was.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.alterTable("reviews")
		.addColumn("user_id", "text", (col) =>
			col.references("users.id").onDelete("cascade"),
		)
		.execute();
	await db.schema
		.alterTable("reviews")
		.addColumn("updated_at", "varchar(30)")
		.execute();
	await db.schema
		.alterTable("reviews")
		.addColumn("hidden_at", "varchar(30)")
		.execute();
	await db.schema
		.createIndex("reviews_user_idx")
		.on("reviews")
		.column("user_id")
		.unique()
		.execute();
	// The public lists: visible reviews, newest first.
	await db.schema
		.createIndex("reviews_visible_created_idx")
		.on("reviews")
		.columns(["created_at", "id"])
		.where(sql.ref("hidden_at"), "is", null)
		.execute();

	await db.schema
		.createTable("review_moderations")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("review_id", "varchar(36)", (col) => col.notNull())
		.addColumn("action", "varchar(10)", (col) =>
			col.notNull().check(sql`action in ('hide', 'show', 'delete')`),
		)
		.addColumn("moderated_at", "varchar(30)", (col) => col.notNull())
		.addColumn("moderated_by_id", "text", (col) =>
			col.references("users.id").onDelete("set null"),
		)
		.addColumn("moderated_by_email", "varchar(320)", (col) => col.notNull())
		.addColumn("review_user_name", "varchar(200)", (col) => col.notNull())
		.addColumn("review_text", "text", (col) => col.notNull())
		.addColumn("review_rating", "integer", (col) => col.notNull())
		.addColumn("review_created_at", "varchar(30)", (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("review_moderations_moderated_idx")
		.on("review_moderations")
		.columns(["moderated_at", "id"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("review_moderations").execute();
	await db.schema.dropIndex("reviews_visible_created_idx").execute();
	await db.schema.dropIndex("reviews_user_idx").execute();
	await db.schema.alterTable("reviews").dropColumn("hidden_at").execute();
	await db.schema.alterTable("reviews").dropColumn("updated_at").execute();
	await db.schema.alterTable("reviews").dropColumn("user_id").execute();
}
