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
