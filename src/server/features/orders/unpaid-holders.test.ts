import { expect, test } from "vitest";
import {
	OrderSchema,
	UnpaidHolderPageSchema,
} from "../../../shared/orders.schemas.ts";
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
} from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

function readHolders(t: TestApp, cookie: string | undefined, query = "") {
	return t.app.inject({
		url: `/api/admin/unpaid-holders${query}`,
		headers: authHeaders(cookie),
	});
}

async function order(
	t: TestApp,
	customer: SignedIn,
	toolId: string,
	quantity: number,
) {
	const response = await postOrder(t.app, customer.cookie, {
		tool_id: toolId,
		order_quantity: quantity,
	});
	expect(response.statusCode, response.body).toBe(201);
	return OrderSchema.parse(response.json());
}

/** Two customers holding stock, and one whose orders are all paid, cancelled or deleted. */
async function shopWithHolders() {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Admin" });
	const saw = await insertTestTool(t.db, {
		price_cents: 10_000,
		available_quantity: 100,
		minimum_quantity: 1,
	});
	const drill = await insertTestTool(t.db, {
		price_cents: 2_500,
		available_quantity: 100,
		minimum_quantity: 1,
	});
	const hanna = await signUp(t.app, { name: "Hanna Holder" });
	const first = await order(t, hanna, saw.id, 2);
	await order(t, hanna, drill.id, 5);
	const paid = await order(t, hanna, drill.id, 20);
	await postOrderAction(t.app, hanna.cookie, paid.id, "payment");
	const bulk = await signUp(t.app, { name: "Bo Bulk" });
	const bulkOrder = await order(t, bulk, drill.id, 10);
	const settled = await signUp(t.app, { name: "Sam Settled" });
	const cancelled = await order(t, settled, saw.id, 30);
	await postOrderAction(t.app, settled.cookie, cancelled.id, "cancel");
	const deleted = await order(t, settled, saw.id, 30);
	await deleteOrderAs(t.app, admin.cookie, deleted.id);
	return { t, admin, hanna, bulk, first, bulkOrder };
}

test("only admins see who holds unpaid orders: anonymous 401, a customer 403", async () => {
	const { t, admin, hanna } = await shopWithHolders();
	expect((await readHolders(t, undefined)).statusCode).toBe(401);
	const asCustomer = await readHolders(t, hanna.cookie);
	expect(asCustomer.statusCode).toBe(403);
	expect(asCustomer.json().error.code).toBe("FORBIDDEN");
	expect((await readHolders(t, admin.cookie)).statusCode).toBe(200);
});

test("each customer's open unpaid orders, pieces, value and oldest time to pay, the largest holders first", async () => {
	const { t, admin, hanna, bulk, first, bulkOrder } = await shopWithHolders();
	const response = await readHolders(t, admin.cookie);
	expect(response.statusCode).toBe(200);
	const page = UnpaidHolderPageSchema.parse(response.json());
	expect(page).toEqual({
		items: [
			{
				user_id: bulk.userId,
				name: "Bo Bulk",
				email: bulk.email,
				unpaid_orders: 1,
				pieces: 10,
				value_cents: 25_000,
				oldest_pay_by: bulkOrder.pay_by,
			},
			{
				user_id: hanna.userId,
				name: "Hanna Holder",
				email: hanna.email,
				unpaid_orders: 2,
				pieces: 7,
				value_cents: 2 * 10_000 + 5 * 2_500,
				oldest_pay_by: first.pay_by,
			},
		],
		page: 1,
		page_size: 10,
		total: 2,
	});
});

test("the holders are paged by the server", async () => {
	const { t, admin, hanna } = await shopWithHolders();
	const response = await readHolders(t, admin.cookie, "?page=2&page_size=1");
	expect(response.statusCode).toBe(200);
	const page = UnpaidHolderPageSchema.parse(response.json());
	expect(page.items.map((holder) => holder.email)).toEqual([hanna.email]);
	expect(page).toMatchObject({ page: 2, page_size: 1, total: 2 });
});

test("a bad page is a 400 naming it", async () => {
	const { t, admin } = await shopWithHolders();
	const response = await readHolders(t, admin.cookie, "?page_size=0");
	expect(response.statusCode).toBe(400);
	expect(response.json().error).toMatchObject({
		code: "VALIDATION_FAILED",
		details: [{ field: "page_size", message: "page_size must be 1 or more" }],
	});
});

test("with no unpaid orders the list is empty", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await readHolders(t, admin.cookie);
	expect(response.json()).toEqual({
		items: [],
		page: 1,
		page_size: 10,
		total: 0,
	});
});

test("the unpaid orders of a removed account still show, under the name and email they were placed with", async () => {
	const { t, admin, hanna } = await shopWithHolders();
	const removed = await t.app.inject({
		method: "DELETE",
		url: `/api/users/${hanna.userId}`,
		headers: authHeaders(admin.cookie),
	});
	expect(removed.statusCode).toBe(204);
	const page = UnpaidHolderPageSchema.parse(
		(await readHolders(t, admin.cookie)).json(),
	);
	expect(page.items[1]).toMatchObject({
		user_id: null,
		name: "Hanna Holder",
		email: hanna.email,
		unpaid_orders: 2,
		pieces: 7,
	});
});

test("the holders list is in the OpenAPI document, for admins' sessions", async () => {
	const t = await createTestApp();
	const document = (await t.app.inject({ url: "/api/openapi.json" })).json();
	const operation = document.paths["/api/admin/unpaid-holders"]?.get;
	expect(operation).toMatchObject({
		operationId: "listUnpaidHolders",
		security: [{ sessionCookie: [] }, { bearerToken: [] }],
	});
	expect(
		Object.keys(
			operation.responses["200"].content["application/json"].schema.properties
				.items.items.properties,
		).sort(),
	).toEqual([
		"email",
		"name",
		"oldest_pay_by",
		"pieces",
		"unpaid_orders",
		"user_id",
		"value_cents",
	]);
});
