import type { FastifyInstance } from "fastify";
import { expect, test } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { type SignedIn, signUp } from "../../test-support/accounts.ts";
import {
	postCheckout,
	readStock,
	TEST_DELIVERY,
} from "../../test-support/orders.ts";
import {
	createSecondInstance,
	createTestApp,
	insertTestTool,
} from "../../test-support/test-app.ts";

// Several instances on one database is a PostgreSQL deployment; one SQLite file has one server.
const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const CARTS = 100;
const TOOLS = 6;
const STOCK = 25;

/** Pieces of a tool held by orders that are not cancelled, from their lines. */
async function sumOrdered(
	t: Awaited<ReturnType<typeof createTestApp>>,
	toolId: string,
) {
	const row = await t.db
		.selectFrom("order_lines")
		.innerJoin("orders", "orders.id", "order_lines.order_id")
		.select((eb) =>
			eb.fn.sum<number | string>("order_lines.quantity").as("ordered"),
		)
		.where("order_lines.tool_id", "=", toolId)
		.where("orders.status", "!=", "cancelled")
		.executeTakeFirstOrThrow();
	return Number(row.ordered ?? 0);
}

/**
 * 100 carts of 3 lines each, every cart a different mix of 6 tools with 25 pieces each, checked
 * out at once through the given instances: far more is asked than there is.
 */
async function expectWholeOrdersOnly(
	t: Awaited<ReturnType<typeof createTestApp>>,
	instances: FastifyInstance[],
) {
	const customers: SignedIn[] = [];
	for (let i = 0; i < 10; i++)
		customers.push(await signUp(t.app, { name: `Buyer ${i}` }));
	const tools: Awaited<ReturnType<typeof insertTestTool>>[] = [];
	for (let i = 0; i < TOOLS; i++)
		tools.push(
			await insertTestTool(t.db, {
				available_quantity: STOCK,
				minimum_quantity: 1,
			}),
		);
	const carts = Array.from({ length: CARTS }, (_, index) =>
		[0, 1, 2].map((offset) => ({
			tool_id: tools[(index + offset * 2) % TOOLS]?.id as string,
			quantity: 1 + ((index + offset) % 3),
		})),
	);
	const answers = await Promise.all(
		carts.map((lines, index) =>
			postCheckout(
				instances[index % instances.length] as FastifyInstance,
				(customers[index % customers.length] as SignedIn).cookie,
				{ lines, fulfilment: TEST_DELIVERY },
			),
		),
	);
	const statuses = answers.map((answer) => answer.statusCode);
	expect(statuses.every((status) => status === 201 || status === 409)).toBe(
		true,
	);
	expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
	expect(statuses.filter((status) => status === 409).length).toBeGreaterThan(0);
	// Every acknowledged order is whole: all three lines, as the cart asked.
	answers.forEach((answer, index) => {
		if (answer.statusCode !== 201) return;
		const order = OrderSchema.parse(answer.json());
		expect(order.lines.map((line) => [line.tool_id, line.quantity])).toEqual(
			carts[index]?.map((line) => [line.tool_id, line.quantity]),
		);
	});
	// Every refused cart left nothing behind, and no tool was oversold.
	const orders = await t.db.selectFrom("orders").select("id").execute();
	expect(orders).toHaveLength(
		statuses.filter((status) => status === 201).length,
	);
	const lines = await t.db
		.selectFrom("order_lines")
		.select("order_id")
		.execute();
	expect(lines).toHaveLength(orders.length * 3);
	for (const tool of tools) {
		const stock = await readStock(t.db, tool.id);
		expect(stock).toBeGreaterThanOrEqual(0);
		expect(stock + (await sumOrdered(t, tool.id))).toBe(STOCK);
	}
}

/** Many unpaid orders per customer: the limit on them is lifted so only the stock decides. */
const STOCK_ONLY = { config: { maxUnpaidOrders: 1000 } };

test("100 three-line carts racing for little stock: never oversold, every order whole or absent", async () => {
	const t = await createTestApp(STOCK_ONLY);
	await expectWholeOrdersOnly(t, [t.app]);
});

test.skipIf(!isPostgresRun)(
	"100 three-line carts through two instances on one PostgreSQL database: never oversold, every order whole or absent",
	async () => {
		const t = await createTestApp(STOCK_ONLY);
		await expectWholeOrdersOnly(t, [t.app, await createSecondInstance(t)]);
	},
);
