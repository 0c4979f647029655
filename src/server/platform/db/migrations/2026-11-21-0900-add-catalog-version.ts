import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// One row counts changes to the tools table. Triggers bump it inside the writing transaction, so
// every writer (the app, the admin CLI, a manual fix in psql) invalidates the cached catalog on
// every instance, and a reader never sees a version newer than the rows it belongs to.
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("catalog_version")
		.addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
		.addColumn("version", "bigint", (col) => col.notNull())
		.execute();
	await db
		.insertInto("catalog_version")
		.values({ id: 1, version: 1 })
		.execute();

	if (isPostgres(db)) {
		// PostgreSQL: one statement-level trigger through a function.
		await sql`
      create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update catalog_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
		await sql`
      create trigger tools_bump_catalog_version after insert or update or delete or truncate on tools
      for each statement execute function bump_catalog_version()`.execute(db);
		return;
	}
	// SQLite: triggers are per row and cannot share a function (SQLite has no TRUNCATE).
	for (const event of ["insert", "update", "delete"]) {
		await sql
			.raw(
				`create trigger tools_bump_catalog_version_${event} after ${event} on tools
         begin update catalog_version set version = version + 1 where id = 1; end`,
			)
			.execute(db);
	}
}

export async function down(db: Kysely<any>): Promise<void> {
	if (isPostgres(db)) {
		await sql`drop trigger tools_bump_catalog_version on tools`.execute(db);
		await sql`drop function bump_catalog_version()`.execute(db);
	} else {
		for (const event of ["insert", "update", "delete"]) {
			await sql
				.raw(`drop trigger tools_bump_catalog_version_${event}`)
				.execute(db);
		}
	}
	await db.schema.dropTable("catalog_version").execute();
}

function isPostgres(db: Kysely<any>): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter;
}
