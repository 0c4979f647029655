import { expect, test } from "vitest";
import {
	type Order,
	OrderPageSchema,
	OrderSchema,
} from "../../../shared/orders.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { postOrder, postOrderAction } from "../../test-support/orders.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

/** A moment later than anything stored so far: times are kept to the millisecond. */
async function nextMillisecond(): Promise<string> {
	const at = new Date().toISOString();
	await new Promise((resolve) => setTimeout(resolve, 5));
	return at;
}

/** A shop where a customer placed three orders, all before `since`. */
async function shopWithOrders() {
	const t = await createTestApp({ seed: false });
	const tool = await insertTestTool(t.db, {
		tool_name: "Block Plane",
		price_cents: 4500,
		available_quantity: 100,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Sync Customer" });
	const admin = await signUpAdmin(t.app, t.db);
	const orders: Order[] = [];
	for (let i = 0; i < 3; i += 1) {
		const placed = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: 1,
		});
		expect(placed.statusCode).toBe(201);
		orders.push(OrderSchema.parse(placed.json()));
		await nextMillisecond();
	}
	const since = await nextMillisecond();
	const list = (query: string) =>
		t.app.inject({
			url: `/api/orders?${query}`,
			headers: authHeaders(admin.cookie),
		});
	return { t, customer, orders, since, list };
}

test("updated_since lists only the orders changed since then, oldest change first, each with when it changed", async () => {
	const { t, customer, orders, since, list } = await shopWithOrders();
	const [first, second, third] = orders;
	if (!first || !second || !third) throw new Error("three orders expected");
	await postOrderAction(t.app, customer.cookie, third.id, "cancel");
	await nextMillisecond();
	await postOrderAction(t.app, customer.cookie, first.id, "payment");

	const response = await list(`updated_since=${since}`);
	expect(response.statusCode).toBe(200);
	const page = OrderPageSchema.parse(response.json());
	expect(page.total).toBe(2);
	expect(page.items.map((order) => [order.id, order.status])).toEqual([
		[third.id, "cancelled"],
		[first.id, "paid"],
	]);
	for (const order of page.items) expect(order.updated_at >= since).toBe(true);
	const [cancelled, paid] = page.items;
	expect(cancelled && paid && cancelled.updated_at < paid.updated_at).toBe(
		true,
	);

	// Paged in the same order; other filters still apply.
	const pageTwo = OrderPageSchema.parse(
		(await list(`updated_since=${since}&page=2&page_size=1`)).json(),
	);
	expect(pageTwo.items.map((order) => order.id)).toEqual([first.id]);
	const paidOnly = OrderPageSchema.parse(
		(await list(`updated_since=${since}&status=paid`)).json(),
	);
	expect(paidOnly.items.map((order) => order.id)).toEqual([first.id]);

	// The next visit starts from the last change it saw: the bound is inclusive, so it finds that
	// change again (and would find any other of the same millisecond) and nothing else.
	const later = OrderPageSchema.parse(
		(await list(`updated_since=${paid?.updated_at}`)).json(),
	);
	expect(later.items.map((order) => order.id)).toEqual([first.id]);
});

test("a time with an offset means the same instant; a malformed one is a 400 that says the form", async () => {
	const { t, customer, orders, since, list } = await shopWithOrders();
	const [first] = orders;
	if (!first) throw new Error("an order expected");
	await postOrderAction(t.app, customer.cookie, first.id, "cancel");
	// The same instant written two hours ahead of UTC.
	const instant = new Date(since);
	const shifted = new Date(instant.getTime() + 2 * 3_600_000)
		.toISOString()
		.replace("Z", "+02:00");
	const withOffset = OrderPageSchema.parse(
		(await list(`updated_since=${encodeURIComponent(shifted)}`)).json(),
	);
	expect(withOffset.items.map((order) => order.id)).toEqual([first.id]);

	const malformed = await list("updated_since=yesterday");
	expect(malformed.statusCode).toBe(400);
	expect(malformed.json()).toEqual({
		error: {
			code: "VALIDATION_FAILED",
			message: "Invalid querystring: updated_since",
			details: [
				{
					field: "updated_since",
					message:
						"updated_since must be an ISO-8601 date and time, such as 2026-12-01T09:00:00Z",
				},
			],
		},
	});
});

test("without updated_since the list is newest first, as before", async () => {
	const { orders, list } = await shopWithOrders();
	const page = OrderPageSchema.parse((await list("")).json());
	expect(page.items.map((order) => order.id)).toEqual(
		[...orders].reverse().map((order) => order.id),
	);
});
