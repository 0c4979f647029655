import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import Stripe from "stripe";
import { expect, test, vi } from "vitest";
import {
	OrderDeletionPageSchema,
	OrderSchema,
	PaymentStartSchema,
} from "../../../shared/orders.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import {
	paymentIntentIdempotencyKey,
	refundIdempotencyKey,
	STRIPE_RETRIES,
} from "../../platform/payments/stripe-gateway.ts";
import { authHeaders, signUpAdmin } from "../../test-support/accounts.ts";
import {
	deleteOrderAs,
	ordersFeatureOf,
	postOrder,
	postOrderAction,
	readStock,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import {
	deliver,
	PUBLISHABLE_KEY,
	paymentIntentEvent,
	type Shop,
	startPayment,
	stripeShop,
	WEBHOOK_SECRET,
} from "../../test-support/stripe-shop.ts";
import { insertTestTool, type TestApp } from "../../test-support/test-app.ts";
import { cancelOverdueOrders } from "./order-expiry.service.ts";

/** The order's payment columns as stored. */
async function readPayment(db: Db, orderId: string) {
	return db
		.selectFrom("orders")
		.select([
			"status",
			"payment_id",
			"payment_provider",
			"payment_intent_id",
			"paid_at",
			"cancelled_at",
		])
		.where("id", "=", orderId)
		.executeTakeFirstOrThrow();
}

async function countPaymentEvents(db: Db): Promise<number> {
	const row = await db
		.selectFrom("payment_events")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

const UNPAID = {
	status: "unpaid",
	payment_id: null,
	payment_provider: null,
	paid_at: null,
};

test("with Stripe an order must total between $0.50 and $999,999.99: outside, a 409 names the limits and no stock is taken", async () => {
	const { t, customer } = await stripeShop();
	const cheap = await insertTestTool(t.db, {
		tool_name: "Washer",
		price_cents: 10,
		available_quantity: 100,
		minimum_quantity: 1,
	});
	const dear = await insertTestTool(t.db, {
		tool_name: "Press Brake",
		price_cents: 10_000_000,
		available_quantity: 100,
		minimum_quantity: 1,
	});
	for (const [tool, quantity, total] of [
		[cheap, 4, "$0.40"],
		[dear, 10, "$1,000,000.00"],
	] as const) {
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: quantity,
		});
		expect(response.statusCode).toBe(409);
		const message = `Card payments must total between $0.50 and $999,999.99; this order would total ${total}.`;
		expect(response.json().error).toMatchObject({
			code: "CONFLICT",
			message,
			details: [{ field: "order_quantity", message }],
		});
		expect(await readStock(t.db, tool.id)).toBe(100);
	}
	for (const [tool, quantity] of [
		[cheap, 5],
		[dear, 9],
	] as const) {
		const response = await postOrder(t.app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: quantity,
		});
		expect(response.statusCode, response.body).toBe(201);
		expect(await readStock(t.db, tool.id)).toBe(100 - quantity);
	}
});

test("the payment options name Stripe and its publishable key", async () => {
	const { t } = await stripeShop();
	const response = await t.app.inject({ url: "/api/payment-options" });
	expect(response.statusCode).toBe(200);
	expect(response.json()).toEqual({
		provider: "stripe",
		publishable_key: PUBLISHABLE_KEY,
	});
});

test("pages may load Stripe.js, its frames and its API, and grant payment to Stripe only; nothing else is opened", async () => {
	const { t } = await stripeShop();
	const response = await t.app.inject({ url: "/checkout" });
	const csp = Object.fromEntries(
		String(response.headers["content-security-policy"])
			.split(";")
			.map((directive) => directive.trim().split(" "))
			.map(([name = "", ...sources]) => [name, sources.join(" ")]),
	);
	expect(csp["script-src"]).toBe(
		"'self' https://js.stripe.com https://*.js.stripe.com",
	);
	expect(csp["frame-src"]).toBe(
		"https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
	);
	expect(csp["connect-src"]).toBe("'self' https://api.stripe.com");
	expect(csp["default-src"]).toBe("'self'");
	expect(csp["frame-ancestors"]).toBe("'none'");
	const features = String(response.headers["permissions-policy"]).split(", ");
	expect(features).toContain('payment=(self "https://js.stripe.com")');
	expect(features).toContain("camera=()");
});

test("paying answers with a PaymentIntent's client secret for the order's total in dollars; the order stays unpaid", async () => {
	const shop = await stripeShop();
	const started = await startPayment(shop);
	expect(started.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
	expect(started.order).toMatchObject({ id: shop.order.id, status: "unpaid" });

	expect(shop.standIn.createCalls).toHaveLength(1);
	expect(shop.standIn.createCalls[0]).toEqual({
		params: {
			amount: "6000",
			currency: "usd",
			"metadata[order_id]": shop.order.id,
			"automatic_payment_methods[enabled]": "true",
		},
		idempotencyKey: paymentIntentIdempotencyKey(shop.order.id),
		intentId: started.intentId,
	});
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		...UNPAID,
		payment_intent_id: started.intentId,
	});
});

test("paying twice reuses the order's PaymentIntent: Stripe makes one", async () => {
	const shop = await stripeShop();
	const first = await startPayment(shop);
	const second = await startPayment(shop);
	expect(second.client_secret).toBe(first.client_secret);
	expect(shop.standIn.createCalls).toHaveLength(1);
	expect(shop.standIn.retrieveCount()).toBe(1);
	expect(shop.standIn.intents.size).toBe(1);
});

test("two payment requests at once send one idempotency key, so Stripe makes one PaymentIntent", async () => {
	const shop = await stripeShop();
	const [first, second] = await Promise.all([
		startPayment(shop),
		startPayment(shop),
	]);
	expect(second.client_secret).toBe(first.client_secret);
	expect(shop.standIn.intents.size).toBe(1);
	expect(
		new Set(shop.standIn.createCalls.map((call) => call.idempotencyKey)),
	).toEqual(new Set([paymentIntentIdempotencyKey(shop.order.id)]));
	expect((await readPayment(shop.t.db, shop.order.id)).payment_intent_id).toBe(
		first.intentId,
	);
});

test("a signed payment_intent.succeeded for the order's total pays it with the intent as its Transaction ID and mails a receipt", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	const response = await deliver(shop.t, JSON.stringify(event));
	expect(response.statusCode, response.body).toBe(200);
	expect(response.json()).toEqual({ received: true });

	const order = await shop.t.app.inject({
		url: `/api/orders/${shop.order.id}`,
		headers: authHeaders(shop.customer.cookie),
	});
	expect(order.json()).toMatchObject({
		status: "paid",
		payment_id: intentId,
		test_payment: false,
	});
	expect(order.json().paid_at).not.toBeNull();
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		payment_provider: "stripe",
	});

	const receipt = await waitForOrderMail(
		shop.t.config,
		shop.customer.email,
		"payment received",
	);
	expect(receipt.text).toContain(`Transaction ID: ${intentId}`);
});

test("a webhook with a wrong or missing signature is refused with 400 and changes nothing", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const payload = JSON.stringify(
		paymentIntentEvent(shop, intentId, "payment_intent.succeeded"),
	);
	const otherSecret = Stripe.webhooks.generateTestHeaderString({
		payload,
		secret: "whsec_someone_else",
	});
	for (const signature of [
		otherSecret,
		`t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
		"not a signature",
		null,
	]) {
		const response = await deliver(shop.t, payload, signature);
		expect(response.statusCode, String(signature)).toBe(400);
		expect(response.json().error.message).toBe(
			"The webhook signature is not valid",
		);
	}
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject(UNPAID);
	expect(await countPaymentEvents(shop.t.db)).toBe(0);
});

test("a webhook whose body was altered after signing is refused with 400", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	const signed = JSON.stringify({
		...event,
		data: { object: { ...event.data.object, amount_received: 1 } },
	});
	const signature = Stripe.webhooks.generateTestHeaderString({
		payload: signed,
		secret: WEBHOOK_SECRET,
	});
	const altered = JSON.stringify(event);
	expect(altered).not.toBe(signed);

	const response = await deliver(shop.t, altered, signature);
	expect(response.statusCode).toBe(400);
	// Even a change Stripe's JSON parser would not see (white space) breaks the signature.
	const reformatted = await deliver(shop.t, `${signed}\n`, signature);
	expect(reformatted.statusCode).toBe(400);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject(UNPAID);
	expect(await countPaymentEvents(shop.t.db)).toBe(0);
});

test("a webhook signed more than 300 seconds ago is refused with 400; one signed 4 minutes ago is taken", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const payload = JSON.stringify(
		paymentIntentEvent(shop, intentId, "payment_intent.succeeded"),
	);
	const now = Math.floor(Date.now() / 1000);
	const signedAt = (secondsAgo: number) =>
		Stripe.webhooks.generateTestHeaderString({
			payload,
			secret: WEBHOOK_SECRET,
			timestamp: now - secondsAgo,
		});

	const old = await deliver(shop.t, payload, signedAt(6 * 60));
	expect(old.statusCode).toBe(400);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject(UNPAID);
	expect(await countPaymentEvents(shop.t.db)).toBe(0);

	const recent = await deliver(shop.t, payload, signedAt(4 * 60));
	expect(recent.statusCode).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		status: "paid",
		payment_id: intentId,
	});
});

test("a succeeded payment of another amount or currency answers 200 but leaves the order unpaid", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	for (const changes of [
		{ amount_received: shop.order.total_cents - 1 },
		{ amount_received: shop.order.total_cents + 100 },
		{ currency: "eur" },
	]) {
		const event = paymentIntentEvent(
			shop,
			intentId,
			"payment_intent.succeeded",
			changes,
		);
		const response = await deliver(shop.t, JSON.stringify(event));
		expect(response.statusCode, JSON.stringify(changes)).toBe(200);
	}
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject(UNPAID);
	expect(await countPaymentEvents(shop.t.db)).toBe(3);
});

test("the same event delivered twice counts once: paid_at stays, and one payment event is kept", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const payload = JSON.stringify(
		paymentIntentEvent(shop, intentId, "payment_intent.succeeded"),
	);
	expect((await deliver(shop.t, payload)).statusCode).toBe(200);
	const paid = await readPayment(shop.t.db, shop.order.id);
	expect(paid).toMatchObject({ status: "paid", payment_id: intentId });

	// Stripe retries a delivery it thinks failed: same event id, a new signature a moment later.
	await new Promise((resolve) => setTimeout(resolve, 5));
	expect((await deliver(shop.t, payload)).statusCode).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toEqual(paid);
	expect(await countPaymentEvents(shop.t.db)).toBe(1);
	await waitForOrderMail(
		shop.t.config,
		shop.customer.email,
		"payment received",
	);
});

test("payment_failed arriving after succeeded leaves the order paid", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const succeeded = paymentIntentEvent(
		shop,
		intentId,
		"payment_intent.succeeded",
	);
	expect((await deliver(shop.t, JSON.stringify(succeeded))).statusCode).toBe(
		200,
	);
	const paid = await readPayment(shop.t.db, shop.order.id);
	expect(paid.status).toBe("paid");

	const failed = paymentIntentEvent(
		shop,
		intentId,
		"payment_intent.payment_failed",
	);
	expect((await deliver(shop.t, JSON.stringify(failed))).statusCode).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toEqual(paid);
	expect(await countPaymentEvents(shop.t.db)).toBe(2);
});

/**
 * Stopping a payment goes to Stripe after the answer: before checking that none was sent, give a
 * call that would be sent the time to reach the stand-in.
 */
function giveStrayCallsTime() {
	return new Promise((resolve) => setTimeout(resolve, 300));
}

/** The customer cancels the order with Cancel in My Orders. */
async function cancelAsCustomer(shop: Shop) {
	const response = await postOrderAction(
		shop.t.app,
		shop.customer.cookie,
		shop.order.id,
		"cancel",
	);
	expect(response.statusCode, response.body).toBe(200);
}

test("a payment that completes after the customer cancelled is refunded once: the order stays cancelled with its stock returned once, shows the refund, and the customer is told", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	// The customer confirms the card in one tab and cancels the order in another.
	shop.standIn.succeed(intentId);
	await cancelAsCustomer(shop);
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30);
	const cancelled = await readPayment(shop.t.db, shop.order.id);
	expect(cancelled).toMatchObject({ status: "cancelled", payment_id: null });

	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	const response = await deliver(shop.t, JSON.stringify(event));
	expect(response.statusCode, response.body).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toEqual(cancelled);
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30);

	expect(shop.standIn.refundCalls).toEqual([
		{
			paymentIntentId: intentId,
			idempotencyKey: refundIdempotencyKey(shop.order.id),
			refundId: expect.stringMatching(/^re_\w+$/),
		},
	]);
	const refundId = shop.standIn.refundCalls[0]?.refundId;
	const seen = await shop.t.app.inject({
		url: `/api/orders/${shop.order.id}`,
		headers: authHeaders(shop.customer.cookie),
	});
	expect(seen.json()).toMatchObject({
		status: "cancelled",
		payment_id: null,
		refund_id: refundId,
	});
	const mail = await waitForOrderMail(
		shop.t.config,
		shop.customer.email,
		"payment refunded",
	);
	expect(mail.text).toContain(`Refund: ${refundId}`);

	// Delivered again: the event counts once, and Stripe is not asked again.
	expect((await deliver(shop.t, JSON.stringify(event))).statusCode).toBe(200);
	expect(shop.standIn.refundCalls).toHaveLength(1);
});

test("when Stripe cannot refund a late payment the webhook answers 500, and Stripe's next delivery refunds it once", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	shop.standIn.succeed(intentId);
	await cancelAsCustomer(shop);
	// Enough failures to outlast the client's own retries: the call fails.
	shop.standIn.failNextRefunds(STRIPE_RETRIES + 1);

	const payload = JSON.stringify(
		paymentIntentEvent(shop, intentId, "payment_intent.succeeded"),
	);
	const failed = await deliver(shop.t, payload);
	expect(failed.statusCode).toBe(500);
	expect(failed.json().error.code).toBe("INTERNAL_ERROR");
	expect(failed.body).not.toContain("Stripe");
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		status: "cancelled",
	});
	expect(await countPaymentEvents(shop.t.db)).toBe(0);

	const retried = await deliver(shop.t, payload);
	expect(retried.statusCode, retried.body).toBe(200);
	const refunds = shop.standIn.refundCalls.filter((call) => call.refundId);
	expect(refunds).toHaveLength(1);
	expect(
		new Set(shop.standIn.refundCalls.map((call) => call.idempotencyKey)),
	).toEqual(new Set([refundIdempotencyKey(shop.order.id)]));
	const [order] = await shop.t.db
		.selectFrom("orders")
		.select(["refund_id", "refunded_at"])
		.where("id", "=", shop.order.id)
		.execute();
	expect(order?.refund_id).toBe(refunds[0]?.refundId);
	expect(order?.refunded_at).not.toBeNull();
});

/**
 * Makes every change to the orders table fail, as a database that refuses a write does, until the
 * returned function is called.
 */
async function refuseOrderChanges(t: TestApp): Promise<() => Promise<void>> {
	if (t.config.database.kind === "sqlite") {
		await sql`create trigger refuse_order_changes before update on orders begin select raise(abort, 'orders refused'); end`.execute(
			t.db,
		);
		return async () => {
			await sql`drop trigger refuse_order_changes`.execute(t.db);
		};
	}
	await sql`create function refuse_order_changes() returns trigger language plpgsql as $$ begin raise exception 'orders refused'; end $$`.execute(
		t.db,
	);
	await sql`create trigger refuse_order_changes before update on orders for each row execute function refuse_order_changes()`.execute(
		t.db,
	);
	return async () => {
		await sql`drop trigger refuse_order_changes on orders`.execute(t.db);
	};
}

test("when the order cannot be marked paid the webhook answers 500 and keeps no trace of the event, so Stripe's next delivery pays it", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const payload = JSON.stringify(
		paymentIntentEvent(shop, intentId, "payment_intent.succeeded"),
	);
	const allowChanges = await refuseOrderChanges(shop.t);
	const failed = await deliver(shop.t, payload);
	expect(failed.statusCode).toBe(500);
	expect(await countPaymentEvents(shop.t.db)).toBe(0);
	await allowChanges();

	const retried = await deliver(shop.t, payload);
	expect(retried.statusCode, retried.body).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		status: "paid",
		payment_id: intentId,
	});
	expect(await countPaymentEvents(shop.t.db)).toBe(1);
});

test("paying again after Stripe took the money but no webhook came records the payment from the PaymentIntent, once", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	shop.standIn.succeed(intentId);

	const response = await postOrderAction(
		shop.t.app,
		shop.customer.cookie,
		shop.order.id,
		"payment",
	);
	expect(response.statusCode, response.body).toBe(200);
	expect(PaymentStartSchema.parse(response.json()).order).toMatchObject({
		status: "paid",
		payment_id: intentId,
	});
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		payment_provider: "stripe",
	});
	expect(shop.standIn.createCalls).toHaveLength(1);
	await waitForOrderMail(
		shop.t.config,
		shop.customer.email,
		"payment received",
	);

	// The webhook arrives late: the order is already paid, and nothing changes.
	const paid = await readPayment(shop.t.db, shop.order.id);
	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	expect((await deliver(shop.t, JSON.stringify(event))).statusCode).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toEqual(paid);
	expect(shop.standIn.refundCalls).toEqual([]);
});

test("cancelling an order whose payment was begun cancels its PaymentIntent, so the card form can no longer take money", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	await cancelAsCustomer(shop);
	await vi.waitFor(() => expect(shop.standIn.cancelCalls).toEqual([intentId]));
	expect(shop.standIn.intents.get(intentId)?.status).toBe("canceled");
});

test("an admin deleting an unpaid order cancels its PaymentIntent; deleting a paid one leaves its payment alone", async () => {
	const shop = await stripeShop();
	const admin = await signUpAdmin(shop.t.app, shop.t.db);
	const { intentId } = await startPayment(shop);
	const deleted = await deleteOrderAs(shop.t.app, admin.cookie, shop.order.id);
	expect(deleted.statusCode, deleted.body).toBe(204);
	await vi.waitFor(() => expect(shop.standIn.cancelCalls).toEqual([intentId]));

	const second = await postOrder(shop.t.app, shop.customer.cookie, {
		tool_id: shop.tool.id,
		order_quantity: 2,
	});
	const paidOrder = OrderSchema.parse(second.json());
	const paying = await startPayment({ ...shop, order: paidOrder });
	const event = paymentIntentEvent(
		{ ...shop, order: paidOrder },
		paying.intentId,
		"payment_intent.succeeded",
	);
	expect((await deliver(shop.t, JSON.stringify(event))).statusCode).toBe(200);
	const deletedPaid = await deleteOrderAs(
		shop.t.app,
		admin.cookie,
		paidOrder.id,
	);
	expect(deletedPaid.statusCode).toBe(204);
	await waitForOrderMail(
		shop.t.config,
		shop.customer.email,
		"payment received",
	);
	await giveStrayCallsTime();
	expect(shop.standIn.cancelCalls).toEqual([intentId]);
	expect(shop.standIn.refundCalls).toEqual([]);
});

test("a payment that completes after an admin deleted the unpaid order is refunded, and the deletion record shows the refund", async () => {
	const shop = await stripeShop();
	const admin = await signUpAdmin(shop.t.app, shop.t.db);
	const { intentId } = await startPayment(shop);
	shop.standIn.succeed(intentId);
	const deleted = await deleteOrderAs(shop.t.app, admin.cookie, shop.order.id);
	expect(deleted.statusCode).toBe(204);

	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	expect((await deliver(shop.t, JSON.stringify(event))).statusCode).toBe(200);
	const refundId = shop.standIn.refundCalls[0]?.refundId;
	expect(refundId).toMatch(/^re_\w+$/);
	const audit = OrderDeletionPageSchema.parse(
		(
			await shop.t.app.inject({
				url: "/api/order-deletions",
				headers: authHeaders(admin.cookie),
			})
		).json(),
	);
	expect(audit.items).toHaveLength(1);
	expect(audit.items[0]).toMatchObject({
		order_id: shop.order.id,
		restocked: 4,
		refund_id: refundId,
	});
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30);
});

test("cancelling an order that was never paid asks Stripe nothing", async () => {
	const shop = await stripeShop();
	await cancelAsCustomer(shop);
	await giveStrayCallsTime();
	expect(shop.standIn.cancelCalls).toEqual([]);
	expect(shop.standIn.createCalls).toEqual([]);
});

/** Makes the shop's order overdue (its time to pay ran out an hour ago) and runs a sweep. */
async function sweepOverdue(shop: Shop) {
	await shop.t.db
		.updateTable("orders")
		.set({ pay_by: new Date(Date.now() - 3_600_000).toISOString() })
		.where("id", "=", shop.order.id)
		.execute();
	return cancelOverdueOrders(
		ordersFeatureOf(shop.t, { payments: shop.payments }),
		new Date(),
	);
}

test("an overdue order whose payment was begun and left is cancelled, its stock returned and its PaymentIntent cancelled", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	expect(await sweepOverdue(shop)).toBe(1);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		status: "cancelled",
	});
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30);
	await vi.waitFor(() => expect(shop.standIn.cancelCalls).toEqual([intentId]));
});

test("an overdue order whose payment succeeded but whose webhook never came is paid by the sweep, not cancelled", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	shop.standIn.succeed(intentId);
	expect(await sweepOverdue(shop)).toBe(0);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		status: "paid",
		payment_id: intentId,
		payment_provider: "stripe",
	});
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(26);
	expect(shop.standIn.cancelCalls).toEqual([]);
	expect(shop.standIn.refundCalls).toEqual([]);
});

test("an overdue order whose payment is still under way (a bank debit) is left unpaid for a later sweep", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	shop.standIn.process(intentId);
	expect(await sweepOverdue(shop)).toBe(0);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject(UNPAID);
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(26);
	expect(shop.standIn.cancelCalls).toEqual([]);
});

test("a late payment already refunded by hand in Stripe's dashboard is recorded with that refund, and refunded no more", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	shop.standIn.succeed(intentId);
	await cancelAsCustomer(shop);
	const byHand = shop.standIn.refundByHand(intentId);

	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	const response = await deliver(shop.t, JSON.stringify(event));
	expect(response.statusCode, response.body).toBe(200);
	const [order] = await shop.t.db
		.selectFrom("orders")
		.select(["status", "refund_id"])
		.where("id", "=", shop.order.id)
		.execute();
	expect(order).toEqual({ status: "cancelled", refund_id: byHand });
	expect(shop.standIn.refundCalls.filter((call) => call.refundId)).toEqual([]);
});

test("an event for a PaymentIntent no order has answers 200 and changes nothing", async () => {
	const shop = await stripeShop();
	await startPayment(shop);
	const event = paymentIntentEvent(
		shop,
		`pi_${randomBytes(12).toString("hex")}`,
		"payment_intent.succeeded",
	);
	const response = await deliver(shop.t, JSON.stringify(event));
	expect(response.statusCode).toBe(200);
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject(UNPAID);
});

test("a cancelled order cannot be paid: 409, and no PaymentIntent is made", async () => {
	const shop = await stripeShop();
	await postOrderAction(
		shop.t.app,
		shop.customer.cookie,
		shop.order.id,
		"cancel",
	);
	const response = await postOrderAction(
		shop.t.app,
		shop.customer.cookie,
		shop.order.id,
		"payment",
	);
	expect(response.statusCode).toBe(409);
	expect(response.json().error.message).toBe(
		"A cancelled order cannot be paid",
	);
	expect(shop.standIn.createCalls).toHaveLength(0);
});

test("a paid order is not paid again: 409, and Stripe is not asked", async () => {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	const event = paymentIntentEvent(shop, intentId, "payment_intent.succeeded");
	expect((await deliver(shop.t, JSON.stringify(event))).statusCode).toBe(200);
	const response = await postOrderAction(
		shop.t.app,
		shop.customer.cookie,
		shop.order.id,
		"payment",
	);
	expect(response.statusCode).toBe(409);
	expect(response.json().error.message).toBe("This order is already paid");
	expect(shop.standIn.retrieveCount()).toBe(0);
});

test("when Stripe refuses the call (a wrong secret key) paying answers 500, not Stripe's 401, and the order stays unpaid", async () => {
	const shop = await stripeShop({ secretKey: "sk_test_not_the_right_key" });
	const response = await postOrderAction(
		shop.t.app,
		shop.customer.cookie,
		shop.order.id,
		"payment",
	);
	expect(response.statusCode).toBe(500);
	expect(response.json().error.code).toBe("INTERNAL_ERROR");
	expect(await readPayment(shop.t.db, shop.order.id)).toMatchObject({
		...UNPAID,
		payment_intent_id: null,
	});
});
