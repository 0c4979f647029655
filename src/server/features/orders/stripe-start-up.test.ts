import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { expect, onTestFinished, test } from "vitest";
import { PaymentStartSchema } from "../../../shared/orders.schemas.ts";
import { loadConfig } from "../../config.ts";
import { createServer } from "../../start-up.ts";
import { signUp } from "../../test-support/accounts.ts";
import { postOrder, postOrderAction } from "../../test-support/orders.ts";
import { startStripeStandIn } from "../../test-support/stripe-stand-in.ts";
import {
	createTestDatabase,
	insertTestTool,
} from "../../test-support/test-app.ts";

const WEBHOOK_SECRET = "whsec_start_up_test_secret";

/**
 * The server as start-up builds it from environment variables (over this test's database), closed
 * and dropped when the test finishes.
 */
async function startServer(env: Record<string, string>) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-test-"));
	const { database, drop } = await createTestDatabase(dataDir);
	const config = loadConfig({
		DATA_DIR: dataDir,
		...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
		SEED_DEMO: "false",
		LOG_LEVEL: "silent",
		AUTH_SECRET: "test-only-auth-secret-0123456789abcdef",
		...env,
	});
	const { app, db } = await createServer(config);
	onTestFinished(async () => {
		await app.close();
		await db.destroy();
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	return { app, db, config };
}

test("with Stripe's keys set, the server takes payments through Stripe at STRIPE_API_URL", async () => {
	const standIn = await startStripeStandIn();
	const { app, db } = await startServer({
		STRIPE_SECRET_KEY: standIn.secretKey,
		STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
		STRIPE_PUBLISHABLE_KEY: "pk_test_start_up",
		STRIPE_API_URL: standIn.url,
	});
	const options = await app.inject({ url: "/api/payment-options" });
	expect(options.json()).toEqual({
		provider: "stripe",
		publishable_key: "pk_test_start_up",
	});

	const tool = await insertTestTool(db, { price_cents: 2500 });
	const customer = await signUp(app);
	const order = (
		await postOrder(app, customer.cookie, {
			tool_id: tool.id,
			order_quantity: 10,
		})
	).json();
	const started = PaymentStartSchema.parse(
		(await postOrderAction(app, customer.cookie, order.id, "payment")).json(),
	);
	expect(started.provider).toBe("stripe");
	expect(standIn.createCalls).toHaveLength(1);
	const intentId = standIn.createCalls[0]?.intentId ?? "";
	const intent = standIn.intents.get(intentId);

	const payload = JSON.stringify({
		id: "evt_start_up_1",
		object: "event",
		type: "payment_intent.succeeded",
		data: {
			object: { ...intent, status: "succeeded", amount_received: 25_000 },
		},
	});
	const webhook = await app.inject({
		method: "POST",
		url: "/api/payments/stripe/webhook",
		headers: {
			"content-type": "application/json",
			"stripe-signature": Stripe.webhooks.generateTestHeaderString({
				payload,
				secret: WEBHOOK_SECRET,
			}),
		},
		payload,
	});
	expect(webhook.statusCode).toBe(200);
	const paid = await db
		.selectFrom("orders")
		.select(["status", "payment_id"])
		.where("id", "=", order.id)
		.executeTakeFirstOrThrow();
	expect(paid).toEqual({ status: "paid", payment_id: intentId });
});

test("without Stripe's keys the server takes payments with the test provider, and Stripe's webhook is refused", async () => {
	const { app } = await startServer({});
	const options = await app.inject({ url: "/api/payment-options" });
	expect(options.json()).toEqual({ provider: "test" });
	const webhook = await app.inject({
		method: "POST",
		url: "/api/payments/stripe/webhook",
		headers: { "content-type": "application/json", "stripe-signature": "t=1" },
		payload: "{}",
	});
	expect(webhook.statusCode).toBe(400);
});
