import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Every order takes stock, and every change to a tool bumped the catalog version, so under orders
// the version moved with each one and every cached list page was thrown away and built again.
// From here the version moves when a tool is added, deleted or changed in anything but its stock;
// the list reads the stock of a page's tools on its own (decision 016).
//
// PostgreSQL compares the row without its stock, so a column added later is covered. SQLite's
// trigger names the columns it watches: the ones tools has now, except the stock. A migration
// that adds a column to tools recreates tools_bump_catalog_version_update with it.
const SHARDS = 256;

const shardOf = (row: string) =>
	`abs((instr('0123456789abcdef', lower(substr(${row}.id, 1, 1))) - 1) * 16 + instr('0123456789abcdef', lower(substr(${row}.id, 2, 1))) - 1) % ${SHARDS}`;

export async function up(db: Kysely<any>): Promise<void> {
	if (db.getExecutor().adapter instanceof PostgresAdapter) {
		await sql`drop trigger tools_bump_catalog_version on tools`.execute(db);
		await sql`
      create trigger tools_bump_catalog_version after insert or delete on tools
      for each row execute function bump_catalog_version_shard()`.execute(db);
		await sql`
      create trigger tools_bump_catalog_version_update after update on tools
      for each row
      when ((to_jsonb(old) - 'available_quantity') is distinct from (to_jsonb(new) - 'available_quantity'))
      execute function bump_catalog_version_shard()`.execute(db);
		return;
	}
	const { rows } = await sql<{
		name: string;
	}>`select name from pragma_table_info('tools')`.execute(db);
	const watched = rows
		.map((row) => row.name)
		.filter((name) => name !== "available_quantity");
	await sql`drop trigger tools_bump_catalog_version_update`.execute(db);
	await sql
		.raw(
			`create trigger tools_bump_catalog_version_update after update of ${watched.map((name) => `"${name}"`).join(", ")} on tools
       begin update catalog_version_shards set version = version + 1 where shard = ${shardOf("new")}; end`,
		)
		.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
	if (db.getExecutor().adapter instanceof PostgresAdapter) {
		await sql`drop trigger tools_bump_catalog_version_update on tools`.execute(
			db,
		);
		await sql`drop trigger tools_bump_catalog_version on tools`.execute(db);
		await sql`
      create trigger tools_bump_catalog_version after insert or update or delete on tools
      for each row execute function bump_catalog_version_shard()`.execute(db);
		return;
	}
	await sql`drop trigger tools_bump_catalog_version_update`.execute(db);
	await sql
		.raw(
			`create trigger tools_bump_catalog_version_update after update on tools
       begin update catalog_version_shards set version = version + 1 where shard = ${shardOf("new")}; end`,
		)
		.execute(db);
}
