import fs from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { expect, test, vi } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { createDb } from "./database.ts";
import SQLite from "./sqlite-driver.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

test.skipIf(isPostgresRun)(
	"SQLite runs in WAL mode, its commits flushed by the shop (synchronous=NORMAL), with foreign keys and a busy timeout",
	async () => {
		const t = await createTestApp();
		// Inside a transaction: on the connection that writes.
		const pragma = (
			name: "journal_mode" | "synchronous" | "foreign_keys" | "busy_timeout",
		) =>
			t.db.transaction().execute(async (trx) => {
				const { rows } = await sql<
					Record<string, unknown>
				>`select * from ${sql.raw(`pragma_${name}`)}`.execute(trx);
				return Object.values(rows[0] ?? {})[0];
			});
		expect(await pragma("journal_mode")).toBe("wal");
		// NORMAL: the commit is written to the log; the flush is the shop's, off the event loop.
		expect(await pragma("synchronous")).toBe(1);
		expect(await pragma("foreign_keys")).toBe(1);
		expect(await pragma("busy_timeout")).toBe(5000);
	},
);

test.skipIf(isPostgresRun)(
	"on SQLite a read outside a transaction does not wait for a write transaction, sees only what is committed, and sees a commit at once",
	async () => {
		const t = await createTestApp();
		const countSettings = async () =>
			Number(
				(
					await t.db
						.selectFrom("shop_settings")
						.select((eb) => eb.fn.countAll().as("n"))
						.executeTakeFirstOrThrow()
				).n,
			);
		const before = await countSettings();
		expect(before).toBeGreaterThan(0);
		let finishWrite = () => {};
		const writeHeld = new Promise<void>((resolve) => {
			finishWrite = resolve;
		});
		let inserted!: () => void;
		const hasInserted = new Promise<void>((resolve) => {
			inserted = resolve;
		});
		const write = t.db.transaction().execute(async (trx) => {
			await trx.deleteFrom("shop_settings").execute();
			inserted();
			await writeHeld;
		});
		await hasInserted;
		// The transaction is open and holds the writer: the read answers now, from the last commit.
		expect(await countSettings()).toBe(before);
		// A write outside the transaction waits its turn.
		let laterWriteDone = false;
		const laterWrite = sql`delete from shop_settings`.execute(t.db).then(() => {
			laterWriteDone = true;
		});
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(laterWriteDone).toBe(false);
		finishWrite();
		await write;
		expect(await countSettings()).toBe(0);
		await laterWrite;
	},
);

test.skipIf(isPostgresRun)(
	"on SQLite a write is acknowledged only once the log holding its commit is flushed, and the next write runs meanwhile",
	async () => {
		const t = await createTestApp();
		if (t.config.database.kind !== "sqlite")
			throw new Error("expected a SQLite test database");
		// A connection of the test's own tells what is committed when each flush of the log begins.
		const probe = new SQLite(t.config.database.file, { readonly: true });
		const committedName = () =>
			(
				probe.prepare("select shop_name from shop_settings").get() as {
					shop_name: string;
				}
			).shop_name;
		// The flushes of the log are held until the test lets them finish.
		const flushes: { committedName: string; finish: () => void }[] = [];
		const fdatasync = fs.fdatasync;
		vi.spyOn(fs, "fdatasync").mockImplementation(((
			descriptor: number,
			done: (error: NodeJS.ErrnoException | null) => void,
		) => {
			const seen = committedName();
			fdatasync(descriptor, (error) => {
				let isFinished = false;
				flushes.push({
					committedName: seen,
					finish: () => {
						if (isFinished) return;
						isFinished = true;
						done(error);
					},
				});
			});
		}) as typeof fs.fdatasync);
		try {
			let firstAcknowledged = false;
			const first = t.db
				.transaction()
				.execute((trx) =>
					trx
						.updateTable("shop_settings")
						.set({ shop_name: "First" })
						.execute(),
				)
				.then(() => {
					firstAcknowledged = true;
				});
			await expect.poll(() => flushes.length).toBe(1);
			// The flush began after the commit; the write waits for it.
			expect(flushes[0]?.committedName).toBe("First");
			await new Promise((resolve) => setTimeout(resolve, 20));
			expect(firstAcknowledged).toBe(false);

			// The writer is free: the next write commits during the first one's flush, and waits for
			// a flush that begins after its own commit.
			let secondAcknowledged = false;
			const second = sql`update shop_settings set shop_name = ${"Second"}`
				.execute(t.db)
				.then(() => {
					secondAcknowledged = true;
				});
			await expect.poll(committedName).toBe("Second");
			expect(flushes).toHaveLength(1);
			flushes[0]?.finish();
			await first;
			expect(secondAcknowledged).toBe(false);
			await expect.poll(() => flushes.length).toBe(2);
			expect(flushes[1]?.committedName).toBe("Second");
			flushes[1]?.finish();
			await second;
			expect(secondAcknowledged).toBe(true);
		} finally {
			// Nothing stays held for the shop's close, whatever failed above.
			vi.restoreAllMocks();
			for (const flush of flushes) flush.finish();
			probe.close();
		}
	},
);

test.skipIf(isPostgresRun)(
	"on SQLite a write whose flush fails is reported as failed, and the next writes go on",
	async () => {
		const t = await createTestApp();
		const fdatasync = fs.fdatasync;
		let failures = 1;
		vi.spyOn(fs, "fdatasync").mockImplementation(((
			descriptor: number,
			done: (error: NodeJS.ErrnoException | null) => void,
		) => {
			if (failures-- > 0)
				return done(
					Object.assign(new Error("EIO: i/o error, fdatasync"), {
						code: "EIO",
					}),
				);
			fdatasync(descriptor, done);
		}) as typeof fs.fdatasync);
		try {
			const rename = (name: string) =>
				t.db
					.transaction()
					.execute((trx) =>
						trx.updateTable("shop_settings").set({ shop_name: name }).execute(),
					);
			await expect(rename("Unflushed")).rejects.toThrow("EIO");
			await rename("Flushed");
			await sql`update shop_settings set shop_name = ${"Flushed again"}`.execute(
				t.db,
			);
			const { shop_name } = await t.db
				.selectFrom("shop_settings")
				.select("shop_name")
				.executeTakeFirstOrThrow();
			expect(shop_name).toBe("Flushed again");
		} finally {
			vi.restoreAllMocks();
		}
	},
);

test.skipIf(!isPostgresRun)(
	"on PostgreSQL, losing connections, idle or lent out between queries, does not stop the server",
	async () => {
		const t = await createTestApp();
		const { database } = t.config;
		if (database.kind !== "postgres")
			throw new Error("expected a PostgreSQL test database");
		const lost: Error[] = [];
		const db = createDb(database, (error) => lost.push(error));
		try {
			// Two connections: one goes back to the pool, the other stays lent out while both die.
			await Promise.all([
				db.selectFrom("tools").select("id").execute(),
				db.selectFrom("tools").select("id").execute(),
			]);
			await db.connection().execute(async (lent) => {
				await lent.selectFrom("tools").select("id").execute();
				const admin = new pg.Client({ connectionString: database.url });
				await admin.connect();
				await admin.query(
					"select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
				);
				await admin.end();
				// Each connection reports its loss once: both have been noticed.
				await expect.poll(() => lost.length).toBe(2);
			});
			expect(await db.selectFrom("tools").select("id").execute()).toEqual([]);
			expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
		} finally {
			await db.destroy();
		}
	},
);

test.skipIf(!isPostgresRun)(
	"on PostgreSQL a statement with values is prepared once on its connection and then reused",
	async () => {
		const t = await createTestApp();
		await t.db.connection().execute(async (connection) => {
			const toolNamed = (name: string) =>
				connection
					.selectFrom("tools")
					.select("id")
					.where("tool_name", "=", name)
					.execute();
			await toolNamed("Claw Hammer");
			await toolNamed("Tape Measure");
			const { rows } = await sql<{
				statement: string;
			}>`select statement from pg_prepared_statements where statement like '%tool_name%'`.execute(
				connection,
			);
			expect(rows).toHaveLength(1);
		});
	},
);
