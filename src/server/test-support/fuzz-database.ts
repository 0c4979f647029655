import { sql } from "kysely";
import type { Db } from "../platform/db/database.ts";

/** Every row of every table, one JSON text per table: equal snapshots mean nothing was written. */
export type DatabaseSnapshot = Record<string, string>;

type Table = { name: string; columns: string[] };

/**
 * The tables a refused request must leave alone: all of them but the security log, which records
 * refused requests on purpose, and the rate-limit counters, which count refused requests too (a
 * client sending bad requests a thousand times uses up its allowance). Binary columns (image bytes) are left out: an image's name is the
 * hash of its bytes. The FTS index on SQLite follows the tools table, so it is left out as well.
 */
const TABLES_CHANGED_BY_REFUSALS = new Set([
	"audit_events",
	"shared_counters",
	// Moved only by the webhooks' dispatcher in the background, never by a request.
	"webhook_cursors",
]);

/**
 * Tables that background work changes while requests come and go: the mail outbox's worker
 * marks rows sent, the webhooks' worker its deliveries tried and their attempts.
 * Only which rows they hold is watched: a refused request must add none.
 */
const TABLES_WATCHED_FOR_ROWS_ONLY = new Set([
	"mail_outbox",
	"webhook_deliveries",
	"webhook_attempts",
]);

async function listSqliteTables(db: Db): Promise<Table[]> {
	const { rows } = await sql<{ name: string; sql: string }>`
		select name, sql from sqlite_master
		where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
		db,
	);
	const virtual = rows
		.filter((row) => /^create virtual/i.test(row.sql))
		.map((row) => row.name);
	const isIndexPart = (name: string) =>
		virtual.some((table) => name === table || name.startsWith(`${table}_`));
	const tables: Table[] = [];
	for (const { name } of rows.filter((row) => !isIndexPart(row.name))) {
		const columns = await sql<{ name: string; type: string }>`
			select name, type from pragma_table_info(${name})`.execute(db);
		tables.push({
			name,
			columns: columns.rows
				.filter((column) => !/blob/i.test(column.type))
				.map((column) => column.name),
		});
	}
	return tables;
}

async function listPostgresTables(db: Db): Promise<Table[]> {
	const { rows } = await sql<{ table_name: string; column_name: string }>`
		select table_name, column_name from information_schema.columns
		where table_schema = current_schema() and table_name not like 'kysely_%'
			and data_type <> 'bytea'
		order by table_name, ordinal_position`.execute(db);
	const tables = new Map<string, string[]>();
	for (const row of rows)
		tables.set(row.table_name, [
			...(tables.get(row.table_name) ?? []),
			row.column_name,
		]);
	return [...tables].map(([name, columns]) => ({ name, columns }));
}

function quote(name: string): string {
	return `"${name.replaceAll('"', '""')}"`;
}

/**
 * SQLite: every row of every watched table as one JSON text per table, in a stable order.
 * PostgreSQL: per table its row count and the newest row version's transaction id, which any
 * committed insert, update or delete moves, and which costs one cheap scan instead of a dump.
 */
function snapshotStatement(tables: Table[], isPostgres: boolean): string {
	const columns = tables.map((table) => {
		const name = quote(table.name);
		const isRowsOnly = TABLES_WATCHED_FOR_ROWS_ONLY.has(table.name);
		if (isPostgres)
			return isRowsOnly
				? `(select count(*) || ':' || coalesce(md5(string_agg(id, ',' order by id)), '') from ${name}) as ${name}`
				: `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${name}) as ${name}`;
		const row = (isRowsOnly ? ["id"] : table.columns).map(quote).join(", ");
		return `(select json_group_array(json(r)) from (select json_array(${row}) as r from ${name} order by r)) as ${name}`;
	});
	return `select ${columns.join(", ")}`;
}

/**
 * Reads what the watched tables hold, in one round trip. On SQLite every write of the app goes
 * through its one writer connection, whose count of changed rows (`total_changes()`, read inside a
 * transaction so that it runs on the writer) says for free whether anything was written since the
 * last read: the tables are only read again when it moved.
 */
export async function createDatabaseSnapshotter(
	db: Db,
	isPostgres: boolean,
): Promise<() => Promise<DatabaseSnapshot>> {
	const tables = (
		isPostgres ? await listPostgresTables(db) : await listSqliteTables(db)
	).filter((table) => !TABLES_CHANGED_BY_REFUSALS.has(table.name));
	const statement = sql.raw<DatabaseSnapshot>(
		snapshotStatement(tables, isPostgres),
	);
	const readTables = async () => {
		const { rows } = await statement.execute(db);
		const [snapshot] = rows;
		if (!snapshot) throw new Error("the snapshot read no row");
		return snapshot;
	};
	if (isPostgres) return readTables;
	let last: { changes: number; snapshot: DatabaseSnapshot } | undefined;
	return async () => {
		const changes = await db.transaction().execute(async (trx) => {
			const { rows } = await sql<{
				changes: number;
			}>`select total_changes() as changes`.execute(trx);
			return rows[0]?.changes ?? -1;
		});
		if (last?.changes !== changes)
			last = { changes, snapshot: await readTables() };
		return last.snapshot;
	};
}

/** The tables whose rows differ between two snapshots. */
export function listChangedTables(
	before: DatabaseSnapshot,
	after: DatabaseSnapshot,
): string[] {
	return Object.keys(after).filter((table) => before[table] !== after[table]);
}
