import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createDb, type Db, type SqliteOptions } from "./database.ts";
import { readAtOnce } from "./read-at-once.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const opened: { db: Db; folder: string }[] = [];

afterEach(async () => {
	for (const { db, folder } of opened.splice(0)) {
		await db.destroy();
		fs.rmSync(folder, { recursive: true, force: true });
	}
});

async function openFileDb(options: SqliteOptions): Promise<Db> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), "read-threads-"));
	const db = createDb(
		{ kind: "sqlite", file: path.join(folder, "shop.sqlite") },
		undefined,
		options,
	);
	opened.push({ db, folder });
	await sql`create table parts (id integer primary key, name text, photo blob)`.execute(
		db,
	);
	return db;
}

/** A read that keeps SQLite busy for a while: it counts to a few million. */
const longRead = (db: Db) =>
	sql<{
		n: number;
	}>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 3000000)
    select count(*) as n from c`.execute(db);

/** The same long read, marked to be read at once on the event loop's own connection. */
const longReadAtOnce = (db: Db) =>
	sql<{
		n: number;
	}>`with recursive c(n) as (select 1 union all select n + 1 from c where n < 3000000)
    select count(*) as n from c ${readAtOnce}`.execute(db);

/** Whether a timer of 5 ms fires before the long read answers: it cannot while SQLite holds the event loop. */
async function timerFiresDuringLongRead(
	db: Db,
	startRead: (db: Db) => Promise<unknown> = longRead,
): Promise<boolean> {
	let hasFired = false;
	const timer = new Promise<void>((resolve) =>
		setTimeout(() => {
			hasFired = true;
			resolve();
		}, 5),
	);
	const read = startRead(db).then(() => hasFired);
	const firedFirst = await read;
	await timer;
	return firedFirst;
}

test.skipIf(isPostgresRun)(
	"once the shop reads steadily on SQLite, a long read no longer holds up the server (other work goes on while it runs), unless it is marked to be read at once",
	async () => {
		const db = await openFileDb({
			readThreads: { threads: 1, readsBeforeStart: 3 },
		});
		// The first reads run on the server's own thread, which the long read keeps busy.
		expect(await timerFiresDuringLongRead(db)).toBe(false);
		for (let read = 0; read < 3; read++)
			await sql`select count(*) from parts`.execute(db);
		// From then on, on a thread of their own.
		expect(await timerFiresDuringLongRead(db)).toBe(true);
		// Except a read marked to be read at once (a lookup by key): it answers on the server's thread.
		expect(await timerFiresDuringLongRead(db, longReadAtOnce)).toBe(false);
		const [answer] = (await longReadAtOnce(db)).rows;
		expect(answer).toEqual({ n: 3000000 });
	},
);

test.skipIf(isPostgresRun)(
	"reads on a thread answer what the same read answers on the server's thread: the committed rows, blobs as bytes, and a commit made just before",
	async () => {
		const db = await openFileDb({
			readThreads: { threads: 2, readsBeforeStart: 0 },
		});
		const photo = Buffer.from([0, 1, 2, 250, 255]);
		await db
			.insertInto("parts" as never)
			.values({ id: 1, name: "Hex key", photo } as never)
			.execute();
		const rows = await sql<{
			id: number;
			name: string;
			photo: Buffer;
		}>`select id, name, photo from parts where id = ${1}`.execute(db);
		expect(rows.rows).toEqual([{ id: 1, name: "Hex key", photo }]);
		expect(Buffer.isBuffer(rows.rows[0]?.photo)).toBe(true);
		// A blob is bound as well as read.
		const byPhoto = await sql<{
			id: number;
		}>`select id from parts where photo = ${photo}`.execute(db);
		expect(byPhoto.rows).toEqual([{ id: 1 }]);
		// Each write is answered after its commit; each read that follows sees it, on either thread.
		for (let id = 2; id <= 40; id++) {
			await sql`insert into parts (id, name) values (${id}, ${`Part ${id}`})`.execute(
				db,
			);
			const [first, second] = await Promise.all([
				sql<{ n: number }>`select count(*) as n from parts`.execute(db),
				sql<{ n: number }>`select max(id) as n from parts`.execute(db),
			]);
			expect(first.rows[0]?.n).toBe(id);
			expect(second.rows[0]?.n).toBe(id);
		}
		// A transaction still reads its own writes.
		await db.transaction().execute(async (trx) => {
			await sql`delete from parts`.execute(trx);
			const inside = await sql<{
				n: number;
			}>`select count(*) as n from parts`.execute(trx);
			expect(inside.rows[0]?.n).toBe(0);
		});
	},
);

test.skipIf(isPostgresRun)(
	"a read on a thread that SQLite refuses fails with SQLite's reason, and the next reads answer",
	async () => {
		const db = await openFileDb({
			readThreads: { threads: 1, readsBeforeStart: 0 },
		});
		await expect(
			sql`select * from no_such_table where id = ${1}`.execute(db),
		).rejects.toThrow("no such table: no_such_table");
		const after = await sql<{
			n: number;
		}>`select count(*) as n from parts`.execute(db);
		expect(after.rows).toEqual([{ n: 0 }]);
	},
);
