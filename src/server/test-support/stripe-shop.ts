import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { expect } from "vitest";
import {
	OrderSchema,
	PaymentStartSchema,
} from "../../shared/orders.schemas.ts";
import { createStripePaymentGateway } from "../platform/payments/stripe-gateway.ts";
import { signUp } from "./accounts.ts";
import { postOrder, postOrderAction } from "./orders.ts";
import { startStripeStandIn } from "./stripe-stand-in.ts";
import { createTestApp, insertTestTool, type TestApp } from "./test-app.ts";

export const WEBHOOK_SECRET = "whsec_test_tools_gallery_webhook_secret";
export const PUBLISHABLE_KEY = "pk_test_tools_gallery_publishable";
export const WEBHOOK_URL = "/api/payments/stripe/webhook";

/** A shop paid through Stripe (a stand-in on 127.0.0.1) with one customer's unpaid order. */
export async function stripeShop(options: { secretKey?: string } = {}) {
	const standIn = await startStripeStandIn();
	const payments = createStripePaymentGateway({
		secretKey: options.secretKey ?? standIn.secretKey,
		webhookSecret: WEBHOOK_SECRET,
		publishableKey: PUBLISHABLE_KEY,
		apiUrl: standIn.url,
	});
	const t = await createTestApp({ payments });
	const tool = await insertTestTool(t.db, {
		tool_name: "Torque Wrench",
		price_cents: 1500,
		available_quantity: 30,
		minimum_quantity: 2,
	});
	const customer = await signUp(t.app, { name: "Sasha Stripe" });
	const placed = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 4,
	});
	expect(placed.statusCode, placed.body).toBe(201);
	const order = OrderSchema.parse(placed.json());
	return { t, standIn, payments, tool, customer, order };
}

export type Shop = Awaited<ReturnType<typeof stripeShop>>;

/** Pays the shop's order through the API; Stripe answers with a PaymentIntent's client secret. */
export async function startPayment({ t, customer, order }: Shop) {
	const response = await postOrderAction(
		t.app,
		customer.cookie,
		order.id,
		"payment",
	);
	expect(response.statusCode, response.body).toBe(200);
	const started = PaymentStartSchema.parse(response.json());
	if (started.provider !== "stripe")
		throw new Error(`expected Stripe, got ${started.provider}`);
	const intentId = started.client_secret.split("_secret_")[0] ?? "";
	return { ...started, intentId };
}

/** An event as Stripe sends it, for the PaymentIntent the stand-in made. */
export function paymentIntentEvent(
	shop: Shop,
	intentId: string,
	type: "payment_intent.succeeded" | "payment_intent.payment_failed",
	changes: { amount_received?: number; currency?: string } = {},
) {
	const intent = shop.standIn.intents.get(intentId) ?? {
		id: intentId,
		object: "payment_intent",
		amount: shop.order.total_cents,
		currency: "usd",
		metadata: {},
	};
	const succeeded = type === "payment_intent.succeeded";
	return {
		id: `evt_${randomBytes(12).toString("hex")}`,
		object: "event",
		api_version: "2025-01-27.acacia",
		created: Math.floor(Date.now() / 1000),
		livemode: false,
		pending_webhooks: 1,
		request: { id: null, idempotency_key: null },
		type,
		data: {
			object: {
				...intent,
				status: succeeded ? "succeeded" : "requires_payment_method",
				amount_received: succeeded ? intent.amount : 0,
				...changes,
			},
		},
	};
}

/** POSTs a webhook as Stripe does: the raw JSON body and its Stripe-Signature header (null: none). */
export function deliver(
	t: TestApp,
	payload: string,
	signature: string | null = Stripe.webhooks.generateTestHeaderString({
		payload,
		secret: WEBHOOK_SECRET,
	}),
) {
	return t.app.inject({
		method: "POST",
		url: WEBHOOK_URL,
		headers: {
			"content-type": "application/json; charset=utf-8",
			"user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
			...(signature === null ? {} : { "stripe-signature": signature }),
		},
		payload,
	});
}
