import { expect, test, vi } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { outboxDir } from "../../app.ts";
import { readOutbox } from "../../platform/mail/mailer.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	deleteOrderAs,
	postOrder,
	readStock,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

async function shopWithTool(stock = { available: 20, minimum: 5 }) {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		tool_name: "Bench Grinder",
		price_cents: 2499,
		available_quantity: stock.available,
		minimum_quantity: stock.minimum,
	});
	const customer = await signUp(t.app, { name: "Cora Customer" });
	return { t, tool, customer };
}

test("an order takes exactly its pieces from stock and copies the tool, the customer and the server's total", async () => {
	const { t, tool, customer } = await shopWithTool();
	const response = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 6,
	});
	expect(response.statusCode).toBe(201);
	const order = OrderSchema.parse(response.json());
	expect(order).toMatchObject({
		tool_id: tool.id,
		tool_name: "Bench Grinder",
		img: tool.img,
		description: tool.description,
		price_cents: 2499,
		order_quantity: 6,
		total_cents: 6 * 2499,
		email: customer.email,
		user_name: "Cora Customer",
		status: "unpaid",
		payment_id: null,
	});
	expect(await readStock(t.db, tool.id)).toBe(14);
});

test.each([
	["minimum − 1", 4, 409, "Your minimum order is 5 pieces."],
	["the minimum", 5, 201, undefined],
	["all the stock", 20, 201, undefined],
	["stock + 1", 21, 409, "Your maximum order is 20 pieces."],
])(
	"ordering %s pieces (%i) answers %i",
	async (_edge, quantity, status, message) => {
		const { t, tool, customer } = await shopWithTool();
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: quantity,
		});
		expect(response.statusCode).toBe(status);
		if (message) {
			expect(response.json().error).toMatchObject({
				code: "CONFLICT",
				message,
			});
			expect(await readStock(t.db, tool.id)).toBe(20);
		} else {
			expect(await readStock(t.db, tool.id)).toBe(20 - quantity);
		}
	},
);

test.each([
	["0", 0],
	["a negative number", -3],
	["a fraction", 5.5],
	["a string", "6"],
	["a huge number", 1e12],
	["nothing", undefined],
])(
	"a quantity of %s is a 400 naming order_quantity, and no stock moves",
	async (_label, quantity) => {
		const { t, tool, customer } = await shopWithTool();
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: quantity,
		});
		expect(response.statusCode).toBe(400);
		expect(response.json().error.code).toBe("VALIDATION_FAILED");
		expect(
			response.json().error.details.map((d: { field: string }) => d.field),
		).toContain("order_quantity");
		expect(await readStock(t.db, tool.id)).toBe(20);
	},
);

test("a tool whose stock is below its minimum is 'Stock Out'", async () => {
	const { t, tool, customer } = await shopWithTool({
		available: 3,
		minimum: 5,
	});
	const response = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 3,
	});
	expect(response.statusCode).toBe(409);
	expect(response.json().error.message).toBe("Stock Out");
});

test("an unknown or deleted tool cannot be ordered (404)", async () => {
	const { t, tool, customer } = await shopWithTool();
	const admin = await signUpAdmin(t.app, t.db);
	await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${tool.id}`,
		headers: authHeaders(admin.cookie),
	});
	for (const toolId of [tool.id, "0b5e4bb4-5a3e-4a55-9d4c-1f7d6c1f2e3a"]) {
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: toolId,
			order_quantity: 5,
		});
		expect(response.statusCode).toBe(404);
	}
});

test("price, total, status, customer and payment sent by the client are ignored", async () => {
	const { t, tool, customer } = await shopWithTool();
	const response = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 5,
		price: 1,
		price_cents: 1,
		total_cents: 1,
		status: "paid",
		payment_id: "pi_free",
		email: "someone.else@example.com",
		user_name: "Mallory",
		user_id: "another-user",
		id: "0b5e4bb4-5a3e-4a55-9d4c-1f7d6c1f2e3a",
	});
	expect(response.statusCode).toBe(201);
	const order = OrderSchema.parse(response.json());
	expect(order).toMatchObject({
		price_cents: 2499,
		total_cents: 5 * 2499,
		status: "unpaid",
		payment_id: null,
		email: customer.email,
		user_name: "Cora Customer",
	});
	expect(order.id).not.toBe("0b5e4bb4-5a3e-4a55-9d4c-1f7d6c1f2e3a");
});

test("the same Idempotency-Key from the same customer answers with the first order, and takes stock once", async () => {
	const { t, tool, customer } = await shopWithTool();
	const input = { tool_id: tool.id, order_quantity: 5 };
	const first = await postOrder(
		t.app,
		customer.cookie,
		input,
		"order-key-0001",
	);
	const again = await postOrder(
		t.app,
		customer.cookie,
		input,
		"order-key-0001",
	);
	expect(first.statusCode).toBe(201);
	expect(again.statusCode).toBe(200);
	expect(again.json().id).toBe(first.json().id);
	expect(await readStock(t.db, tool.id)).toBe(15);

	// Another customer's identical key is their own order.
	const other = await signUp(t.app, { name: "Otto Other" });
	const theirs = await postOrder(t.app, other.cookie, input, "order-key-0001");
	expect(theirs.statusCode).toBe(201);
	expect(theirs.json().id).not.toBe(first.json().id);
	expect(await readStock(t.db, tool.id)).toBe(10);

	const racing = await Promise.all(
		Array.from({ length: 5 }, () =>
			postOrder(t.app, customer.cookie, input, "order-key-race"),
		),
	);
	expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
	expect(await readStock(t.db, tool.id)).toBe(5);
});

test("an Idempotency-Key sent again with another tool or quantity is a 409, and places nothing", async () => {
	const { t, tool, customer } = await shopWithTool();
	const first = await postOrder(
		t.app,
		customer.cookie,
		{ tool_id: tool.id, order_quantity: 5 },
		"order-key-0002",
	);
	expect(first.statusCode).toBe(201);
	const other = await insertTestTool(t.db, { tool_name: "Angle Grinder" });
	for (const input of [
		{ tool_id: tool.id, order_quantity: 6 },
		{ tool_id: other.id, order_quantity: 5 },
	]) {
		const response = await postOrder(
			t.app,
			customer.cookie,
			input,
			"order-key-0002",
		);
		expect(response.statusCode).toBe(409);
		expect(response.json().error.message).toBe(
			"This Idempotency-Key was used for a different order. Send a new key to place a new order.",
		);
	}
	expect(await readStock(t.db, tool.id)).toBe(15);
	expect(await readStock(t.db, other.id)).toBe(other.available_quantity);
	const mine = await t.app.inject({
		url: "/api/me/orders",
		headers: authHeaders(customer.cookie),
	});
	expect(mine.json().total).toBe(1);
});

test("an Idempotency-Key whose order the shop deleted is a 409 saying so, not the deleted order", async () => {
	const { t, tool, customer } = await shopWithTool();
	const input = { tool_id: tool.id, order_quantity: 5 };
	const first = await postOrder(
		t.app,
		customer.cookie,
		input,
		"order-key-0003",
	);
	const admin = await signUpAdmin(t.app, t.db);
	const deleted = await deleteOrderAs(t.app, admin.cookie, first.json().id);
	expect(deleted.statusCode).toBe(204);

	const again = await postOrder(
		t.app,
		customer.cookie,
		input,
		"order-key-0003",
	);
	expect(again.statusCode).toBe(409);
	expect(again.json().error.message).toBe(
		"The order placed with this Idempotency-Key was deleted by the shop. Send a new key to order again.",
	);
	expect(await readStock(t.db, tool.id)).toBe(20);
});

test("a malformed Idempotency-Key is a 400", async () => {
	const { t, tool, customer } = await shopWithTool();
	const response = await postOrder(
		t.app,
		customer.cookie,
		{ tool_id: tool.id, order_quantity: 5 },
		"bad key!",
	);
	expect(response.statusCode).toBe(400);
	expect(await readStock(t.db, tool.id)).toBe(20);
});

test("a visitor cannot order (401) and no stock moves", async () => {
	const { t, tool } = await shopWithTool();
	const response = await t.app.inject({
		method: "POST",
		url: "/api/orders",
		headers: authHeaders(),
		payload: { tool_id: tool.id, order_quantity: 5 },
	});
	expect(response.statusCode).toBe(401);
	expect(await readStock(t.db, tool.id)).toBe(20);
});

test("placing an order mails a confirmation to the customer", async () => {
	const { t, tool, customer } = await shopWithTool();
	await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 5,
	});
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order confirmed",
	);
	expect(mail.text).toContain("Bench Grinder");
	expect(mail.text).toContain("$124.95");
});

test("an order's mail is signed with the shop name saved just before it, not the one the last order's mail was signed with", async () => {
	const { t, tool, customer } = await shopWithTool();
	const admin = await signUpAdmin(t.app, t.db);
	const order = () =>
		postOrder(t.app, customer.cookie, { tool_id: tool.id, order_quantity: 5 });
	const subjects = async () =>
		(await readOutbox(outboxDir(t.config)))
			.filter(
				(entry) =>
					entry.to === customer.email &&
					entry.subject.includes("order confirmed"),
			)
			.map((entry) => entry.subject.split(":")[0])
			.sort();

	expect((await order()).statusCode).toBe(201);
	const saved = await t.app.inject({
		method: "PUT",
		url: "/api/admin/shop-settings",
		headers: authHeaders(admin.cookie),
		payload: {
			shop_name: "Forge & Anvil Tools Ltd",
			legal_address: "",
			tax_id: "",
			contact_email: "",
			currency: "USD",
		},
	});
	expect(saved.statusCode, saved.body).toBe(200);
	expect((await order()).statusCode).toBe(201);

	await vi.waitFor(async () =>
		expect(await subjects()).toEqual([
			"Forge & Anvil Tools Ltd",
			"Tools Gallery",
		]),
	);
});
