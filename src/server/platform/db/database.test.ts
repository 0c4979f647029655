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
		const db = t.db;
		const pragma = async (
			name: "journal_mode" | "synchronous" | "foreign_keys" | "busy_timeout",
		) => {
			const { rows } = await sql<
				Record<string, unknown>
			>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db);
			return Object.values(rows[0] ?? {})[0];
		};
		expect(await pragma("journal_mode")).toBe("wal");
		expect(await pragma("synchronous")).toBe(2);
		expect(await pragma("foreign_keys")).toBe(1);
		expect(await pragma("busy_timeout")).toBe(5000);
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
				await expect.poll(() => lost.length).toBeGreaterThanOrEqual(2);
			});
			expect(await db.selectFrom("tools").select("id").execute()).toEqual([]);
			expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
		} finally {
			await db.destroy();
		}
	},
);
