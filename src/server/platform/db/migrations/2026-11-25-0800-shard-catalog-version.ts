import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// The catalog version moves from one row to 256: a change to a tool bumps the shard its id falls
// in, so orders for different tools no longer wait on one row, and a reader sums the shards
// (the sum of counters that only grow changes whenever any of them does).
const SHARDS = 256;

export async function up(db: Kysely<any>): Promise<void> {
	const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
	if (postgres) {
		await sql`drop trigger tools_bump_catalog_version on tools`.execute(db);
		await sql`drop function bump_catalog_version()`.execute(db);
	} else {
		for (const event of ["insert", "update", "delete"])
			await sql
				.raw(`drop trigger tools_bump_catalog_version_${event}`)
				.execute(db);
	}
	const current = await db
		.selectFrom("catalog_version")
		.select("version")
		.executeTakeFirst();
	await db.schema.dropTable("catalog_version").execute();

	await db.schema
		.createTable("catalog_version_shards")
		.addColumn("shard", "integer", (col) =>
			col.primaryKey().check(sql`shard >= 0 and shard < ${sql.lit(SHARDS)}`),
		)
		.addColumn("version", "bigint", (col) => col.notNull())
		.execute();
	// The old version lives on in shard 0, so the sum never goes back.
	await db
		.insertInto("catalog_version_shards")
		.values(
			Array.from({ length: SHARDS }, (_, shard) => ({
				shard,
				version: shard === 0 ? Number(current?.version ?? 1) : 0,
			})),
		)
		.execute();

	if (postgres) {
		await sql`
      create function bump_catalog_version_shard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          update catalog_version_shards set version = version + 1 where shard = 0;
          return null;
        end if;
        update catalog_version_shards set version = version + 1
          where shard = (hashtext(case when tg_op = 'DELETE' then old.id else new.id end) & 255);
        return null;
      end $$`.execute(db);
		await sql`
      create trigger tools_bump_catalog_version after insert or update or delete on tools
      for each row execute function bump_catalog_version_shard()`.execute(db);
		await sql`
      create trigger tools_bump_catalog_version_truncate after truncate on tools
      for each statement execute function bump_catalog_version_shard()`.execute(
			db,
		);
		return;
	}
	// SQLite: the shard is the first two hex digits of the id (any other character still lands
	// on some shard: abs(...) % 256 is never out of range).
	const shardOf = (row: string) =>
		`abs((instr('0123456789abcdef', lower(substr(${row}.id, 1, 1))) - 1) * 16 + instr('0123456789abcdef', lower(substr(${row}.id, 2, 1))) - 1) % ${SHARDS}`;
	for (const [event, row] of [
		["insert", "new"],
		["update", "new"],
		["delete", "old"],
	] as const) {
		await sql
			.raw(
				`create trigger tools_bump_catalog_version_${event} after ${event} on tools
         begin update catalog_version_shards set version = version + 1 where shard = ${shardOf(row)}; end`,
			)
			.execute(db);
	}
}

export async function down(db: Kysely<any>): Promise<void> {
	const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
	if (postgres) {
		await sql`drop trigger tools_bump_catalog_version on tools`.execute(db);
		await sql`drop trigger tools_bump_catalog_version_truncate on tools`.execute(
			db,
		);
		await sql`drop function bump_catalog_version_shard()`.execute(db);
	} else {
		for (const event of ["insert", "update", "delete"])
			await sql
				.raw(`drop trigger tools_bump_catalog_version_${event}`)
				.execute(db);
	}
	const total = await db
		.selectFrom("catalog_version_shards")
		.select((eb) => eb.fn.sum<number | string>("version").as("version"))
		.executeTakeFirst();
	await db.schema.dropTable("catalog_version_shards").execute();
	// Back to the one row of 2026-11-21-0900-add-catalog-version, with its triggers.
	await db.schema
		.createTable("catalog_version")
		.addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
		.addColumn("version", "bigint", (col) => col.notNull())
		.execute();
	await db
		.insertInto("catalog_version")
		.values({ id: 1, version: Number(total?.version ?? 1) })
		.execute();
	const bump = "update catalog_version set version = version + 1 where id = 1";
	if (postgres) {
		await sql
			.raw(
				`create function bump_catalog_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
			)
			.execute(db);
		await sql`create trigger tools_bump_catalog_version after insert or update or delete or truncate on tools
      for each statement execute function bump_catalog_version()`.execute(db);
		return;
	}
	for (const event of ["insert", "update", "delete"])
		await sql
			.raw(
				`create trigger tools_bump_catalog_version_${event} after ${event} on tools begin ${bump}; end`,
			)
			.execute(db);
}
