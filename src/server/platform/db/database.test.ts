import { sql } from "kysely";
import pg from "pg";
import { expect, test } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { createDb } from "./database.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

test.skipIf(isPostgresRun)(
	"SQLite runs in WAL mode with full sync, foreign keys and a busy timeout",
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
		expect(await pragma("synchronous")).toBe(2);
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
