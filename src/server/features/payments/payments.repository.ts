import type { Db } from "../../platform/db/database.ts";

/** Remembers an applied payment-provider event; false when it was already there. */
export async function recordPaymentEvent(
	db: Db,
	event: { event_id: string; type: string; order_id: string | null },
): Promise<boolean> {
	const inserted = await db
		.insertInto("payment_events")
		.values({ ...event, received_at: new Date().toISOString() })
		.onConflict((conflict) => conflict.column("event_id").doNothing())
		.returning("event_id")
		.executeTakeFirst();
	return inserted !== undefined;
}

/** Whether a payment-provider event was applied before (a repeated delivery). */
export async function isPaymentEventKnown(
	db: Db,
	eventId: string,
): Promise<boolean> {
	const row = await db
		.selectFrom("payment_events")
		.select("event_id")
		.where("event_id", "=", eventId)
		.executeTakeFirst();
	return row !== undefined;
}
