import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { OrderDetailSchema } from "../../../shared/orders.schemas.ts";
import { STRIPE_RETRIES } from "../../platform/payments/stripe-gateway.ts";
import {
	authHeaders,
	type SignedIn,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	ordersFeatureOf,
	readStock,
	waitForOrderMail,
} from "../../test-support/orders.ts";
import {
	deliver,
	paymentIntentEvent,
	type Shop,
	startPayment,
	stripeShop,
} from "../../test-support/stripe-shop.ts";
import { reconcileRefunds, refundKey } from "./payments.service.ts";

/** A Stripe shop whose order (4 × $15.00) is paid through a PaymentIntent, and its admin. */
async function paidThroughStripe() {
	const shop = await stripeShop();
	const { intentId } = await startPayment(shop);
	shop.standIn.succeed(intentId);
	const paid = await deliver(
		shop.t,
		JSON.stringify(
			paymentIntentEvent(shop, intentId, "payment_intent.succeeded"),
		),
	);
	expect(paid.statusCode).toBe(200);
	const admin = await signUpAdmin(shop.t.app, shop.t.db);
	return { ...shop, intentId, admin };
}

function refund(shop: Shop, admin: SignedIn, payload: object) {
	return shop.t.app.inject({
		method: "POST",
		url: `/api/admin/orders/${shop.order.id}/refund`,
		headers: authHeaders(admin.cookie),
		payload,
	});
}

async function detail(shop: Shop, admin: SignedIn) {
	const response = await shop.t.app.inject({
		url: `/api/admin/orders/${shop.order.id}`,
		headers: authHeaders(admin.cookie),
	});
	return OrderDetailSchema.parse(response.json());
}

/** A charge event as Stripe sends it for the intent's charge. */
function chargeEvent(
	intentId: string,
	type: "charge.refunded" | "charge.dispute.created" | "charge.dispute.closed",
	object: Record<string, unknown>,
) {
	return JSON.stringify({
		id: `evt_${randomBytes(12).toString("hex")}`,
		object: "event",
		api_version: "2025-01-27.acacia",
		created: Math.floor(Date.now() / 1000),
		livemode: false,
		pending_webhooks: 1,
		request: { id: null, idempotency_key: null },
		type,
		data: { object: { payment_intent: intentId, ...object } },
	});
}

test("an admin's partial refund asks Stripe for exactly the lines' amount, with a key of its own, and restocks the pieces", async () => {
	const shop = await paidThroughStripe();
	const response = await refund(shop, shop.admin, {
		lines: [{ tool_id: shop.tool.id, quantity: 1 }],
		reason: "One wrench was bent",
	});
	expect(response.statusCode, response.body).toBe(200);
	const after = OrderDetailSchema.parse(response.json());
	expect(after).toMatchObject({ status: "paid", refunded_cents: 1500 });
	expect(shop.standIn.refundedOf(shop.intentId)).toBe(1500);
	const [call] = shop.standIn.refundCalls;
	expect(call?.idempotencyKey).toBe(refundKey(after.refunds[0]?.id ?? ""));
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30 - 4 + 1);
	await waitForOrderMail(shop.t.config, shop.customer.email, "refund issued");

	// Stripe then reports the refund it made: already counted, nothing changes.
	const reported = await deliver(
		shop.t,
		chargeEvent(shop.intentId, "charge.refunded", {
			id: "ch_1",
			object: "charge",
			amount_refunded: 1500,
			refunds: { object: "list", data: [{ id: call?.refundId }] },
		}),
	);
	expect(reported.statusCode).toBe(200);
	expect((await detail(shop, shop.admin)).refunds).toHaveLength(1);
});

test("when Stripe cannot be reached the refund stays pending, and the reconciliation settles it with the same key, once", async () => {
	const shop = await paidThroughStripe();
	// One attempt and the client's own retry.
	shop.standIn.failNextRefunds(1 + STRIPE_RETRIES);
	const response = await refund(shop, shop.admin, { reason: "Returned" });
	expect(response.statusCode, response.body).toBe(200);
	const pending = OrderDetailSchema.parse(response.json());
	expect(pending.refunds).toEqual([
		expect.objectContaining({ status: "pending", amount_cents: 6000 }),
	]);
	expect(pending.status).toBe("paid");
	// Counted while pending: a second refund cannot give the same money back.
	const twice = await refund(shop, shop.admin, { reason: "Returned" });
	expect(twice.statusCode).toBe(409);

	const feature = ordersFeatureOf(shop.t, { payments: shop.payments });
	expect(await reconcileRefunds(feature, new Date(Date.now() + 120_000))).toBe(
		1,
	);
	const settled = await detail(shop, shop.admin);
	expect(settled).toMatchObject({ status: "refunded", refunded_cents: 6000 });
	expect(settled.refunds).toEqual([
		expect.objectContaining({ status: "succeeded" }),
	]);
	expect(shop.standIn.refundedOf(shop.intentId)).toBe(6000);
	const keys = new Set(
		shop.standIn.refundCalls.map((call) => call.idempotencyKey),
	);
	expect(keys.size).toBe(1);
	expect(await reconcileRefunds(feature, new Date(Date.now() + 120_000))).toBe(
		0,
	);
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30);
});

test("refunds made in Stripe's dashboard reach the order: a part as an amount, then the rest, which refunds the order", async () => {
	const shop = await paidThroughStripe();
	const firstId = shop.standIn.refundByHand(shop.intentId, 1000);
	const part = await deliver(
		shop.t,
		chargeEvent(shop.intentId, "charge.refunded", {
			id: "ch_1",
			object: "charge",
			amount_refunded: 1000,
			refunds: { object: "list", data: [{ id: firstId }] },
		}),
	);
	expect(part.statusCode).toBe(200);
	const afterPart = await detail(shop, shop.admin);
	expect(afterPart).toMatchObject({ status: "paid", refunded_cents: 1000 });
	expect(afterPart.refunds).toEqual([
		expect.objectContaining({
			amount_cents: 1000,
			lines: [],
			reason: "Refunded at the payment provider",
		}),
	]);
	// An amount, not pieces: the stock stays as it is.
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(26);

	shop.standIn.refundByHand(shop.intentId);
	await deliver(
		shop.t,
		chargeEvent(shop.intentId, "charge.refunded", {
			id: "ch_1",
			object: "charge",
			amount_refunded: 6000,
			refunds: { object: "list", data: [] },
		}),
	);
	const whole = await detail(shop, shop.admin);
	expect(whole).toMatchObject({ status: "refunded", refunded_cents: 6000 });
	expect(whole.refunds.map((each) => each.amount_cents)).toEqual([1000, 5000]);
	// The whole order given back before it left: its pieces are back in stock.
	expect(await readStock(shop.t.db, shop.tool.id)).toBe(30);
	expect(
		whole.events.filter((event) => event.kind === "refunded"),
	).toHaveLength(2);
	// Each refund made at Stripe has its credit note; the amount-only one lists the amount.
	expect(
		whole.invoices.map((invoice) => [invoice.kind, invoice.total_cents]),
	).toEqual([
		["invoice", 6000],
		["credit_note", 1000],
		["credit_note", 5000],
	]);
});

test("a dispute holds the shipment until Stripe closes it", async () => {
	const shop = await paidThroughStripe();
	const opened = await deliver(
		shop.t,
		chargeEvent(shop.intentId, "charge.dispute.created", {
			id: "dp_1",
			object: "dispute",
			status: "needs_response",
		}),
	);
	expect(opened.statusCode).toBe(200);
	expect((await detail(shop, shop.admin)).dispute_status).toBe("open");
	const ship = () =>
		shop.t.app.inject({
			method: "POST",
			url: `/api/admin/orders/${shop.order.id}/ship`,
			headers: authHeaders(shop.admin.cookie),
			payload: { carrier: "DHL", tracking_number: "JD2" },
		});
	const held = await ship();
	expect(held.statusCode).toBe(409);
	expect(held.json().error.message).toBe(
		"The payment of this order is disputed: it stays here until the dispute is closed",
	);
	await deliver(
		shop.t,
		chargeEvent(shop.intentId, "charge.dispute.closed", {
			id: "dp_1",
			object: "dispute",
			status: "won",
		}),
	);
	const released = await detail(shop, shop.admin);
	expect(released.dispute_status).toBe("won");
	expect(released.events.map((event) => event.kind)).toEqual([
		"placed",
		"paid",
		"invoice_issued",
		"disputed",
		"dispute_closed",
	]);
	expect((await ship()).statusCode).toBe(200);
});
