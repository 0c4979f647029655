import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { expect, onTestFinished, test } from "vitest";
import { createTestDatabase } from "../../test-support/test-app.ts";
import { createDb, type Db } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { runAloneAcrossInstances } from "./run-alone.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

/** Two instances of the shop on one fresh database: two connection pools, as two processes have. */
async function twoInstances(): Promise<[Db, Db]> {
	const dataDir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-alone-"),
	);
	const { database, drop } = await createTestDatabase(dataDir);
	const first = createDb(database);
	await migrateToLatest(first, { legacyImagesDir: undefined });
	const second = createDb(database);
	onTestFinished(async () => {
		await first.destroy();
		await second.destroy();
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	return [first, second];
}

/** A pass that runs until `finish` is called. */
function heldPass() {
	let finish: () => void = () => {};
	const finished = new Promise<void>((resolve) => {
		finish = resolve;
	});
	let started: () => void = () => {};
	const hasStarted = new Promise<void>((resolve) => {
		started = resolve;
	});
	return {
		work: async () => {
			started();
			await finished;
			return "swept";
		},
		hasStarted,
		finish,
	};
}

test.skipIf(!isPostgresRun)(
	"on PostgreSQL, while one instance runs a background pass, another's turn at the same pass is skipped at once; a pass of another name runs; once the first ends, the next turn runs",
	async () => {
		const [first, second] = await twoInstances();
		const pass = heldPass();
		const running = runAloneAcrossInstances(first, "order-expiry", pass.work);
		await pass.hasStarted;

		let didRun = false;
		expect(
			await runAloneAcrossInstances(second, "order-expiry", async () => {
				didRun = true;
			}),
		).toEqual({ ran: false });
		expect(didRun).toBe(false);
		expect(
			await runAloneAcrossInstances(second, "mail-outbox", async () => "sent"),
		).toEqual({ ran: true, value: "sent" });

		pass.finish();
		expect(await running).toEqual({ ran: true, value: "swept" });
		expect(
			await runAloneAcrossInstances(
				second,
				"order-expiry",
				async () => "swept",
			),
		).toEqual({ ran: true, value: "swept" });
	},
);

test.skipIf(!isPostgresRun)(
	"on PostgreSQL, a pass whose instance dies in the middle holds nothing: the next turn of another instance runs",
	async () => {
		const [first, second] = await twoInstances();
		const pass = heldPass();
		void runAloneAcrossInstances(first, "order-expiry", pass.work).catch(
			() => {},
		);
		await pass.hasStarted;
		// The holder's connection ends as it does when its process is killed.
		await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and pid <> pg_backend_pid() and database = (select oid from pg_database where datname = current_database())`.execute(
			second,
		);
		const next = await runAloneAcrossInstances(
			second,
			"order-expiry",
			async () => "swept",
		);
		pass.finish();
		expect(next).toEqual({ ran: true, value: "swept" });
	},
);

test.skipIf(isPostgresRun)(
	"on SQLite, where one server process holds the database, a background pass always runs",
	async () => {
		const [first] = await twoInstances();
		const pass = heldPass();
		const running = runAloneAcrossInstances(first, "order-expiry", pass.work);
		await pass.hasStarted;
		expect(
			await runAloneAcrossInstances(first, "order-expiry", async () => "swept"),
		).toEqual({ ran: true, value: "swept" });
		pass.finish();
		expect(await running).toEqual({ ran: true, value: "swept" });
	},
);
