import type { FastifyInstance } from "fastify";
import { vi } from "vitest";
import { outboxDir } from "../app.ts";
import type { Config } from "../config.ts";
import type { Db } from "../platform/db/database.ts";
import { type OutboxEntry, readOutbox } from "../platform/mail/mailer.ts";
import { authHeaders } from "./accounts.ts";

/** POST /api/orders as the signed-in customer whose cookie is given. */
export function postOrder(
	app: FastifyInstance,
	cookie: string,
	payload: object,
	idempotencyKey?: string,
) {
	return app.inject({
		method: "POST",
		url: "/api/orders",
		headers: {
			...authHeaders(cookie),
			...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
		},
		payload,
	});
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
