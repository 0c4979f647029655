import { CamelCasePlugin } from "kysely";
import { expect, test } from "vitest";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import {
	compiledOnce,
	compiledOncePerLength,
	insertCompiledOnce,
} from "./compiled-once.ts";
import type { Db } from "./database.ts";

const toolByName = compiledOnce((db, name: string) =>
	db
		.selectFrom("tools")
		.select(["tool_name", "price_cents"])
		.where("tool_name", "=", name)
		.where("deleted_at", "is", null),
);

const repriceTool = compiledOnce((db, name: string, priceCents: number) =>
	db
		.updateTable("tools")
		.set({ price_cents: priceCents })
		.where("tool_name", "=", name),
);

const pricesOf = compiledOncePerLength((db, names: readonly string[]) =>
	db
		.selectFrom("tools")
		.select(["tool_name", "price_cents"])
		.where("tool_name", "in", names)
		.orderBy("tool_name"),
);

const insertMailRows = insertCompiledOnce<
	{
		id: string;
		to_address: string;
		subject: string;
		text_body: string;
		kind: string;
		created_at: string;
		send_after: string;
		attempts?: number;
	},
	{ id: string; attempts: number }
>("mail_outbox", ["id", "attempts"]);

const mail = (id: string, attempts?: number) => ({
	id,
	to_address: `${id}@example.com`,
	subject: `About ${id}`,
	text_body: "Hello",
	kind: "test",
	created_at: "2026-11-28T10:00:00.000Z",
	send_after: "2026-11-28T10:00:00.000Z",
	attempts,
});

const mailIds = async (db: Db) =>
	(
		await db
			.selectFrom("mail_outbox")
			.select(["id", "attempts"])
			.where("kind", "=", "test")
			.orderBy("id")
			.execute()
	).map((row) => `${row.id}:${row.attempts}`);

test("a statement compiled once answers each run with that run's own values, and inside a transaction sees the transaction's writes", async () => {
	const t = await createTestApp();
	await insertTestTool(t.db, { tool_name: "Anvil", price_cents: 1200 });
	await insertTestTool(t.db, { tool_name: "Bolt", price_cents: 30 });

	expect((await toolByName(t.db, "Anvil")).rows).toEqual([
		{ tool_name: "Anvil", price_cents: 1200 },
	]);
	expect((await toolByName(t.db, "Bolt")).rows).toEqual([
		{ tool_name: "Bolt", price_cents: 30 },
	]);
	expect((await toolByName(t.db, "Chisel")).rows).toEqual([]);

	// A write answers how many rows it changed.
	expect((await repriceTool(t.db, "Bolt", 45)).numAffectedRows).toBe(1n);
	expect((await repriceTool(t.db, "Chisel", 45)).numAffectedRows).toBe(0n);
	expect((await toolByName(t.db, "Bolt")).rows).toEqual([
		{ tool_name: "Bolt", price_cents: 45 },
	]);

	// In a transaction, on its connection: it reads what the transaction wrote, which is gone
	// once the transaction rolls back.
	await expect(
		t.db.transaction().execute(async (trx) => {
			await insertTestTool(trx, { tool_name: "Chisel", price_cents: 700 });
			expect((await toolByName(trx, "Chisel")).rows).toEqual([
				{ tool_name: "Chisel", price_cents: 700 },
			]);
			throw new Error("roll back");
		}),
	).rejects.toThrow("roll back");
	expect((await toolByName(t.db, "Chisel")).rows).toEqual([]);
});

test("a statement compiled once per length of its list answers each list with its own values, whatever length came before", async () => {
	const t = await createTestApp();
	await insertTestTool(t.db, { tool_name: "Anvil", price_cents: 1200 });
	await insertTestTool(t.db, { tool_name: "Bolt", price_cents: 30 });
	await insertTestTool(t.db, { tool_name: "Chisel", price_cents: 700 });
	const prices = async (names: string[]) =>
		(await pricesOf(t.db, names)).rows.map(
			(row) => `${row.tool_name}:${row.price_cents}`,
		);

	expect(await prices(["Bolt"])).toEqual(["Bolt:30"]);
	expect(await prices(["Chisel", "Anvil", "Drill"])).toEqual([
		"Anvil:1200",
		"Chisel:700",
	]);
	// The lengths seen before, with other values.
	expect(await prices(["Anvil"])).toEqual(["Anvil:1200"]);
	expect(await prices(["Bolt", "Anvil", "Chisel"])).toEqual([
		"Anvil:1200",
		"Bolt:30",
		"Chisel:700",
	]);
	expect(await prices(["Anvil", "Bolt"])).toEqual(["Anvil:1200", "Bolt:30"]);
});

test("rows inserted through a statement compiled once keep what each row sets, take the column's default for what it leaves out, and answer the columns asked for", async () => {
	const t = await createTestApp();
	expect(await insertMailRows(t.db, [mail("a")])).toEqual([
		{ id: "a", attempts: 0 },
	]);
	expect(await insertMailRows(t.db, [mail("b", 2)])).toEqual([
		{ id: "b", attempts: 2 },
	]);
	expect(await insertMailRows(t.db, [mail("c", 3), mail("d", 4)])).toEqual([
		{ id: "c", attempts: 3 },
		{ id: "d", attempts: 4 },
	]);
	// The first shape again, with other values.
	expect(await insertMailRows(t.db, [mail("e")])).toEqual([
		{ id: "e", attempts: 0 },
	]);
	expect(await insertMailRows(t.db, [])).toEqual([]);
	expect(await mailIds(t.db)).toEqual(["a:0", "b:2", "c:3", "d:4", "e:0"]);
});

test("rows that set different columns are refused together, and nothing of them is written", async () => {
	const t = await createTestApp();
	await expect(insertMailRows(t.db, [mail("f", 1), mail("g")])).rejects.toThrow(
		"every row inserted into mail_outbox must set the same columns",
	);
	await expect(
		insertMailRows(t.db, [mail("h"), { ...mail("i"), attempts: 5 }]),
	).rejects.toThrow(
		"every row inserted into mail_outbox must set the same columns",
	);
	expect(await mailIds(t.db)).toEqual([]);
});

test("a statement compiled once refuses a database with plugins, whose rewriting it would skip", async () => {
	const t = await createTestApp();
	await expect(
		toolByName(t.db.withPlugin(new CamelCasePlugin()), "Anvil"),
	).rejects.toThrow(
		"a statement compiled once would skip the plugins of this database",
	);
});
