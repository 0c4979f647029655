import { expect, test, vi } from "vitest";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import { authHeaders, signUp } from "../../test-support/accounts.ts";
import {
	ordersFeatureOf,
	postOrder,
	postOrderAction,
	readStock,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import {
	createSecondInstance,
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import { cancelOverdueOrders } from "./order-expiry.service.ts";

const HOUR_MS = 3_600_000;

/** A shop (UNPAID_ORDER_HOURS at its default, 48) with a tool of 30 pieces and one customer. */
async function shopWithCustomer(config: { unpaidOrderHours?: number } = {}) {
	const t = await createTestApp({ config });
	const tool = await insertTestTool(t.db, {
		tool_name: "Tap and Die Set",
		price_cents: 4200,
		available_quantity: 30,
		minimum_quantity: 2,
	});
	const customer = await signUp(t.app, { name: "Una Unpaid" });
	const order = async (quantity: number) => {
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: quantity,
		});
		expect(response.statusCode, response.body).toBe(201);
		return OrderSchema.parse(response.json());
	};
	return { t, tool, customer, order };
}

/**
 * Moves an order's placing back in time, as if it had been placed `hours` ago with the default
 * 48 hours to pay.
 */
async function placedHoursAgo(t: TestApp, orderId: string, hours: number) {
	const placedAt = Date.now() - hours * HOUR_MS;
	await t.db
		.updateTable("orders")
		.set({
			created_at: new Date(placedAt).toISOString(),
			pay_by: new Date(placedAt + 48 * HOUR_MS).toISOString(),
		})
		.where("id", "=", orderId)
		.execute();
}

async function readStatus(t: TestApp, cookie: string, orderId: string) {
	const response = await t.app.inject({
		url: `/api/orders/${orderId}`,
		headers: authHeaders(cookie),
	});
	return OrderSchema.parse(response.json()).status;
}

test("an order must be paid within 48 hours: its pay-by time is fixed when placed, and the confirmation says so", async () => {
	const { t, customer, order } = await shopWithCustomer();
	const placed = await order(2);
	expect(placed.pay_by).not.toBeNull();
	expect(Date.parse(placed.pay_by ?? "") - Date.parse(placed.created_at)).toBe(
		48 * HOUR_MS,
	);
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order confirmed",
	);
	expect(mail.text).toContain(
		"pay it from My Orders in your dashboard within 48 hours, or it is cancelled and its pieces go back into stock.",
	);
});

test("a starting instance cancels unpaid orders placed over 48 hours ago, puts their pieces back and mails the customer; paid and newer orders stay", async () => {
	const { t, tool, customer, order } = await shopWithCustomer();
	const expired = await order(4);
	const paid = await order(3);
	const recent = await order(2);
	expect(
		(await postOrderAction(t.app, customer.cookie, paid.id, "payment"))
			.statusCode,
	).toBe(200);
	await placedHoursAgo(t, expired.id, 49);
	await placedHoursAgo(t, paid.id, 49);
	await placedHoursAgo(t, recent.id, 47);
	expect(await readStock(t.db, tool.id)).toBe(21);

	const second = await createSecondInstance(t);
	await second.ready();
	await vi.waitFor(async () =>
		expect(await readStatus(t, customer.cookie, expired.id)).toBe("cancelled"),
	);
	expect(await readStock(t.db, tool.id)).toBe(25);
	expect(await readStatus(t, customer.cookie, paid.id)).toBe("paid");
	expect(await readStatus(t, customer.cookie, recent.id)).toBe("unpaid");
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order cancelled",
	);
	expect(mail.text).toContain("Your order was not paid in time");
	expect(mail.text).toContain(`Order: ${expired.id}`);
});

test("two instances sweeping at once cancel each expired order once and put its stock back once", async () => {
	const { t, tool, order } = await shopWithCustomer();
	const orders = [await order(2), await order(3), await order(4)];
	for (const placed of orders) await placedHoursAgo(t, placed.id, 72);
	expect(await readStock(t.db, tool.id)).toBe(21);

	const counts = await Promise.all([
		cancelOverdueOrders(ordersFeatureOf(t), new Date()),
		cancelOverdueOrders(ordersFeatureOf(t), new Date()),
	]);
	expect(counts[0] + counts[1]).toBe(3);
	expect(await readStock(t.db, tool.id)).toBe(30);
	expect(await cancelOverdueOrders(ordersFeatureOf(t), new Date())).toBe(0);
});

test("with UNPAID_ORDER_HOURS=0 an order has no pay-by time and never expires, and the confirmation sets no deadline", async () => {
	const { t, tool, customer, order } = await shopWithCustomer({
		unpaidOrderHours: 0,
	});
	const old = await order(2);
	expect(old.pay_by).toBeNull();
	const farFuture = new Date(Date.now() + 24 * 365 * HOUR_MS);
	expect(
		await cancelOverdueOrders(
			ordersFeatureOf(t, { unpaidOrderHours: 0 }),
			farFuture,
		),
	).toBe(0);
	expect(await readStatus(t, customer.cookie, old.id)).toBe("unpaid");
	expect(await readStock(t.db, tool.id)).toBe(28);
	const mail = await waitForOrderMail(
		t.config,
		customer.email,
		"order confirmed",
	);
	expect(mail.text).toContain(
		"It is unpaid: pay it from My Orders in your dashboard.",
	);
	expect(mail.text).not.toContain("hours");
});

test("an order placed before orders expired has no pay-by time and is never cancelled for it", async () => {
	const { t, tool, customer, order } = await shopWithCustomer();
	const old = await order(2);
	await t.db
		.updateTable("orders")
		.set({ created_at: "2026-01-05T09:00:00.000Z", pay_by: null })
		.where("id", "=", old.id)
		.execute();
	expect(await cancelOverdueOrders(ordersFeatureOf(t), new Date())).toBe(0);
	expect(await readStatus(t, customer.cookie, old.id)).toBe("unpaid");
	expect(await readStock(t.db, tool.id)).toBe(28);
});
