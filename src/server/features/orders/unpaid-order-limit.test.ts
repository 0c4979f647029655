import type { FastifyInstance } from "fastify";
import { expect, test } from "vitest";
import { type Order, OrderSchema } from "../../../shared/orders.schemas.ts";
import type { Config } from "../../config.ts";
import {
	authHeaders,
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
	type TestApp,
} from "../../test-support/test-app.ts";

// Several instances on one database is a PostgreSQL deployment; one SQLite file has one server.
const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const LIMIT_MESSAGE =
	"You have 3 unpaid orders, the most an account can hold. Pay or cancel one in My Orders to order again.";

/** A shop (MAX_UNPAID_ORDERS at its default, 3) with a tool of 100 pieces and one customer. */
async function shopWithCustomer(config: Partial<Config> = {}) {
	const t = await createTestApp({ config });
	const tool = await insertTestTool(t.db, {
		tool_name: "Orbital Sander",
		price_cents: 3500,
		available_quantity: 100,
		minimum_quantity: 2,
	});
	const customer = await signUp(t.app, { name: "Hanna Hoarder" });
	return { t, tool, customer };
}

function orderTwo(
	app: FastifyInstance,
	customer: SignedIn,
	toolId: string,
	idempotencyKey?: string,
) {
	return postOrder(
		app,
		customer.cookie,
		{ tool_id: toolId, order_quantity: 2 },
		idempotencyKey,
	);
}

/** Places `count` orders of 2 pieces, each of which must succeed. */
async function placeOrders(
	t: TestApp,
	customer: SignedIn,
	toolId: string,
	count: number,
): Promise<Order[]> {
	const orders: Order[] = [];
	for (let i = 0; i < count; i++) {
		const response = await orderTwo(t.app, customer, toolId);
		expect(response.statusCode, response.body).toBe(201);
		orders.push(OrderSchema.parse(response.json()));
	}
	return orders;
}

async function countMyOrders(t: TestApp, customer: SignedIn) {
	const response = await t.app.inject({
		url: "/api/me/orders",
		headers: authHeaders(customer.cookie),
	});
	return response.json().total as number;
}

test("a 4th unpaid order is refused with a 409 naming the limit and the way out, and takes no stock", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	await placeOrders(t, customer, tool.id, 3);
	expect(await readStock(t.db, tool.id)).toBe(94);

	const refused = await orderTwo(t.app, customer, tool.id);
	expect(refused.statusCode).toBe(409);
	expect(refused.json()).toEqual({
		error: { code: "TOO_MANY_UNPAID_ORDERS", message: LIMIT_MESSAGE },
	});
	expect(await readStock(t.db, tool.id)).toBe(94);
	expect(await countMyOrders(t, customer)).toBe(3);
});

test("the limit is per account: another customer still orders", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	await placeOrders(t, customer, tool.id, 3);
	const other = await signUp(t.app, { name: "Otto Other" });
	expect((await orderTwo(t.app, other, tool.id)).statusCode).toBe(201);
});

test("paying or cancelling an unpaid order, or an admin deleting one, frees a place for the next order", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	const admin = await signUpAdmin(t.app, t.db);
	const [first, second, third] = await placeOrders(t, customer, tool.id, 3);
	if (!first || !second || !third) throw new Error("three orders expected");

	const paid = await postOrderAction(
		t.app,
		customer.cookie,
		first.id,
		"payment",
	);
	expect(paid.statusCode).toBe(200);
	await placeOrders(t, customer, tool.id, 1);
	expect((await orderTwo(t.app, customer, tool.id)).statusCode).toBe(409);

	const cancelled = await postOrderAction(
		t.app,
		customer.cookie,
		second.id,
		"cancel",
	);
	expect(cancelled.statusCode).toBe(200);
	await placeOrders(t, customer, tool.id, 1);
	expect((await orderTwo(t.app, customer, tool.id)).statusCode).toBe(409);

	expect((await deleteOrderAs(t.app, admin.cookie, third.id)).statusCode).toBe(
		204,
	);
	await placeOrders(t, customer, tool.id, 1);
	expect((await orderTwo(t.app, customer, tool.id)).statusCode).toBe(409);
});

test("an unpaid order past its time to pay no longer counts, even before the sweep cancels it", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	const [overdue] = await placeOrders(t, customer, tool.id, 3);
	if (!overdue) throw new Error("an order expected");
	await t.db
		.updateTable("orders")
		.set({ pay_by: new Date(Date.now() - 60_000).toISOString() })
		.where("id", "=", overdue.id)
		.execute();

	expect((await orderTwo(t.app, customer, tool.id)).statusCode).toBe(201);
	expect((await orderTwo(t.app, customer, tool.id)).statusCode).toBe(409);
});

test("an Idempotency-Key sent again answers with its order even at the limit; a new key is refused", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	await placeOrders(t, customer, tool.id, 2);
	const third = await orderTwo(t.app, customer, tool.id, "third-order-key");
	expect(third.statusCode).toBe(201);

	const replay = await orderTwo(t.app, customer, tool.id, "third-order-key");
	expect(replay.statusCode).toBe(200);
	expect(replay.json().id).toBe(third.json().id);

	const fresh = await orderTwo(t.app, customer, tool.id, "fourth-order-key");
	expect(fresh.statusCode).toBe(409);
	expect(fresh.json().error.code).toBe("TOO_MANY_UNPAID_ORDERS");
	expect(await readStock(t.db, tool.id)).toBe(94);
});

test("the same Idempotency-Key sent twice at once at the last free place gives one order and its replay", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	await placeOrders(t, customer, tool.id, 2);
	const answers = await Promise.all([
		orderTwo(t.app, customer, tool.id, "last-place-key"),
		orderTwo(t.app, customer, tool.id, "last-place-key"),
	]);
	expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
	expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
	expect(await readStock(t.db, tool.id)).toBe(94);
});

test("admins obey the same limit", async () => {
	const { t, tool } = await shopWithCustomer();
	const admin = await signUpAdmin(t.app, t.db);
	await placeOrders(t, admin, tool.id, 3);
	const refused = await orderTwo(t.app, admin, tool.id);
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error).toEqual({
		code: "TOO_MANY_UNPAID_ORDERS",
		message: LIMIT_MESSAGE,
	});
});

test("MAX_UNPAID_ORDERS sets the limit, and the message follows it", async () => {
	const { t, tool, customer } = await shopWithCustomer({ maxUnpaidOrders: 1 });
	await placeOrders(t, customer, tool.id, 1);
	const refused = await orderTwo(t.app, customer, tool.id);
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"You have 1 unpaid order, the most an account can hold. Pay or cancel one in My Orders to order again.",
	);
});

test("an account holding more than a lowered limit is told how many to pay or cancel", async () => {
	const { t, tool, customer } = await shopWithCustomer();
	await placeOrders(t, customer, tool.id, 3);
	const lowered = await createSecondInstanceWithLimit(t, 1);
	const refused = await orderTwo(lowered, customer, tool.id);
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		"You have 3 unpaid orders; an account can hold at most 1. Pay or cancel 3 in My Orders to order again.",
	);
});

/** The same shop restarted with another MAX_UNPAID_ORDERS, on the same database. */
async function createSecondInstanceWithLimit(t: TestApp, limit: number) {
	return createSecondInstance({
		...t,
		config: { ...t.config, maxUnpaidOrders: limit },
	});
}

/** 20 orders of one customer at once, through the given instances: exactly 3 are placed. */
async function expectLimitHeld(t: TestApp, instances: FastifyInstance[]) {
	const tool = await insertTestTool(t.db, {
		available_quantity: 100,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Quick Quentin" });
	const answers = await Promise.all(
		Array.from({ length: 20 }, (_, index) =>
			postOrder(
				instances[index % instances.length] as FastifyInstance,
				customer.cookie,
				{ tool_id: tool.id, order_quantity: 1 },
			),
		),
	);
	const statuses = answers.map((answer) => answer.statusCode);
	expect(statuses.filter((status) => status === 201)).toHaveLength(3);
	const refusals = answers.filter((answer) => answer.statusCode === 409);
	expect(refusals).toHaveLength(17);
	for (const refusal of refusals)
		expect(refusal.json().error).toEqual({
			code: "TOO_MANY_UNPAID_ORDERS",
			message: LIMIT_MESSAGE,
		});
	expect(await readStock(t.db, tool.id)).toBe(97);
	expect(await countMyOrders(t, customer)).toBe(3);
}

test("20 orders of one customer at once: exactly 3 are placed, 17 refused, 3 pieces taken", async () => {
	const t = await createTestApp();
	await expectLimitHeld(t, [t.app]);
});

test.skipIf(!isPostgresRun)(
	"20 orders of one customer at once through two instances on one PostgreSQL database: exactly 3 are placed",
	async () => {
		const t = await createTestApp();
		await expectLimitHeld(t, [t.app, await createSecondInstance(t)]);
	},
);
