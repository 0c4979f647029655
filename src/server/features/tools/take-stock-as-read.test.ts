import { expect, test } from "vitest";
import { readStock } from "../../test-support/orders.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import { readToolsForLines, takeStockAsRead } from "./tools.service.ts";

test("an edit of a tool between reading its terms and taking its stock refuses the order, and nothing is taken", async () => {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		available_quantity: 100,
		minimum_quantity: 10,
		price_cents: 2000,
	});
	const lines = [{ tool_id: tool.id, quantity: 10 }];
	const [read] = await readToolsForLines(t.db, lines, true);
	expect(read?.price_cents).toBe(2000);
	// An admin reprices it meanwhile: the order was priced at the old terms.
	await t.db
		.updateTable("tools")
		.set((eb) => ({ price_cents: 1500, version: eb("version", "+", 1) }))
		.where("id", "=", tool.id)
		.execute();
	const taking = takeStockAsRead(
		t.db,
		[{ tool_id: tool.id, quantity: 10, version: read?.version ?? 0 }],
		true,
	);
	await expect(taking).rejects.toMatchObject({
		message: "The stock changed while ordering. Please try again.",
	});
	expect(await readStock(t.db, tool.id)).toBe(100);

	// Read again, at the new terms, it is taken.
	const [again] = await readToolsForLines(t.db, lines, true);
	await takeStockAsRead(
		t.db,
		[{ tool_id: tool.id, quantity: 10, version: again?.version ?? 0 }],
		true,
	);
	expect(await readStock(t.db, tool.id)).toBe(90);
});

test("several lines are taken together only when every one fits: each that does not is named, and the transaction takes nothing", async () => {
	const t = await createTestApp();
	const insert = (name: string, stock: number, minimum = 1) =>
		insertTestTool(t.db, {
			tool_name: name,
			available_quantity: stock,
			minimum_quantity: minimum,
		});
	const saw = await insert("Panel Saw", 50);
	const drill = await insert("Pillar Drill", 3);
	const clamp = await insert("Bar Clamp", 100, 5);
	const read = async (quantities: [string, number][]) => {
		const lines = quantities.map(([tool_id, quantity]) => ({
			tool_id,
			quantity,
		}));
		const tools = await readToolsForLines(t.db, lines, false);
		return lines.map((line, at) => ({
			...line,
			version: tools[at]?.version ?? 0,
		}));
	};
	const lines = await read([
		[clamp.id, 10],
		[saw.id, 5],
		[drill.id, 3],
	]);
	// The drill sells out and the saw is edited after the order read them.
	await t.db
		.updateTable("tools")
		.set({ available_quantity: 1 })
		.where("id", "=", drill.id)
		.execute();
	await t.db
		.updateTable("tools")
		.set((eb) => ({ version: eb("version", "+", 1) }))
		.where("id", "=", saw.id)
		.execute();
	const taking = t.db
		.transaction()
		.execute((trx) => takeStockAsRead(trx, lines, false));
	await expect(taking).rejects.toMatchObject({
		statusCode: 409,
		message:
			"2 lines of your cart cannot be ordered as they are; nothing was ordered.",
		details: expect.arrayContaining([
			expect.objectContaining({ field: `lines.${drill.id}` }),
			expect.objectContaining({ field: `lines.${saw.id}` }),
		]),
	});
	expect([
		await readStock(t.db, clamp.id),
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
	]).toEqual([100, 50, 1]);

	// Read again, every line fits and each tool gives exactly its line's pieces.
	const again = await read([
		[clamp.id, 10],
		[saw.id, 5],
		[drill.id, 1],
	]);
	await t.db.transaction().execute((trx) => takeStockAsRead(trx, again, false));
	expect([
		await readStock(t.db, clamp.id),
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
	]).toEqual([90, 45, 0]);
});
