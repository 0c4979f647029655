import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { expect, onTestFinished, test } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { authHeaders, signUp } from "../../test-support/accounts.ts";
import { postOrder } from "../../test-support/orders.ts";
import {
	createTestApp,
	createTestDatabase,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import { BackupRefusal, backUpDatabase, restoreDatabase } from "./backup.ts";
import { createDb } from "./database.ts";

// Each test here copies a database and, on PostgreSQL, runs pg_dump and pg_restore.
const SLOW = { timeout: 60_000 };
const CUSTOMERS = 6;

function backupFolder(): string {
	const folder = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-backups-"),
	);
	onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
	return folder;
}

/** A shop with no database yet: a data folder, and on PostgreSQL an empty database of its own. */
async function emptyShop() {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-shop-"));
	const { database, drop } = await createTestDatabase(dataDir);
	onTestFinished(async () => {
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	return { database, dataDir };
}

/**
 * Customers ordering one piece at a time, each as fast as the shop answers, until `stop`: every
 * order the shop acknowledged, with the moment its answer came.
 */
async function orderLoad(t: TestApp) {
	const tool = await insertTestTool(t.db, {
		available_quantity: 100_000,
		minimum_quantity: 1,
	});
	const customers = await Promise.all(
		Array.from({ length: CUSTOMERS }, (_, index) =>
			signUp(t.app, { name: `Backup Customer ${index + 1}` }),
		),
	);
	/** Each order acknowledged: when it was sent, and when its answer came. */
	const acknowledged: {
		id: string;
		cookie: string;
		sentAt: number;
		at: number;
	}[] = [];
	let isStopped = false;
	const loops = customers.map(async (customer) => {
		while (!isStopped) {
			const sentAt = performance.now();
			const placed = await postOrder(t.app, customer.cookie, {
				tool_id: tool.id,
				order_quantity: 1,
			});
			expect(placed.statusCode, placed.body).toBe(201);
			acknowledged.push({
				id: OrderSchema.parse(placed.json()).id,
				cookie: customer.cookie,
				sentAt,
				at: performance.now(),
			});
		}
	});
	return {
		acknowledged,
		/** Resolves once `count` orders in all are acknowledged. */
		reached: async (count: number) => {
			while (acknowledged.length < count)
				await new Promise((resolve) => setTimeout(resolve, 5));
		},
		stop: async () => {
			isStopped = true;
			await Promise.all(loops);
		},
	};
}

test(
	"a backup taken while customers order holds every order acknowledged before it began; restored into a fresh database, the shop starts and shows each of them to its customer",
	SLOW,
	async () => {
		const t = await createTestApp({ config: { maxUnpaidOrders: 1000 } });
		const load = await orderLoad(t);
		await load.reached(30);

		const startedAt = performance.now();
		const before = load.acknowledged.filter((order) => order.at < startedAt);
		const made = await backUpDatabase(t.config.database, backupFolder());
		const doneAt = performance.now();
		// Ten orders sent after the backup ended, to look for in it.
		while (
			load.acknowledged.filter((order) => order.sentAt > doneAt).length < 10
		)
			await new Promise((resolve) => setTimeout(resolve, 5));
		await load.stop();
		// Orders kept coming while the backup ran.
		expect(
			load.acknowledged.filter((order) => order.at > startedAt).length,
		).toBeGreaterThan(0);
		expect(made.database).toBe(t.config.database.kind);
		expect(made.schema).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-/);

		const restored = await createTestApp({
			fillDatabase: async (database) => {
				expect(await restoreDatabase(database, made.file)).toEqual({
					database: database.kind,
					schema: made.schema,
				});
			},
		});
		for (const order of before) {
			const shown = await restored.app.inject({
				method: "GET",
				url: `/api/orders/${order.id}`,
				headers: authHeaders(order.cookie),
			});
			expect(shown.statusCode, shown.body).toBe(200);
			expect(OrderSchema.parse(shown.json())).toMatchObject({
				id: order.id,
				status: "unpaid",
			});
		}
		// Nothing ordered after the backup ended is in it. (An order sent before may be: committed
		// while the backup ran, it is acknowledged once its commit is flushed, which can be after.)
		const after = load.acknowledged.filter((order) => order.sentAt > doneAt);
		const { rows } = await sql<{
			count: number | string;
		}>`select count(*) as count from orders where id in (${sql.join(after.map((order) => order.id))})`.execute(
			restored.db,
		);
		expect(Number(rows[0]?.count)).toBe(0);
	},
);

test(
	"a restore refuses a backup from a newer version of the shop, and one into a database that is not empty, and changes nothing",
	SLOW,
	async () => {
		const t = await createTestApp();
		await insertTestTool(t.db, { tool_name: "Vernier Caliper" });
		const current = await backUpDatabase(t.config.database, backupFolder());
		await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-0800-from-a-later-version', ${new Date().toISOString()})`.execute(
			t.db,
		);
		const newer = await backUpDatabase(t.config.database, backupFolder());
		expect(newer.schema).toBe("2099-01-01-0800-from-a-later-version");

		const { database } = await emptyShop();
		await expect(restoreDatabase(database, newer.file)).rejects.toThrow(
			new BackupRefusal(
				"This backup comes from a newer version of the shop: its database has the migration 2099-01-01-0800-from-a-later-version, which this version does not know. Restore it with the version that made it, or a newer one",
			),
		);
		// Nothing was written: the same target still takes the current backup.
		expect(await restoreDatabase(database, current.file)).toMatchObject({
			schema: current.schema,
		});
		// Now it holds a database: a second restore is refused.
		await expect(restoreDatabase(database, current.file)).rejects.toThrow(
			database.kind === "sqlite"
				? /^The data folder already holds a database/
				: /^The database at DATABASE_URL already holds tables/,
		);
	},
);

const run = promisify(execFile);
const TSX = path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "cli.mjs");

/** `npm run backup` or `npm run restore` as a shop owner runs them, in a shop's environment. */
async function runScript(
	script: "backup" | "restore",
	args: string[],
	env: NodeJS.ProcessEnv,
) {
	try {
		const { stdout, stderr } = await run(
			process.execPath,
			[TSX, path.join(PROJECT_ROOT, "scripts", `${script}.ts`), ...args],
			{ env: { ...process.env, ...env }, cwd: PROJECT_ROOT },
		);
		return { code: 0, stdout, stderr };
	} catch (error) {
		const { code, stdout, stderr } = error as {
			code: number;
			stdout: string;
			stderr: string;
		};
		return { code, stdout, stderr };
	}
}

test(
	"`npm run backup` writes a backup into the folder named and says where; `npm run restore` puts it into an empty shop and refuses a file that is no backup",
	SLOW,
	async () => {
		const t = await createTestApp();
		const tool = await insertTestTool(t.db, { tool_name: "Torque Wrench" });
		const shopEnv = (dataDir: string, database: typeof t.config.database) => ({
			DATA_DIR: dataDir,
			DATABASE_URL: database.kind === "postgres" ? database.url : "",
			NODE_ENV: "development",
		});
		// The SQLite shop's file is named by DATA_DIR; the test's database has its own name.
		const sourceDir = fs.mkdtempSync(
			path.join(os.tmpdir(), "tools-gallery-shop-"),
		);
		onTestFinished(() =>
			fs.rmSync(sourceDir, { recursive: true, force: true }),
		);
		if (t.config.database.kind === "sqlite")
			await t.db.executeQuery(
				sql`vacuum into ${path.join(sourceDir, "tools-gallery.sqlite")}`.compile(
					t.db,
				),
			);
		const folder = backupFolder();

		const backedUp = await runScript(
			"backup",
			["--to", folder],
			shopEnv(sourceDir, t.config.database),
		);
		expect(backedUp.stderr).toBe("");
		expect(backedUp.code).toBe(0);
		const [file] = fs.readdirSync(folder);
		expect(backedUp.stdout).toContain(
			`Backed up to ${path.join(folder, String(file))}`,
		);

		const { database, dataDir: targetDir } = await emptyShop();
		const notABackup = path.join(folder, "notes.txt");
		fs.writeFileSync(notABackup, "not a backup");
		const refused = await runScript(
			"restore",
			[notABackup],
			shopEnv(targetDir, database),
		);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain(
			`${notABackup} is not a backup made by \`npm run backup\``,
		);

		const restored = await runScript(
			"restore",
			[path.join(folder, String(file))],
			shopEnv(targetDir, database),
		);
		expect(restored.stderr).toBe("");
		expect(restored.code).toBe(0);
		expect(restored.stdout).toContain("Restored");
		// The shop's database, where the script put it.
		const restoredDb = createDb(
			database.kind === "sqlite"
				? { kind: "sqlite", file: path.join(targetDir, "tools-gallery.sqlite") }
				: database,
		);
		onTestFinished(() => restoredDb.destroy());
		expect(
			await restoredDb
				.selectFrom("tools")
				.select("tool_name")
				.where("id", "=", tool.id)
				.executeTakeFirst(),
		).toEqual({ tool_name: "Torque Wrench" });
	},
);
