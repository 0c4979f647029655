import { type Kysely, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Imports of the catalog from a CSV file run as jobs (features/catalog-csv): one row per job, so
// every instance can answer how far a job is, whichever instance runs it.
// - `admin_user_id`: the admin who started it; only they see it. Removed with the account.
// - `mode`: 'dry_run' (check and report) or 'apply' (write every row, or none).
// - `status`: 'queued', 'running', 'done' or 'failed'; `processed_rows` of `total_rows` checked.
// - `report`: JSON of the outcome, row by row, once the job ends.
// The partial unique index lets an admin have one job queued or running at a time; the other
// index finds the oldest jobs to clear.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("import_jobs")
		.addColumn("id", "varchar(36)", (col) => col.primaryKey())
		.addColumn("admin_user_id", "text", (col) =>
			col.notNull().references("users.id").onDelete("cascade"),
		)
		.addColumn("mode", "varchar(10)", (col) =>
			col.notNull().check(sql`mode in ('dry_run', 'apply')`),
		)
		.addColumn("status", "varchar(10)", (col) =>
			col
				.notNull()
				.check(sql`status in ('queued', 'running', 'done', 'failed')`),
		)
		.addColumn("total_rows", "integer", (col) =>
			col.notNull().check(sql`total_rows >= 0`),
		)
		.addColumn("processed_rows", "integer", (col) =>
			col.notNull().defaultTo(0).check(sql`processed_rows >= 0`),
		)
		.addColumn("report", "text")
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.addColumn("finished_at", "varchar(30)")
		.execute();
	await sql`create unique index import_jobs_one_open_idx on import_jobs (admin_user_id)
    where status in ('queued', 'running')`.execute(db);
	await db.schema
		.createIndex("import_jobs_created_idx")
		.on("import_jobs")
		.columns(["created_at", "id"])
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("import_jobs").execute();
}
