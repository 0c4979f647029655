import type { FastifyInstance } from "fastify";
import { onTestFinished, vi } from "vitest";
import { outboxDir } from "../app.ts";
import { type Config, DEFAULT_MAX_UNPAID_ORDERS } from "../config.ts";
import { createMailOutbox } from "../features/mail/mail-outbox-worker.service.ts";
import type { PaymentsDeps } from "../features/payments/payments.service.ts";
import type { Db } from "../platform/db/database.ts";
import { createWriteTransactions } from "../platform/db/group-commit.ts";
import {
	createMailer,
	type OutboxEntry,
	readOutbox,
} from "../platform/mail/mailer.ts";
import {
	createTestPaymentGateway,
	type PaymentGateway,
} from "../platform/payments/payment-gateway.ts";
import { authHeaders } from "./accounts.ts";

/** A POST that places an order, as the signed-in customer whose cookie is given. */
function postPlacing(
	url: string,
	app: FastifyInstance,
	cookie: string,
	payload: object,
	idempotencyKey?: string,
) {
	return app.inject({
		method: "POST",
		url,
		headers: {
			...authHeaders(cookie),
			...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
		},
		payload,
	});
}

/** POST /api/orders as the signed-in customer whose cookie is given. */
export function postOrder(
	app: FastifyInstance,
	cookie: string,
	payload: object,
	idempotencyKey?: string,
) {
	return postPlacing("/api/orders", app, cookie, payload, idempotencyKey);
}

/** A POST to one of an order's actions (cancel, payment) as the given caller. */
export function postOrderAction(
	app: FastifyInstance,
	cookie: string | undefined,
	orderId: string,
	action: "cancel" | "payment",
) {
	return app.inject({
		method: "POST",
		url: `/api/orders/${orderId}/${action}`,
		headers: authHeaders(cookie),
	});
}

/** DELETE /api/orders/:id as the signed-in account whose cookie is given (an admin's delete). */
export function deleteOrderAs(
	app: FastifyInstance,
	cookie: string,
	orderId: string,
) {
	return app.inject({
		method: "DELETE",
		url: `/api/orders/${orderId}`,
		headers: authHeaders(cookie),
	});
}

export async function readStock(db: Db, toolId: string): Promise<number> {
	const row = await db
		.selectFrom("tools")
		.select("available_quantity")
		.where("id", "=", toolId)
		.executeTakeFirstOrThrow();
	return row.available_quantity;
}

/** The newest mail to `to` whose subject contains `subject`; mail is sent after the answer. */
export function waitForOrderMail(
	config: Config,
	to: string,
	subject: string,
): Promise<OutboxEntry> {
	return vi.waitFor(async () => {
		const message = (await readOutbox(outboxDir(config)))
			.filter((entry) => entry.to === to && entry.subject.includes(subject))
			.at(-1);
		if (!message) throw new Error(`no "${subject}" mail to ${to} yet`);
		return message;
	});
}

/**
 * What an instance of the shop gives the orders and payments features, on the test app's
 * database: to run their background work (expiry, reconciliation) as another instance would, with
 * a mail outbox worker of its own. The test provider unless `payments` is given.
 */
export function ordersFeatureOf(
	t: { db: Db; config: Config; app: FastifyInstance },
	options: { payments?: PaymentGateway; unpaidOrderHours?: number } = {},
): PaymentsDeps {
	const mailer = createMailer(t.config.mail, outboxDir(t.config), t.app.log);
	const outbox = createMailOutbox({ db: t.db, mailer, log: t.app.log });
	outbox.start();
	onTestFinished(async () => {
		await outbox.stop();
		mailer.close();
	});
	const gateway = options.payments ?? createTestPaymentGateway();
	return {
		orders: {
			db: t.db,
			writes: createWriteTransactions(t.db),
			log: t.app.log,
			unpaidOrderHours: options.unpaidOrderHours ?? 48,
			maxUnpaidOrders: t.config.maxUnpaidOrders ?? DEFAULT_MAX_UNPAID_ORDERS,
			paymentLimits: gateway.totalLimits,
			notifyMail: () => outbox.notify(),
			// The app's own list cache is not reached from here: its version is read within 100 ms.
			onStockChanged: () => {},
		},
		gateway,
		log: t.app.log,
	};
}

/** POST /api/checkout as the signed-in customer whose cookie is given. */
export function postCheckout(
	app: FastifyInstance,
	cookie: string,
	payload: object,
	idempotencyKey?: string,
) {
	return postPlacing("/api/checkout", app, cookie, payload, idempotencyKey);
}

/** A delivery address a checkout can send. */
export const TEST_DELIVERY = {
	kind: "delivery",
	address: {
		recipient: "Cora Customer",
		address: "12 Forge Lane",
		city: "Sheffield",
		state: "",
		zip: "S1 2AB",
	},
} as const;
