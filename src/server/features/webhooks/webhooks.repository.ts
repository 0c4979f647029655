import type {
	WebhookAttempt,
	WebhookDelivery,
	WebhookEndpoint,
	WebhookEvent,
} from "../../../shared/webhooks.schemas.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type {
	WebhookDeliveriesTable,
	WebhookEndpointsTable,
} from "../../platform/db/schema.ts";

const endpointColumns = [
	"id",
	"url",
	"description",
	"events",
	"created_at",
	"created_by_email",
] as const;

function toEndpoint({
	events,
	...row
}: Pick<
	WebhookEndpointsTable,
	(typeof endpointColumns)[number]
>): WebhookEndpoint {
	return { ...row, events: JSON.parse(events) as WebhookEvent[] };
}

export async function insertEndpoint(
	db: Db,
	endpoint: WebhookEndpointsTable,
): Promise<void> {
	await db.insertInto("webhook_endpoints").values(endpoint).execute();
}

export async function findEndpointsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<WebhookEndpoint[]> {
	const rows = await db
		.selectFrom("webhook_endpoints")
		.select(endpointColumns)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toEndpoint);
}

export async function countEndpoints(db: Db): Promise<number> {
	const row = await db
		.selectFrom("webhook_endpoints")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findEndpoint(
	db: Db,
	id: string,
): Promise<WebhookEndpoint | undefined> {
	const row = await db
		.selectFrom("webhook_endpoints")
		.select(endpointColumns)
		.where("id", "=", id)
		.executeTakeFirst();
	return row && toEndpoint(row);
}

/** Every endpoint (a shop has at most ten), for the dispatcher. */
export async function findAllEndpoints(db: Db): Promise<WebhookEndpoint[]> {
	const rows = await db
		.selectFrom("webhook_endpoints")
		.select(endpointColumns)
		.execute();
	return rows.map(toEndpoint);
}

/** Deletes an endpoint with its deliveries and their attempts; whether there was one. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
	const result = await db
		.deleteFrom("webhook_endpoints")
		.where("id", "=", id)
		.executeTakeFirst();
	return result.numDeletedRows === 1n;
}

/** Queues deliveries; one already queued for the same endpoint and event is left as it is. */
export async function insertDeliveries(
	db: Db,
	deliveries: Omit<
		WebhookDeliveriesTable,
		| "attempts"
		| "claimed_until"
		| "last_status_code"
		| "last_error"
		| "delivered_at"
	>[],
): Promise<void> {
	if (deliveries.length === 0) return;
	await db
		.insertInto("webhook_deliveries")
		.values(
			deliveries.map((delivery) => ({
				...delivery,
				attempts: 0,
				claimed_until: null,
				last_status_code: null,
				last_error: null,
				delivered_at: null,
			})),
		)
		.onConflict((conflict) =>
			conflict.columns(["endpoint_id", "event_id"]).doNothing(),
		)
		.execute();
}

/** A delivery held by this instance, with where and how to send it. */
export type ClaimedDelivery = {
	id: string;
	event_id: string;
	event: string;
	payload: string;
	attempts: number;
	url: string;
	secret_sealed: string;
	claimed_until: string;
};

/**
 * Holds up to `limit` due deliveries until `leaseUntil`: pending, due, and not held by another
 * instance (or held past its lease). PostgreSQL skips rows another claimer has locked.
 */
export async function claimDueDeliveries(
	db: Db,
	{
		now,
		leaseUntil,
		limit,
	}: { now: string; leaseUntil: string; limit: number },
): Promise<ClaimedDelivery[]> {
	const due = db
		.selectFrom("webhook_deliveries")
		.select("id")
		.where("status", "=", "pending")
		.where("send_after", "<=", now)
		.where((eb) =>
			eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]),
		)
		.orderBy("send_after")
		.orderBy("id")
		.limit(limit);
	const claimed = await db
		.updateTable("webhook_deliveries")
		.set({ claimed_until: leaseUntil })
		.where("id", "in", isPostgres(db) ? due.forUpdate().skipLocked() : due)
		.where("status", "=", "pending")
		.where((eb) =>
			eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]),
		)
		.returning(["id"])
		.execute();
	if (claimed.length === 0) return [];
	const rows = await db
		.selectFrom("webhook_deliveries")
		.innerJoin(
			"webhook_endpoints",
			"webhook_endpoints.id",
			"webhook_deliveries.endpoint_id",
		)
		.select([
			"webhook_deliveries.id",
			"webhook_deliveries.event_id",
			"webhook_deliveries.event",
			"webhook_deliveries.payload",
			"webhook_deliveries.attempts",
			"webhook_endpoints.url",
			"webhook_endpoints.secret_sealed",
		])
		.where(
			"webhook_deliveries.id",
			"in",
			claimed.map((row) => row.id),
		)
		.execute();
	return rows.map((row) => ({ ...row, claimed_until: leaseUntil }));
}

/**
 * Records one try at a delivery and where the delivery now stands, if this instance still holds
 * it (its lease); false when another instance took it meanwhile.
 */
export async function recordAttempt(
	db: Db,
	attempt: {
		id: string;
		deliveryId: string;
		lease: string;
		attemptedAt: string;
		statusCode: number | null;
		error: string | null;
		durationMs: number;
		/** The delivery after this try. */
		next: Pick<
			WebhookDeliveriesTable,
			"status" | "attempts" | "send_after" | "delivered_at"
		>;
	},
): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const updated = await trx
			.updateTable("webhook_deliveries")
			.set({
				...attempt.next,
				claimed_until: null,
				last_status_code: attempt.statusCode,
				last_error: attempt.error,
			})
			.where("id", "=", attempt.deliveryId)
			.where("claimed_until", "=", attempt.lease)
			.executeTakeFirst();
		if (updated.numUpdatedRows !== 1n) return false;
		await trx
			.insertInto("webhook_attempts")
			.values({
				id: attempt.id,
				delivery_id: attempt.deliveryId,
				attempted_at: attempt.attemptedAt,
				status_code: attempt.statusCode,
				error: attempt.error,
				duration_ms: attempt.durationMs,
			})
			.execute();
		return true;
	});
}

const deliveryColumns = [
	"id",
	"endpoint_id",
	"event_id",
	"event",
	"status",
	"attempts",
	"send_after",
	"last_status_code",
	"last_error",
	"created_at",
	"delivered_at",
] as const;

function toDelivery({
	send_after,
	event,
	...row
}: Pick<
	WebhookDeliveriesTable,
	(typeof deliveryColumns)[number]
>): WebhookDelivery {
	return {
		...row,
		event: event as WebhookEvent,
		next_attempt_at: row.status === "pending" ? send_after : null,
	};
}

/** An endpoint's deliveries, newest first. */
export async function findDeliveriesPage(
	db: Db,
	endpointId: string,
	offset: number,
	limit: number,
): Promise<WebhookDelivery[]> {
	const rows = await db
		.selectFrom("webhook_deliveries")
		.select(deliveryColumns)
		.where("endpoint_id", "=", endpointId)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toDelivery);
}

export async function countDeliveries(
	db: Db,
	endpointId: string,
): Promise<number> {
	const row = await db
		.selectFrom("webhook_deliveries")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("endpoint_id", "=", endpointId)
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findDelivery(
	db: Db,
	id: string,
): Promise<(WebhookDelivery & { payload: string }) | undefined> {
	const row = await db
		.selectFrom("webhook_deliveries")
		.select([...deliveryColumns, "payload"])
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) return undefined;
	const { payload, ...delivery } = row;
	return { ...toDelivery(delivery), payload };
}

/** A delivery's attempts, oldest first. */
export async function findAttempts(
	db: Db,
	deliveryId: string,
): Promise<WebhookAttempt[]> {
	return db
		.selectFrom("webhook_attempts")
		.select(["attempted_at", "status_code", "error", "duration_ms"])
		.where("delivery_id", "=", deliveryId)
		.orderBy("attempted_at")
		.orderBy("id")
		.execute();
}

/** Queues a delivery again from now, with a fresh count of attempts; whether there was one. */
export async function requeueDelivery(
	db: Db,
	id: string,
	now: string,
): Promise<boolean> {
	const result = await db
		.updateTable("webhook_deliveries")
		.set({
			status: "pending",
			attempts: 0,
			send_after: now,
			claimed_until: null,
			delivered_at: null,
		})
		.where("id", "=", id)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

export async function readCursor(
	db: Db,
	source: string,
): Promise<string | undefined> {
	const row = await db
		.selectFrom("webhook_cursors")
		.select("position")
		.where("source", "=", source)
		.executeTakeFirst();
	return row?.position;
}

export async function writeCursor(
	db: Db,
	source: string,
	position: string,
): Promise<void> {
	await db
		.insertInto("webhook_cursors")
		.values({ source, position })
		.onConflict((conflict) =>
			conflict.column("source").doUpdateSet({ position }),
		)
		.execute();
}
