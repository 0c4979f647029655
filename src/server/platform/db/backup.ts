import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { DatabaseConfig } from "../../config.ts";
import { knownMigrationNames } from "./migrate.ts";
import SQLite from "./sqlite-driver.ts";

const run = promisify(execFile);

/** A backup that cannot be made or restored, for a reason the message gives in full. */
export class BackupRefusal extends Error {}

export type BackupMade = {
	file: string;
	database: DatabaseConfig["kind"];
	/** The last migration the backed-up database had: the version of the shop it restores into. */
	schema: string;
	bytes: number;
};

/** The migrations table Kysely keeps: which migrations a database has had. */
const MIGRATIONS_TABLE = "kysely_migration";

/**
 * Pages copied in one step of SQLite's backup after the first: all of them. A backup copied a few
 * pages at a time starts again whenever the shop commits between two steps, so under a steady
 * stream of orders it would never end; in one step it reads one snapshot, which in WAL mode
 * holds no writer back.
 */
const ALL_PAGES = 2 ** 30;

const SQLITE_HEADER = "SQLite format 3\u0000";
const PG_DUMP_HEADER = "PGDMP";

/**
 * Backs the shop's database up into `folder` as one file named by the time: a snapshot of every
 * commit made before it started, taken while the shop keeps serving. SQLite: the online backup
 * API, from a connection of its own. PostgreSQL: `pg_dump` in its custom format.
 */
export async function backUpDatabase(
	database: DatabaseConfig,
	folder: string,
	now: Date = new Date(),
): Promise<BackupMade> {
	fs.mkdirSync(folder, { recursive: true });
	const stamp = now.toISOString().replace(/[:.]/g, "-");
	if (database.kind === "sqlite") {
		if (!fs.existsSync(database.file))
			throw new BackupRefusal(
				`There is no database to back up at ${database.file}: check DATA_DIR`,
			);
		const file = path.join(folder, `tools-gallery-${stamp}.sqlite`);
		const source = new SQLite(database.file, {
			readonly: true,
			fileMustExist: true,
		});
		try {
			await source.backup(file, { progress: () => ALL_PAGES });
		} finally {
			source.close();
		}
		// One self-contained file: the copy leaves WAL mode (the shop turns it on again when it
		// opens a restored database), so reading it never leaves -wal and -shm files beside it.
		const copy = new SQLite(file, { fileMustExist: true });
		try {
			copy.pragma("journal_mode = DELETE");
		} finally {
			copy.close();
		}
		const schema = lastMigration(readSqliteMigrations(file), file);
		return { file, database: "sqlite", schema, bytes: fs.statSync(file).size };
	}
	const file = path.join(folder, `tools-gallery-${stamp}.pgdump`);
	await pgTool(
		"pg_dump",
		["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`],
		database.url,
	);
	const schema = lastMigration(await readPgDumpMigrations(file), file);
	return { file, database: "postgres", schema, bytes: fs.statSync(file).size };
}

export type BackupRestored = {
	database: DatabaseConfig["kind"];
	schema: string;
};

/**
 * Restores a backup made by `backUpDatabase` into an empty database: DATA_DIR without a database
 * file, or an empty PostgreSQL database. Refused, with nothing changed, when the target already
 * holds a database, when the file is not a backup of this shop for that kind of database, and when
 * it comes from a newer version of the shop (a migration this version does not know). An older
 * backup restores as it is; the shop's start-up applies the migrations it lacks.
 */
export async function restoreDatabase(
	database: DatabaseConfig,
	file: string,
): Promise<BackupRestored> {
	const kind = backupKind(file);
	if (kind !== database.kind)
		throw new BackupRefusal(
			`${file} is a ${describeKind(kind)} backup, but the shop is set up for ${describeKind(database.kind)} (${database.kind === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is not set"}): restore it into a shop of the same kind`,
		);
	if (database.kind === "sqlite") {
		const target = database.file;
		const leftovers = [target, `${target}-wal`, `${target}-shm`].filter(
			(candidate) => fs.existsSync(candidate),
		);
		if (leftovers.length > 0)
			throw new BackupRefusal(
				`The data folder already holds a database (${leftovers.join(", ")}): restore into an empty DATA_DIR, or stop the shop and move those files away first`,
			);
		const checked = new SQLite(file, { readonly: true, fileMustExist: true });
		let check: unknown;
		try {
			check = checked.pragma("quick_check", { simple: true });
		} finally {
			checked.close();
		}
		if (check !== "ok")
			throw new BackupRefusal(
				`${file} is damaged (SQLite's check says: ${String(check)}): restore another backup`,
			);
		const schema = refuseNewerSchema(readSqliteMigrations(file), file);
		fs.mkdirSync(path.dirname(target), { recursive: true });
		// Whole or not at all: a copy beside the target, flushed to disk, then one rename.
		const partial = `${target}.restoring`;
		fs.copyFileSync(file, partial);
		flushToDisk(partial);
		fs.renameSync(partial, target);
		flushToDisk(path.dirname(target));
		return { database: "sqlite", schema };
	}
	if (await hasTables(database.url))
		throw new BackupRefusal(
			"The database at DATABASE_URL already holds tables: restore into a new, empty database (for example `createdb tools_gallery_restored`) and point DATABASE_URL at it",
		);
	const schema = refuseNewerSchema(await readPgDumpMigrations(file), file);
	await pgTool(
		"pg_restore",
		[
			"--no-owner",
			"--no-privileges",
			"--exit-on-error",
			"--single-transaction",
			file,
		],
		database.url,
	);
	return { database: "postgres", schema };
}

/** Waits until what was written to a file, or to a folder's list of names, is on the disk. */
function flushToDisk(file: string): void {
	const descriptor = fs.openSync(file, "r");
	try {
		fs.fsyncSync(descriptor);
	} finally {
		fs.closeSync(descriptor);
	}
}

function describeKind(kind: DatabaseConfig["kind"]): string {
	return kind === "sqlite" ? "SQLite" : "PostgreSQL";
}

/** What kind of backup a file is, by its first bytes. */
function backupKind(file: string): DatabaseConfig["kind"] {
	let head: Buffer;
	try {
		const descriptor = fs.openSync(file, "r");
		try {
			head = Buffer.alloc(SQLITE_HEADER.length);
			fs.readSync(descriptor, head, 0, head.length, 0);
		} finally {
			fs.closeSync(descriptor);
		}
	} catch (error) {
		throw new BackupRefusal(
			`Cannot read the backup ${file} (${(error as Error).message})`,
		);
	}
	if (head.toString("latin1") === SQLITE_HEADER) return "sqlite";
	if (head.toString("latin1", 0, PG_DUMP_HEADER.length) === PG_DUMP_HEADER)
		return "postgres";
	throw new BackupRefusal(
		`${file} is not a backup made by \`npm run backup\` (neither a SQLite database nor a pg_dump archive)`,
	);
}

function readSqliteMigrations(file: string): string[] {
	const backup = new SQLite(file, { readonly: true, fileMustExist: true });
	try {
		const table = backup
			.prepare("select 1 from sqlite_master where type = 'table' and name = ?")
			.get(MIGRATIONS_TABLE);
		if (!table) return [];
		return backup
			.prepare(`select name from ${MIGRATIONS_TABLE} order by name`)
			.pluck()
			.all() as string[];
	} finally {
		backup.close();
	}
}

/** The migrations recorded in a pg_dump archive, read from its data without restoring it. */
async function readPgDumpMigrations(file: string): Promise<string[]> {
	const { stdout } = await pgTool(
		"pg_restore",
		["--data-only", `--table=${MIGRATIONS_TABLE}`, "--file=-", file],
		undefined,
	);
	// The table's rows come as a COPY block: one tab-separated row a line, ended by "\.".
	const lines = stdout.split("\n");
	const start = lines.findIndex((line) =>
		line.startsWith(`COPY public.${MIGRATIONS_TABLE} `),
	);
	if (start < 0) return [];
	const names: string[] = [];
	for (const line of lines.slice(start + 1)) {
		if (line === "\\.") break;
		const [name] = line.split("\t");
		if (name) names.push(name);
	}
	return names.sort();
}

function lastMigration(names: string[], file: string): string {
	const last = names.at(-1);
	if (!last)
		throw new BackupRefusal(
			`${file} holds no shop database (it records no migration)`,
		);
	return last;
}

function refuseNewerSchema(names: string[], file: string): string {
	const schema = lastMigration(names, file);
	const known = new Set(knownMigrationNames());
	const unknown = names.filter((name) => !known.has(name));
	if (unknown.length > 0)
		throw new BackupRefusal(
			`This backup comes from a newer version of the shop: its database has the migration ${unknown.join(", ")}, which this version does not know. Restore it with the version that made it, or a newer one`,
		);
	return schema;
}

async function hasTables(url: string): Promise<boolean> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		const { rows } = await client.query<{ count: string }>(
			"select count(*) as count from information_schema.tables where table_schema = 'public'",
		);
		return Number(rows[0]?.count ?? 0) > 0;
	} finally {
		await client.end();
	}
}

/**
 * Runs one of PostgreSQL's client tools against `url` (when given). The password goes in the
 * environment, never on the command line where other users of the machine could read it.
 */
async function pgTool(
	tool: "pg_dump" | "pg_restore",
	args: string[],
	url: string | undefined,
): Promise<{ stdout: string }> {
	const env = { ...process.env };
	const connection: string[] = [];
	if (url) {
		const target = new URL(url);
		if (target.password) env.PGPASSWORD = decodeURIComponent(target.password);
		target.password = "";
		connection.push(`--dbname=${target.toString()}`);
	}
	try {
		const { stdout } = await run(tool, [...connection, ...args], {
			env,
			maxBuffer: 64 * 1024 * 1024,
		});
		return { stdout };
	} catch (error) {
		const { code, stderr } = error as { code?: unknown; stderr?: string };
		if (code === "ENOENT")
			throw new BackupRefusal(
				`${tool} was not found: install PostgreSQL's client tools (on Debian: apt-get install postgresql-client), of the server's major version or newer`,
			);
		throw new BackupRefusal(
			`${tool} failed: ${(stderr ?? String(error)).trim().split("\n").slice(-3).join(" ")}`,
		);
	}
}
