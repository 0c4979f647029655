import { expect, test } from "vitest";
import { CartSchema } from "../../../shared/cart.schemas.ts";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	deleteOrderAs,
	postCheckout,
	postOrderAction,
	readStock,
	TEST_DELIVERY,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import { addReceivingPoints } from "../receiving-points/receiving-points.service.ts";

async function shop() {
	const t = await createTestApp();
	const saw = await insertTestTool(t.db, {
		tool_name: "Panel Saw",
		price_cents: 2500,
		available_quantity: 40,
		minimum_quantity: 5,
	});
	const drill = await insertTestTool(t.db, {
		tool_name: "Pillar Drill",
		price_cents: 19_900,
		available_quantity: 3,
		minimum_quantity: 1,
	});
	const clamp = await insertTestTool(t.db, {
		tool_name: "Bar Clamp",
		price_cents: 1250,
		available_quantity: 100,
		minimum_quantity: 2,
	});
	const customer = await signUp(t.app, { name: "Cora Customer" });
	return { t, saw, drill, clamp, customer };
}

const threeLines = (ids: { saw: string; drill: string; clamp: string }) => [
	{ tool_id: ids.saw, quantity: 10 },
	{ tool_id: ids.drill, quantity: 2 },
	{ tool_id: ids.clamp, quantity: 4 },
];

test("checking out orders every line at its price, totals on the server and takes each line's stock", async () => {
	const { t, saw, drill, clamp, customer } = await shop();
	const response = await postCheckout(t.app, customer.cookie, {
		lines: threeLines({ saw: saw.id, drill: drill.id, clamp: clamp.id }),
		fulfilment: TEST_DELIVERY,
		purchase_order: "PO-7781",
		note: "Deliver to gate 3",
		// Whatever a client claims about money is ignored.
		total_cents: 1,
	});
	expect(response.statusCode).toBe(201);
	const order = OrderSchema.parse(response.json());
	expect(
		order.lines.map((line) => [
			line.tool_name,
			line.quantity,
			line.price_cents,
			line.line_total_cents,
		]),
	).toEqual([
		["Panel Saw", 10, 2500, 25_000],
		["Pillar Drill", 2, 19_900, 39_800],
		["Bar Clamp", 4, 1250, 5000],
	]);
	expect(order).toMatchObject({
		total_cents: 69_800,
		status: "unpaid",
		fulfilment: TEST_DELIVERY,
		purchase_order: "PO-7781",
		note: "Deliver to gate 3",
		// The spec's order fields are the first line's.
		tool_id: saw.id,
		order_quantity: 10,
	});
	expect([
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
		await readStock(t.db, clamp.id),
	]).toEqual([30, 1, 96]);
	const mine = (
		await t.app.inject({
			url: "/api/me/orders",
			headers: authHeaders(customer.cookie),
		})
	).json();
	expect(mine.items[0].lines).toHaveLength(3);
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order confirmed",
	);
	expect(mail.subject).toBe(
		"Tools Gallery: order confirmed, Panel Saw and 2 more tools",
	);
	expect(mail.text).toContain("2 × Pillar Drill at $199.00: $398.00");
	expect(mail.text).toContain("Total: $698.00");
	// An HTML version from the same parts: the lines as a table, and never the customer's own words.
	expect(mail.html).toContain("<td>Pillar Drill</td>");
	expect(mail.html).toContain("$698.00");
	expect(`${mail.text}${mail.html}`).not.toContain("Deliver to gate 3");
	expect(`${mail.text}${mail.html}`).not.toContain("12 Forge Lane");
});

test("one line that no longer fits refuses the whole checkout, names that line, and takes nothing", async () => {
	const { t, saw, drill, clamp, customer } = await shop();
	const lines = [
		{ tool_id: saw.id, quantity: 10 },
		{ tool_id: drill.id, quantity: 4 },
		{ tool_id: clamp.id, quantity: 4 },
	];
	const response = await postCheckout(t.app, customer.cookie, {
		lines,
		fulfilment: TEST_DELIVERY,
	});
	expect(response.statusCode).toBe(409);
	expect(response.json().error).toMatchObject({
		code: "CONFLICT",
		message: "Pillar Drill: Your maximum order is 3 pieces.",
		details: [
			{
				field: `lines.${drill.id}`,
				message: "Pillar Drill: Your maximum order is 3 pieces.",
			},
		],
	});
	expect([
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
		await readStock(t.db, clamp.id),
	]).toEqual([40, 3, 100]);
	const mine = (
		await t.app.inject({
			url: "/api/me/orders",
			headers: authHeaders(customer.cookie),
		})
	).json();
	expect(mine.total).toBe(0);
});

test("every line that does not fit is named: a deleted tool and one below its minimum", async () => {
	const { t, saw, drill, clamp, customer } = await shop();
	const admin = await signUpAdmin(t.app, t.db);
	await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${drill.id}`,
		headers: authHeaders(admin.cookie),
	});
	const response = await postCheckout(t.app, customer.cookie, {
		lines: [
			{ tool_id: saw.id, quantity: 3 },
			{ tool_id: drill.id, quantity: 1 },
			{ tool_id: clamp.id, quantity: 2 },
		],
		fulfilment: TEST_DELIVERY,
	});
	expect(response.statusCode).toBe(409);
	const { details, message } = response.json().error;
	expect(message).toBe(
		"2 lines of your cart cannot be ordered as they are; nothing was ordered.",
	);
	expect(details).toEqual(
		expect.arrayContaining([
			{
				field: `lines.${saw.id}`,
				message: "Panel Saw: Your minimum order is 5 pieces.",
			},
			{
				field: `lines.${drill.id}`,
				message:
					"Pillar Drill: this tool is no longer sold. Remove it from your cart.",
			},
		]),
	);
	expect(details).toHaveLength(2);
	expect(await readStock(t.db, clamp.id)).toBe(100);
});

test("a checkout sent again with its Idempotency-Key answers the first order; a different cart with it is a 409", async () => {
	const { t, saw, drill, customer } = await shop();
	const body = {
		lines: [
			{ tool_id: saw.id, quantity: 5 },
			{ tool_id: drill.id, quantity: 1 },
		],
		fulfilment: TEST_DELIVERY,
	};
	const first = await postCheckout(
		t.app,
		customer.cookie,
		body,
		"checkout-key-0001",
	);
	const again = await postCheckout(
		t.app,
		customer.cookie,
		body,
		"checkout-key-0001",
	);
	expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
	expect(again.json().id).toBe(first.json().id);
	const atOnce = await Promise.all(
		Array.from({ length: 5 }, () =>
			postCheckout(t.app, customer.cookie, body, "checkout-key-0002"),
		),
	);
	expect(atOnce.map((answer) => answer.statusCode).sort()).toEqual([
		200, 200, 200, 200, 201,
	]);
	expect(new Set(atOnce.map((answer) => answer.json().id)).size).toBe(1);
	// Two orders in all: each took its pieces once.
	expect([
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
	]).toEqual([30, 1]);
	const changed = await postCheckout(
		t.app,
		customer.cookie,
		{ ...body, lines: [{ tool_id: saw.id, quantity: 6 }] },
		"checkout-key-0001",
	);
	expect(changed.statusCode).toBe(409);
	expect(changed.json().error.message).toContain("used for a different order");
});

test("collection at a receiving point copies the point into the order; a point taken off the list is refused", async () => {
	const { t, saw, customer } = await shop();
	const [depot, closed] = await addReceivingPoints(t.db, [
		{
			name: "Leeds Depot",
			address: "3 Canal Wharf, Leeds",
			opening_hours: "Mon-Fri 8-18",
		},
		{ name: "Old Yard", address: "1 Mill Road", opening_hours: "Sat 9-12" },
	]);
	const admin = await signUpAdmin(t.app, t.db);
	await t.app.inject({
		method: "DELETE",
		url: `/api/receiving-points/${closed?.id}`,
		headers: authHeaders(admin.cookie),
	});
	const lines = [{ tool_id: saw.id, quantity: 5 }];
	const refused = await postCheckout(t.app, customer.cookie, {
		lines,
		fulfilment: { kind: "collection", receiving_point_id: closed?.id },
	});
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.details).toEqual([
		{
			field: "fulfilment.receiving_point_id",
			message:
				"This receiving point is no longer on the list. Choose another one.",
		},
	]);
	expect(await readStock(t.db, saw.id)).toBe(40);

	const placed = await postCheckout(t.app, customer.cookie, {
		lines,
		fulfilment: { kind: "collection", receiving_point_id: depot?.id },
	});
	expect(placed.statusCode).toBe(201);
	// Renaming the point later leaves the order's copy as it was.
	await t.app.inject({
		method: "PUT",
		url: `/api/receiving-points/${depot?.id}`,
		headers: authHeaders(admin.cookie),
		payload: {
			name: "Leeds North",
			address: "9 New Street",
			opening_hours: "Mon-Sat 7-19",
		},
	});
	const order = (
		await t.app.inject({
			url: `/api/orders/${placed.json().id}`,
			headers: authHeaders(customer.cookie),
		})
	).json();
	expect(order.fulfilment).toEqual({
		kind: "collection",
		receiving_point: depot,
	});
});

test("a checkout takes the ordered tools out of the customer's cart and leaves the others", async () => {
	const { t, saw, drill, clamp, customer } = await shop();
	for (const [tool, quantity] of [
		[saw, 5],
		[drill, 1],
		[clamp, 2],
	] as const)
		await t.app.inject({
			method: "PUT",
			url: `/api/cart/lines/${tool.id}`,
			headers: authHeaders(customer.cookie),
			payload: { quantity },
		});
	const placed = await postCheckout(t.app, customer.cookie, {
		lines: [
			{ tool_id: saw.id, quantity: 5 },
			{ tool_id: drill.id, quantity: 1 },
		],
		fulfilment: TEST_DELIVERY,
	});
	expect(placed.statusCode).toBe(201);
	const cart = CartSchema.parse(
		(
			await t.app.inject({
				url: "/api/cart",
				headers: authHeaders(customer.cookie),
			})
		).json(),
	);
	expect(cart.lines.map((line) => line.tool_id)).toEqual([clamp.id]);
});

test("cancelling a checked-out order puts back every line; an admin's delete of another does too, and the holders list counts all pieces", async () => {
	const { t, saw, drill, clamp, customer } = await shop();
	const admin = await signUpAdmin(t.app, t.db);
	const lines = threeLines({
		saw: saw.id,
		drill: drill.id,
		clamp: clamp.id,
	}).map((line) => ({
		...line,
		quantity: line.tool_id === drill.id ? 1 : line.quantity,
	}));
	const first = (
		await postCheckout(t.app, customer.cookie, {
			lines,
			fulfilment: TEST_DELIVERY,
		})
	).json();
	const second = (
		await postCheckout(t.app, customer.cookie, {
			lines,
			fulfilment: TEST_DELIVERY,
		})
	).json();
	const holders = (
		await t.app.inject({
			url: "/api/admin/unpaid-holders",
			headers: authHeaders(admin.cookie),
		})
	).json();
	expect(holders.items[0]).toMatchObject({ unpaid_orders: 2, pieces: 2 * 15 });

	expect(
		(await postOrderAction(t.app, customer.cookie, first.id, "cancel"))
			.statusCode,
	).toBe(200);
	expect([
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
		await readStock(t.db, clamp.id),
	]).toEqual([30, 2, 96]);
	expect((await deleteOrderAs(t.app, admin.cookie, second.id)).statusCode).toBe(
		204,
	);
	expect([
		await readStock(t.db, saw.id),
		await readStock(t.db, drill.id),
		await readStock(t.db, clamp.id),
	]).toEqual([40, 3, 100]);
	const deletions = (
		await t.app.inject({
			url: "/api/order-deletions",
			headers: authHeaders(admin.cookie),
		})
	).json();
	expect(deletions.items[0]).toMatchObject({
		restocked: 15,
		order: { id: second.id },
	});
	expect(deletions.items[0].order.lines).toHaveLength(3);
});

test("checkout input is checked: an empty cart, a missing address field or an unknown fulfilment is a 400 and takes nothing", async () => {
	const { t, saw, customer } = await shop();
	const lines = [{ tool_id: saw.id, quantity: 5 }];
	const cases = [
		{ lines: [], fulfilment: TEST_DELIVERY },
		{
			lines,
			fulfilment: {
				kind: "delivery",
				address: { ...TEST_DELIVERY.address, city: "  " },
			},
		},
		{ lines, fulfilment: { kind: "teleport" } },
		{ lines, fulfilment: TEST_DELIVERY, note: "x".repeat(1001) },
		{ lines },
	];
	for (const body of cases) {
		const response = await postCheckout(t.app, customer.cookie, body);
		expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
	}
	const visitor = await t.app.inject({
		method: "POST",
		url: "/api/checkout",
		headers: authHeaders(),
		payload: { lines, fulfilment: TEST_DELIVERY },
	});
	expect(visitor.statusCode).toBe(401);
	expect(await readStock(t.db, saw.id)).toBe(40);
});
