import type { FastifyInstance } from "fastify";
import { expect, test } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { signUp } from "../../test-support/accounts.ts";
import {
	postCheckout,
	postOrder,
	postOrderAction,
	TEST_DELIVERY,
} from "../../test-support/orders.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

async function listedStock(
	app: FastifyInstance,
	toolId: string,
): Promise<number | undefined> {
	const response = await app.inject({ url: "/api/tools?page_size=60" });
	expect(response.statusCode).toBe(200);
	return ToolPageSchema.parse(response.json()).items.find(
		(tool) => tool.id === toolId,
	)?.available_quantity;
}

// The clock of the list cache never moves: only the orders' own notice can make the list read
// the catalog version again.
const stoppedClock = () => 0;

test("the tool list read right after an order, a checkout or a cancel shows the stock they left", async () => {
	const t = await createTestApp({ clock: stoppedClock });
	const tool = await insertTestTool(t.db, {
		available_quantity: 240,
		minimum_quantity: 10,
	});
	const other = await insertTestTool(t.db, {
		available_quantity: 50,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Cora Customer" });
	expect(await listedStock(t.app, tool.id)).toBe(240);

	const placed = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 240,
	});
	expect(placed.statusCode).toBe(201);
	expect(await listedStock(t.app, tool.id)).toBe(0);

	const cancelled = await postOrderAction(
		t.app,
		customer.cookie,
		OrderSchema.parse(placed.json()).id,
		"cancel",
	);
	expect(cancelled.statusCode).toBe(200);
	expect(await listedStock(t.app, tool.id)).toBe(240);

	const checkedOut = await postCheckout(t.app, customer.cookie, {
		lines: [
			{ tool_id: tool.id, quantity: 20 },
			{ tool_id: other.id, quantity: 5 },
		],
		fulfilment: TEST_DELIVERY,
	});
	expect(checkedOut.statusCode).toBe(201);
	expect(await listedStock(t.app, tool.id)).toBe(220);
	expect(await listedStock(t.app, other.id)).toBe(45);
});
