import type { FastifyInstance } from "fastify";
import { expect, test } from "vitest";
import { type SignedIn, signUp } from "../../test-support/accounts.ts";
import { postOrder, postOrderAction } from "../../test-support/orders.ts";
import {
	createSecondInstance,
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

// Several instances on one database is a PostgreSQL deployment; one SQLite file has one server.
const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const PAYMENTS = 200;

/** 200 unpaid orders of 20 customers, then all paid at once through the given instances. */
async function payAllAtOnce(t: TestApp, instances: FastifyInstance[]) {
	const tool = await insertTestTool(t.db, {
		available_quantity: PAYMENTS,
		minimum_quantity: 1,
	});
	const customers: SignedIn[] = [];
	for (let i = 0; i < 20; i++)
		customers.push(await signUp(t.app, { name: `Payer ${i}` }));
	const orders: { id: string; customer: SignedIn }[] = [];
	for (let i = 0; i < PAYMENTS; i++) {
		const customer = customers[i % customers.length] as SignedIn;
		const placed = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: 1,
		});
		expect(placed.statusCode).toBe(201);
		orders.push({ id: placed.json().id, customer });
	}
	const answers = await Promise.all(
		orders.map(({ id, customer }, index) =>
			postOrderAction(
				instances[index % instances.length] as FastifyInstance,
				customer.cookie,
				id,
				"payment",
			),
		),
	);
	expect(answers.map((answer) => answer.statusCode)).toEqual(
		orders.map(() => 200),
	);
	const invoices = await t.db
		.selectFrom("invoices")
		.select(["number", "order_id"])
		.where("kind", "=", "invoice")
		.execute();
	// One invoice per paid order, and the numbers 1 to 200 of the year: no gap, none twice.
	expect(new Set(invoices.map((invoice) => invoice.order_id))).toEqual(
		new Set(orders.map((order) => order.id)),
	);
	const year = new Date().getUTCFullYear();
	expect(invoices.map((invoice) => invoice.number).sort()).toEqual(
		Array.from(
			{ length: PAYMENTS },
			(_, index) => `${year}-${String(index + 1).padStart(6, "0")}`,
		),
	);
}

const MANY_UNPAID = { config: { maxUnpaidOrders: 1000 } };

test("200 payments at once: 200 invoices numbered 1 to 200, no gap and no duplicate", async () => {
	const t = await createTestApp(MANY_UNPAID);
	await payAllAtOnce(t, [t.app]);
}, 60_000);

test.skipIf(!isPostgresRun)(
	"200 payments at once through two instances on one PostgreSQL database: 200 invoices numbered 1 to 200",
	async () => {
		const t = await createTestApp(MANY_UNPAID);
		await payAllAtOnce(t, [t.app, await createSecondInstance(t)]);
	},
	60_000,
);
