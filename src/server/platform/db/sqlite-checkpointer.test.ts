import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createDb, type Db } from "./database.ts";
import SQLite from "./sqlite-driver.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);
const folders: string[] = [];
const dbs: Db[] = [];

afterEach(async () => {
	for (const db of dbs.splice(0)) await db.destroy();
	for (const folder of folders.splice(0))
		fs.rmSync(folder, { recursive: true, force: true });
});

function openShopFile(): { db: Db; file: string; folder: string } {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), "checkpoints-"));
	folders.push(folder);
	const file = path.join(folder, "shop.sqlite");
	const db = createDb({ kind: "sqlite", file });
	dbs.push(db);
	return { db, file, folder };
}

/**
 * The rows the database file itself holds, without its write-ahead log: what a checkpoint has
 * copied there. Read from a copy of the file alone, which SQLite opens as a database without a log.
 * A copy taken while a checkpoint is writing the file may hold some of its pages and not others;
 * such a copy answers NaN (no count yet), and a later copy is read again.
 */
function rowsInDatabaseFile(file: string, folder: string): number {
	const copy = path.join(folder, `copy-${Date.now()}.sqlite`);
	fs.copyFileSync(file, copy);
	const reader = new SQLite(copy, { readonly: true });
	try {
		return countNotes(reader);
	} catch (error) {
		const { code } = error as { code?: string };
		if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB")
			return Number.NaN;
		throw error;
	} finally {
		reader.close();
		fs.rmSync(copy, { force: true });
	}
}

function countNotes(reader: InstanceType<typeof SQLite>): number {
	const table = reader
		.prepare("select 1 from sqlite_master where name = 'notes'")
		.get();
	if (!table) return 0;
	return (
		reader.prepare("select count(*) as n from notes").get() as { n: number }
	).n;
}

async function writeNotes(db: Db, count: number): Promise<void> {
	await sql`create table notes (id integer primary key, text text not null)`.execute(
		db,
	);
	for (let i = 0; i < count; i++)
		await sql`insert into notes (text) values (${`note ${i}`})`.execute(db);
}

async function waitFor(
	check: () => boolean,
	withinMs: number,
): Promise<boolean> {
	const deadline = Date.now() + withinMs;
	while (Date.now() < deadline) {
		if (check()) return true;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	return check();
}

test.skipIf(isPostgresRun)(
	"once a shop writes steadily on SQLite, what it commits reaches the database file within a moment, long before SQLite's own 1,000-page mark",
	async () => {
		const { db, file, folder } = openShopFile();
		// 200 rows of a few bytes: a few hundred pages of log, under the mark.
		await writeNotes(db, 200);

		expect(
			await waitFor(() => rowsInDatabaseFile(file, folder) === 200, 3_000),
		).toBe(true);
		// Every row is still read through the shop's connections.
		const { rows } = await sql<{
			n: number;
		}>`select count(*) as n from notes`.execute(db);
		expect(rows[0]?.n).toBe(200);
	},
);

test.skipIf(isPostgresRun)(
	"a shop that has written only a few times leaves its checkpoints to SQLite: nothing is copied before the mark",
	async () => {
		const { db, file, folder } = openShopFile();
		await writeNotes(db, 20);
		await new Promise((resolve) => setTimeout(resolve, 400));

		expect(rowsInDatabaseFile(file, folder)).toBe(0);
	},
);
