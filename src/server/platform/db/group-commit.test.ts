import { expect, onTestFinished, test } from "vitest";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import { createDb } from "./database.ts";
import { createWriteTransactions } from "./group-commit.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

test("writes sent together each commit or fail alone: a failing one leaves nothing behind, the others are kept, and each is acknowledged only once another connection can read it", async () => {
	const t = await createTestApp();
	const writes = createWriteTransactions(t.db);
	const observer = createDb(t.config.database);
	onTestFinished(() => observer.destroy());
	const visibleWhenAcknowledged: Record<string, boolean> = {};

	const names = ["Kept Anvil", "Refused Bolt", "Kept Chisel"];
	const results = await Promise.allSettled(
		names.map(async (name) => {
			const written = await writes.run(async (trx) => {
				await insertTestTool(trx, { tool_name: name });
				if (name.startsWith("Refused")) throw new Error(`refused ${name}`);
				return name;
			});
			const row = await observer
				.selectFrom("tools")
				.select("id")
				.where("tool_name", "=", written)
				.executeTakeFirst();
			visibleWhenAcknowledged[written] = row !== undefined;
			return written;
		}),
	);

	expect(results).toEqual([
		{ status: "fulfilled", value: "Kept Anvil" },
		{ status: "rejected", reason: new Error("refused Refused Bolt") },
		{ status: "fulfilled", value: "Kept Chisel" },
	]);
	expect(visibleWhenAcknowledged).toEqual({
		"Kept Anvil": true,
		"Kept Chisel": true,
	});
	const stored = await t.db
		.selectFrom("tools")
		.select("tool_name")
		.orderBy("tool_name")
		.execute();
	expect(stored.map((tool) => tool.tool_name)).toEqual([
		"Kept Anvil",
		"Kept Chisel",
	]);
});

test("a failing write between two others on the same row undoes only its own change", async () => {
	const t = await createTestApp();
	const writes = createWriteTransactions(t.db);
	const tool = await insertTestTool(t.db, { available_quantity: 10 });
	const takeStock = (pieces: number, fails: boolean) =>
		writes.run(async (trx) => {
			await trx
				.updateTable("tools")
				.set((eb) => ({
					available_quantity: eb("available_quantity", "-", pieces),
				}))
				.where("id", "=", tool.id)
				.execute();
			if (fails) throw new Error("refused");
		});

	const results = await Promise.allSettled([
		takeStock(1, false),
		takeStock(4, true),
		takeStock(2, false),
	]);
	expect(results.map((result) => result.status)).toEqual([
		"fulfilled",
		"rejected",
		"fulfilled",
	]);
	const stock = await t.db
		.selectFrom("tools")
		.select("available_quantity")
		.where("id", "=", tool.id)
		.executeTakeFirstOrThrow();
	expect(stock.available_quantity).toBe(7);
});

// SQLite's group commit: on PostgreSQL each write is a transaction of its own on the pool.
test.skipIf(isPostgresRun)(
	"a long queue of writes is committed in turns: work waiting on the event loop (a catalog read) runs between two commits, and every write is kept",
	async () => {
		const t = await createTestApp();
		const writes = createWriteTransactions(t.db);
		let acknowledged = 0;
		/** Each write keeps the process busy for a millisecond, as an order's statements do. */
		const busyFor = (ms: number) => {
			const until = performance.now() + ms;
			while (performance.now() < until);
		};
		const queued = Array.from({ length: 40 }, (_, index) =>
			writes
				.run(async (trx) => {
					await insertTestTool(trx, { tool_name: `Queued Tool ${index}` });
					busyFor(1);
				})
				.then(() => {
					acknowledged++;
				}),
		);
		const committed = async () =>
			Number(
				(
					await t.db
						.selectFrom("tools")
						.select((eb) => eb.fn.countAll<number>().as("count"))
						.where("tool_name", "like", "Queued Tool %")
						.executeTakeFirstOrThrow()
				).count,
			);
		// Queued on the event loop after the writes, like a request read in the same turn: it runs
		// once the first commit is made, before the next one (acknowledgements follow the flushes).
		const committedWhenOtherWorkRan = await new Promise<number>((resolve) =>
			setImmediate(() => resolve(committed())),
		);
		expect(committedWhenOtherWorkRan).toBeGreaterThan(0);
		expect(committedWhenOtherWorkRan).toBeLessThan(40);

		await Promise.all(queued);
		expect(acknowledged).toBe(40);
		expect(await committed()).toBe(40);
	},
);
