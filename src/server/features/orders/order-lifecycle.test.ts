import { expect, test } from "vitest";
import {
	OrderDeletionPageSchema,
	OrderPageSchema,
	OrderSchema,
	PaymentStartSchema,
} from "../../../shared/orders.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	deleteOrderAs,
	postOrder,
	postOrderAction,
	readStock,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

async function shopWithOrder() {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		tool_name: "Pipe Wrench",
		price_cents: 1500,
		available_quantity: 30,
		minimum_quantity: 2,
	});
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const placed = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 4,
	});
	const order = OrderSchema.parse(placed.json());
	return { t, tool, customer, order };
}

test("a customer cancels an unpaid order and its pieces go back into stock, once", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	expect(await readStock(t.db, tool.id)).toBe(26);
	const cancelled = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"cancel",
	);
	expect(cancelled.statusCode).toBe(200);
	expect(cancelled.json()).toMatchObject({ status: "cancelled" });
	expect(await readStock(t.db, tool.id)).toBe(30);

	const again = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"cancel",
	);
	expect(again.statusCode).toBe(409);
	expect(again.json().error.message).toBe("This order is already cancelled");
	expect(await readStock(t.db, tool.id)).toBe(30);

	const pay = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"payment",
	);
	expect(pay.statusCode).toBe(409);
	expect(pay.json().error.message).toBe("A cancelled order cannot be paid");
});

test("paying in test mode records one payment with a transaction id; paying again records nothing new", async () => {
	const { t, customer, order } = await shopWithOrder();
	const options = await t.app.inject({ url: "/api/payment-options" });
	expect(options.json()).toEqual({ provider: "test" });

	const paid = PaymentStartSchema.parse(
		(await postOrderAction(t.app, customer.cookie, order.id, "payment")).json(),
	);
	expect(paid.provider).toBe("test");
	expect(paid.order.status).toBe("paid");
	expect(paid.order.payment_id).toMatch(/^test_/);
	expect(paid.order.test_payment).toBe(true);

	const again = PaymentStartSchema.parse(
		(await postOrderAction(t.app, customer.cookie, order.id, "payment")).json(),
	);
	expect(again.order.payment_id).toBe(paid.order.payment_id);
	expect(again.order.paid_at).toBe(paid.order.paid_at);

	const receipt = await waitForOrderMail(
		t.config,
		customer.email,
		"payment received",
	);
	expect(receipt.text).toContain(`Transaction ID: ${paid.order.payment_id}`);
});

test("a paid order cannot be cancelled by the customer", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	await postOrderAction(t.app, customer.cookie, order.id, "payment");
	const response = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"cancel",
	);
	expect(response.statusCode).toBe(409);
	expect(response.json().error.message).toBe(
		"A paid order cannot be cancelled",
	);
	expect(await readStock(t.db, tool.id)).toBe(26);
});

test("another customer's order is a 404 everywhere, and nothing changes", async () => {
	const { t, tool, order } = await shopWithOrder();
	const other = await signUp(t.app, { name: "Otto Other" });
	const read = await t.app.inject({
		url: `/api/orders/${order.id}`,
		headers: authHeaders(other.cookie),
	});
	expect(read.statusCode).toBe(404);
	for (const action of ["cancel", "payment"] as const) {
		const response = await postOrderAction(
			t.app,
			other.cookie,
			order.id,
			action,
		);
		expect(response.statusCode).toBe(404);
	}
	const theirList = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/me/orders",
				headers: authHeaders(other.cookie),
			})
		).json(),
	);
	expect(theirList.total).toBe(0);
	expect(await readStock(t.db, tool.id)).toBe(26);
});

test("My Orders lists the customer's own orders newest first, a page at a time", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	const second = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 2,
	});
	const page = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/me/orders?page=1&page_size=1",
				headers: authHeaders(customer.cookie),
			})
		).json(),
	);
	expect(page.total).toBe(2);
	expect(page.items.map((item) => item.id)).toEqual([second.json().id]);
	const next = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/me/orders?page=2&page_size=1",
				headers: authHeaders(customer.cookie),
			})
		).json(),
	);
	expect(next.items.map((item) => item.id)).toEqual([order.id]);
});

test("admins list every order newest first, by status and by part of the email", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	const admin = await signUpAdmin(t.app, t.db);
	const other = await signUp(t.app, { name: "Otto Other" });
	const othersOrder = OrderSchema.parse(
		(
			await postOrder(t.app, other.cookie, {
				tool_id: tool.id,
				order_quantity: 3,
			})
		).json(),
	);
	await postOrderAction(t.app, other.cookie, othersOrder.id, "payment");
	const list = async (query: string) =>
		OrderPageSchema.parse(
			(
				await t.app.inject({
					url: `/api/orders${query}`,
					headers: authHeaders(admin.cookie),
				})
			).json(),
		);
	expect((await list("")).items.map((item) => item.id)).toEqual([
		othersOrder.id,
		order.id,
	]);
	expect((await list("?status=paid")).items.map((item) => item.id)).toEqual([
		othersOrder.id,
	]);
	const byEmail = await list(
		`?email=${customer.email.slice(0, 12).toUpperCase()}`,
	);
	expect(byEmail.items.map((item) => item.id)).toEqual([order.id]);
	expect((await list("?email=%25")).total).toBe(0);
	const bad = await t.app.inject({
		url: "/api/orders?status=lost",
		headers: authHeaders(admin.cookie),
	});
	expect(bad.statusCode).toBe(400);
});

test("an admin deletes an unpaid order: its stock comes back, it leaves every list, and the audit says who, when and what", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	const admin = await signUpAdmin(t.app, t.db, { name: "Ada Admin" });
	const response = await deleteOrderAs(t.app, admin.cookie, order.id);
	expect(response.statusCode).toBe(204);
	expect(await readStock(t.db, tool.id)).toBe(30);

	const mine = await t.app.inject({
		url: "/api/me/orders",
		headers: authHeaders(customer.cookie),
	});
	expect(mine.json().total).toBe(0);
	const all = await t.app.inject({
		url: "/api/orders",
		headers: authHeaders(admin.cookie),
	});
	expect(all.json().total).toBe(0);

	const audit = OrderDeletionPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/order-deletions",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(audit.items).toHaveLength(1);
	expect(audit.items[0]).toMatchObject({
		order_id: order.id,
		deleted_by_email: admin.email,
		restocked: 4,
		order: { id: order.id, tool_name: "Pipe Wrench", status: "unpaid" },
	});

	const twice = await deleteOrderAs(t.app, admin.cookie, order.id);
	expect(twice.statusCode).toBe(404);
	expect(await readStock(t.db, tool.id)).toBe(30);
});

test("deleting a paid order keeps the stock as it is", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	await postOrderAction(t.app, customer.cookie, order.id, "payment");
	const admin = await signUpAdmin(t.app, t.db);
	await deleteOrderAs(t.app, admin.cookie, order.id);
	expect(await readStock(t.db, tool.id)).toBe(26);
	const audit = await t.app.inject({
		url: "/api/order-deletions",
		headers: authHeaders(admin.cookie),
	});
	expect(audit.json().items[0]).toMatchObject({
		restocked: 0,
		order: { status: "paid" },
	});
});

test("a racing cancel and admin delete of one unpaid order put its stock back once", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	const admin = await signUpAdmin(t.app, t.db);
	await Promise.all([
		postOrderAction(t.app, customer.cookie, order.id, "cancel"),
		deleteOrderAs(t.app, admin.cookie, order.id),
		postOrderAction(t.app, customer.cookie, order.id, "cancel"),
	]);
	expect(await readStock(t.db, tool.id)).toBe(30);
});

test("an order still reads the same after its tool is deleted and its customer's account removed", async () => {
	const { t, tool, customer, order } = await shopWithOrder();
	const admin = await signUpAdmin(t.app, t.db);
	await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${tool.id}`,
		headers: authHeaders(admin.cookie),
	});
	const afterToolDeleted = await t.app.inject({
		url: `/api/orders/${order.id}`,
		headers: authHeaders(customer.cookie),
	});
	expect(afterToolDeleted.json()).toMatchObject(order);

	await t.app.inject({
		method: "DELETE",
		url: `/api/users/${customer.userId}`,
		headers: authHeaders(admin.cookie),
	});
	const all = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/orders",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(all.items).toEqual([order]);
});

test("a deletion recorded before orders had refunds still lists, its order without a refund", async () => {
	const { t, order } = await shopWithOrder();
	const admin = await signUpAdmin(t.app, t.db);
	// The snapshot as a deletion kept it before refunds: no refund_id.
	const { refund_id: _none, ...olderSnapshot } = order;
	await t.db
		.insertInto("order_deletions")
		.values({
			id: "5f0c6a2e-4b1d-4c1e-9f52-0c2b9d7a1e01",
			order_id: order.id,
			deleted_at: "2026-11-24T09:00:00.000Z",
			deleted_by_id: admin.userId,
			deleted_by_email: admin.email,
			restocked: 0,
			order_snapshot: JSON.stringify(olderSnapshot),
		})
		.execute();
	const response = await t.app.inject({
		url: "/api/order-deletions",
		headers: authHeaders(admin.cookie),
	});
	expect(response.statusCode, response.body).toBe(200);
	const audit = OrderDeletionPageSchema.parse(response.json());
	expect(audit.items[0]?.order).toEqual(order);
	expect(order.refund_id).toBeNull();
});

test("an order paid with the test provider is marked a test payment for its customer, the admins and the deletion audit", async () => {
	const { t, customer, order } = await shopWithOrder();
	expect(order.test_payment).toBe(false);
	await postOrderAction(t.app, customer.cookie, order.id, "payment");
	const admin = await signUpAdmin(t.app, t.db);

	const own = await t.app.inject({
		url: `/api/orders/${order.id}`,
		headers: authHeaders(customer.cookie),
	});
	expect(OrderSchema.parse(own.json())).toMatchObject({
		status: "paid",
		test_payment: true,
	});
	const listed = OrderPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/orders?status=paid",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(listed.items).toEqual([
		expect.objectContaining({ id: order.id, test_payment: true }),
	]);

	await deleteOrderAs(t.app, admin.cookie, order.id);
	// A deletion recorded before orders were labelled: its snapshot has no test_payment.
	const { test_payment: _unlabelled, ...olderSnapshot } = OrderSchema.parse(
		own.json(),
	);
	await t.db
		.insertInto("order_deletions")
		.values({
			id: "5f0c6a2e-4b1d-4c1e-9f52-0c2b9d7a1e02",
			order_id: order.id,
			deleted_at: "2026-11-24T09:00:00.000Z",
			deleted_by_id: admin.userId,
			deleted_by_email: admin.email,
			restocked: 0,
			order_snapshot: JSON.stringify(olderSnapshot),
		})
		.execute();
	const audit = OrderDeletionPageSchema.parse(
		(
			await t.app.inject({
				url: "/api/order-deletions",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(audit.items.map((deletion) => deletion.order.test_payment)).toEqual([
		true,
		true,
	]);
});
