import type { FastifyInstance } from "fastify";
import { expect, test } from "vitest";
import {
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	deleteOrderAs,
	postOrder,
	postOrderAction,
	readStock,
} from "../../test-support/orders.ts";
import {
	createSecondInstance,
	createTestApp,
	insertTestTool,
} from "../../test-support/test-app.ts";

// Several instances on one database is a PostgreSQL deployment; one SQLite file has one server.
const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const ORDERS = 200;
const STOCK = 10;
const ROUNDS = 5;

async function sumOrdered(
	t: Awaited<ReturnType<typeof createTestApp>>,
	toolId: string,
) {
	const row = await t.db
		.selectFrom("orders")
		.select((eb) => eb.fn.sum<number | string>("order_quantity").as("ordered"))
		.where("tool_id", "=", toolId)
		.where("status", "!=", "cancelled")
		.executeTakeFirstOrThrow();
	return Number(row.ordered ?? 0);
}

/** 200 orders of one piece at once, spread over the given instances and customers. */
async function orderAtOnce(
	instances: FastifyInstance[],
	customers: SignedIn[],
	toolId: string,
) {
	return Promise.all(
		Array.from({ length: ORDERS }, (_, index) => {
			const app = instances[index % instances.length] as FastifyInstance;
			const customer = customers[index % customers.length] as SignedIn;
			return postOrder(app, customer.cookie, {
				tool_id: toolId,
				order_quantity: 1,
			});
		}),
	);
}

async function expectNoOversell(
	t: Awaited<ReturnType<typeof createTestApp>>,
	instances: FastifyInstance[],
) {
	const customers = [];
	for (let i = 0; i < 10; i++)
		customers.push(await signUp(t.app, { name: `Buyer ${i}` }));
	for (let round = 0; round < ROUNDS; round++) {
		const tool = await insertTestTool(t.db, {
			available_quantity: STOCK,
			minimum_quantity: 1,
		});
		const answers = await orderAtOnce(instances, customers, tool.id);
		const statuses = answers.map((answer) => answer.statusCode);
		expect(statuses.filter((status) => status === 201)).toHaveLength(STOCK);
		expect(statuses.filter((status) => status === 409)).toHaveLength(
			ORDERS - STOCK,
		);
		const refusal = answers.find((answer) => answer.statusCode === 409);
		expect(refusal?.json().error.message).toBe("Stock Out");
		expect(await readStock(t.db, tool.id)).toBe(0);
		expect(
			(await readStock(t.db, tool.id)) + (await sumOrdered(t, tool.id)),
		).toBe(STOCK);
	}
}

/**
 * Over the rounds each customer gathers several unpaid orders: the limit on them is lifted, so
 * that only the stock decides here (unpaid-order-limit.test.ts holds the limit under load).
 */
const STOCK_ONLY = { config: { maxUnpaidOrders: 1000 } };

test("200 orders at once for 10 pieces: exactly 10 succeed, the rest get a 409, and stock ends at 0 (5 rounds)", async () => {
	const t = await createTestApp(STOCK_ONLY);
	await expectNoOversell(t, [t.app]);
});

test.skipIf(!isPostgresRun)(
	"two server instances on one PostgreSQL database never oversell either (5 rounds)",
	async () => {
		const t = await createTestApp(STOCK_ONLY);
		await expectNoOversell(t, [t.app, await createSecondInstance(t)]);
	},
);

async function expectOneRestock(
	instances: FastifyInstance[],
	t: Awaited<ReturnType<typeof createTestApp>>,
) {
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const admin = await signUpAdmin(t.app, t.db);
	for (let round = 0; round < ROUNDS; round++) {
		const tool = await insertTestTool(t.db, {
			available_quantity: 50,
			minimum_quantity: 5,
		});
		const order = (
			await postOrder(t.app, customer.cookie, {
				tool_id: tool.id,
				order_quantity: 5,
			})
		).json();
		const attempts = instances.flatMap((app) => [
			postOrderAction(app, customer.cookie, order.id, "cancel"),
			deleteOrderAs(app, admin.cookie, order.id),
			postOrderAction(app, customer.cookie, order.id, "cancel"),
			deleteOrderAs(app, admin.cookie, order.id),
		]);
		const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
		expect(statuses.every((status) => status < 500)).toBe(true);
		expect(await readStock(t.db, tool.id)).toBe(50);
	}
}

test("concurrent cancels and admin deletes of one order put its stock back once (5 rounds)", async () => {
	const t = await createTestApp();
	await expectOneRestock([t.app], t);
});

test.skipIf(!isPostgresRun)(
	"concurrent cancels and admin deletes through two instances on one PostgreSQL database restock once (5 rounds)",
	async () => {
		const t = await createTestApp();
		await expectOneRestock([t.app, await createSecondInstance(t)], t);
	},
);
