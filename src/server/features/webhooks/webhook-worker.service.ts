import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type {
	WebhookEndpoint,
	WebhookEvent,
} from "../../../shared/webhooks.schemas.ts";
import { boundLogText } from "../../platform/bounded-log.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import { runAloneAcrossInstances } from "../../platform/db/run-alone.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import { timeOrderedId } from "../../platform/time-ordered-id.ts";
import type { SecretBox } from "../../platform/webhooks/secret-box.ts";
import {
	postWebhook,
	type SendOutcome,
} from "../../platform/webhooks/webhook-sender.ts";
import {
	signWebhook,
	WEBHOOK_SIGNATURE_HEADER,
} from "../../platform/webhooks/webhook-signature.ts";
import {
	getAnyOrder,
	lastTimelineSeq,
	listTimelineAfter,
} from "../orders/orders.service.ts";
import {
	getTool,
	lastToolChange,
	listToolChangesAfter,
} from "../tools/tools.service.ts";
import {
	type ClaimedDelivery,
	claimDueDeliveries,
	findAllEndpoints,
	insertDeliveries,
	readCursor,
	recordAttempt,
	writeCursor,
} from "./webhooks.repository.ts";

/** After this many failed attempts a delivery is given up on ("failed"); a replay starts again. */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/** How long an instance holds the deliveries it claimed; longer than a send's timeout. */
const LEASE_MS = 60_000;
const FIRST_RETRY_DELAY_MS = 30_000;
const LONGEST_RETRY_DELAY_MS = 60 * 60_000;
const DEFAULT_POLL_INTERVAL_MS = 2_000;
/** Deliveries one pass claims; sent this many at once. */
const BATCH_SIZE = 10;
/** Events one batch of the dispatcher reads from each source. */
const EVENTS_A_BATCH = 200;
/** Batches one pass reads at most while they come full: 5,000 events of each source. */
const BATCHES_A_PASS = 25;
/**
 * On PostgreSQL a change commits a moment after it is written, and a later one can commit first:
 * the dispatcher reads only what is older than this, so it never steps past a change still
 * committing. SQLite commits one change at a time, in order.
 */
const POSTGRES_SETTLE_MS = 5_000;
const ERROR_MAX_LENGTH = 500;

/** The order timeline's steps that other systems hear about, by the event they are. */
const ORDER_STEP_EVENTS: Partial<Record<string, WebhookEvent>> = {
	placed: "order.placed",
	paid: "order.paid",
	shipped: "order.shipped",
	cancelled: "order.cancelled",
	expired: "order.cancelled",
	refunded: "order.refunded",
};

/** The wait after `attempts` failed attempts: 30 s, 1 min, 2 min, … doubling, at most an hour. */
export function webhookRetryDelayMs(attempts: number): number {
	return Math.min(
		FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0),
		LONGEST_RETRY_DELAY_MS,
	);
}

export type WebhookWorkerDeps = {
	db: Db;
	box: SecretBox;
	log: {
		warn(object: object, message: string): void;
		error(object: object, message: string): void;
	};
	/** Wall-clock time in ms, for back-off and leases; tests pass one they move by hand. */
	now: () => number;
	allowsPrivateAddresses: boolean;
	pollIntervalMs?: number;
};

type Event = {
	id: string;
	type: WebhookEvent;
	at: string;
	/** The order or tool as it is now; undefined when it is gone (nothing to say). */
	object: () => Promise<unknown>;
};

/** The JSON a delivery carries, the same for every endpoint and every attempt. */
function bodyOf(event: Event, object: unknown): string {
	return JSON.stringify({
		id: event.id,
		type: event.type,
		created_at: event.at,
		data: { object },
	});
}

/**
 * Turns new events into deliveries: the order timeline's steps and the tools' changes after where
 * it read last (`startWebhookCursors`), for every endpoint that asks for them and existed when
 * they happened, a batch at a time while batches come full (up to BATCHES_A_PASS).
 */
async function dispatch(
	deps: WebhookWorkerDeps,
	endpoints: readonly WebhookEndpoint[],
): Promise<number> {
	const { db } = deps;
	// Events carry the time they were written at (the system clock), as do endpoints.
	const before = new Date(
		Date.now() - (isPostgres(db) ? POSTGRES_SETTLE_MS : 0),
	).toISOString();
	let queued = 0;
	for (let batch = 0; batch < BATCHES_A_PASS; batch += 1) {
		const orders = await dispatchOrderSteps(deps, endpoints, before);
		const tools = await dispatchToolChanges(deps, endpoints, before);
		queued += orders.queued + tools.queued;
		if (!orders.isFull && !tools.isFull) break;
	}
	return queued;
}

type BatchRead = { queued: number; isFull: boolean };

/** One batch of the orders' timeline after the cursor. */
async function dispatchOrderSteps(
	deps: WebhookWorkerDeps,
	endpoints: readonly WebhookEndpoint[],
	before: string,
): Promise<BatchRead> {
	const { db } = deps;
	const cursor = await readCursor(db, "orders");
	if (cursor === undefined) return { queued: 0, isFull: false };
	const steps = await listTimelineAfter(
		db,
		Number(cursor),
		before,
		EVENTS_A_BATCH,
	);
	const events: Event[] = steps.flatMap((step) => {
		const type = ORDER_STEP_EVENTS[step.kind];
		if (!type) return [];
		return [
			{
				id: `evt_order_${step.seq}`,
				type,
				at: step.at,
				object: () => getAnyOrder(db, step.order_id),
			},
		];
	});
	const queued = await queue(deps, endpoints, events);
	const last = steps.at(-1);
	if (last) await writeCursor(db, "orders", String(last.seq));
	return { queued, isFull: steps.length === EVENTS_A_BATCH };
}

/** One batch of the tools' changes after the cursor. */
async function dispatchToolChanges(
	deps: WebhookWorkerDeps,
	endpoints: readonly WebhookEndpoint[],
	before: string,
): Promise<BatchRead> {
	const { db } = deps;
	const cursor = await readCursor(db, "tools");
	if (cursor === undefined) return { queued: 0, isFull: false };
	const [updatedAt = "", id = ""] = cursor.split("|");
	const changes = await listToolChangesAfter(
		db,
		{ updatedAt, id },
		before,
		EVENTS_A_BATCH,
	);
	const events: Event[] = changes.map((change) => ({
		id: `evt_tool_${change.id}_${Date.parse(change.updated_at)}`,
		type: change.deleted_at
			? "tool.deleted"
			: change.created_at === change.updated_at
				? "tool.created"
				: "tool.updated",
		at: change.updated_at,
		object: async () =>
			change.deleted_at
				? {
						id: change.id,
						tool_name: change.tool_name,
						deleted_at: change.deleted_at,
					}
				: getTool(db, change.id),
	}));
	const queued = await queue(deps, endpoints, events);
	const last = changes.at(-1);
	if (last) await writeCursor(db, "tools", `${last.updated_at}|${last.id}`);
	return { queued, isFull: changes.length === EVENTS_A_BATCH };
}

/**
 * Where the dispatcher starts reading, when it has not started yet: after everything so far, so
 * the first endpoint hears of what happens once it is added. Called when an endpoint is added.
 */
export async function startWebhookCursors(db: Db): Promise<void> {
	if ((await readCursor(db, "orders")) === undefined)
		await writeCursor(db, "orders", String(await lastTimelineSeq(db)));
	if ((await readCursor(db, "tools")) === undefined) {
		const last = await lastToolChange(db);
		await writeCursor(db, "tools", `${last.updatedAt}|${last.id}`);
	}
}

/** Queues each event for the endpoints that ask for it; the number of deliveries queued. */
async function queue(
	deps: WebhookWorkerDeps,
	endpoints: readonly WebhookEndpoint[],
	events: readonly Event[],
): Promise<number> {
	let queued = 0;
	for (const event of events) {
		const to = endpoints.filter(
			(endpoint) =>
				endpoint.events.includes(event.type) && endpoint.created_at <= event.at,
		);
		if (to.length === 0) continue;
		let object: unknown;
		try {
			object = await event.object();
		} catch (error) {
			// Deleted since (an order the shop removed): there is nothing left to tell.
			if (error instanceof NotFoundError) continue;
			throw error;
		}
		const at = new Date(deps.now()).toISOString();
		await insertDeliveries(
			deps.db,
			to.map((endpoint) => ({
				id: timeOrderedId(),
				endpoint_id: endpoint.id,
				event_id: event.id,
				event: event.type,
				payload: bodyOf(event, object),
				status: "pending",
				send_after: at,
				created_at: at,
			})),
		);
		queued += to.length;
	}
	return queued;
}

/** Sends one claimed delivery, signed now, and records how it went. */
async function attempt(
	deps: WebhookWorkerDeps,
	delivery: ClaimedDelivery,
): Promise<"delivered" | "retried" | "failed"> {
	const sentAt = deps.now();
	let outcome: SendOutcome;
	try {
		const secret = deps.box.open(delivery.secret_sealed);
		outcome = await postWebhook(
			delivery.url,
			delivery.payload,
			{
				[WEBHOOK_SIGNATURE_HEADER]: signWebhook(
					secret,
					Math.floor(sentAt / 1000),
					delivery.payload,
				),
				"tools-gallery-event": delivery.event,
				"tools-gallery-delivery": delivery.id,
			},
			{ allowsPrivateAddresses: deps.allowsPrivateAddresses },
		);
	} catch (error) {
		// A secret sealed under another AUTH_SECRET: the endpoint must be added again.
		outcome = {
			statusCode: null,
			error: `Could not sign the delivery: ${error instanceof Error ? error.message : String(error)}`,
			durationMs: 0,
		};
	}
	const isDelivered = outcome.error === null;
	const attempts = delivery.attempts + 1;
	const isGivenUp = !isDelivered && attempts >= WEBHOOK_MAX_ATTEMPTS;
	const at = new Date(deps.now()).toISOString();
	const status = isDelivered ? "delivered" : isGivenUp ? "failed" : "pending";
	const recorded = await recordAttempt(deps.db, {
		id: randomUUID(),
		deliveryId: delivery.id,
		lease: delivery.claimed_until,
		attemptedAt: new Date(sentAt).toISOString(),
		statusCode: outcome.statusCode,
		error: outcome.error?.slice(0, ERROR_MAX_LENGTH) ?? null,
		durationMs: outcome.durationMs,
		next: {
			status,
			attempts,
			send_after: isDelivered
				? at
				: new Date(deps.now() + webhookRetryDelayMs(attempts)).toISOString(),
			delivered_at: isDelivered ? at : null,
		},
	});
	const about = { deliveryId: delivery.id, event: delivery.event, attempts };
	if (!recorded)
		deps.log.warn(
			about,
			"webhook attempt made after its lease ran out or the delivery was queued again",
		);
	else if (isGivenUp)
		deps.log.error(
			{ ...about, error: boundLogText(outcome.error ?? "") },
			"webhook not delivered; given up",
		);
	else if (!isDelivered)
		deps.log.warn(
			{ ...about, error: boundLogText(outcome.error ?? "") },
			"webhook not delivered; it is tried again later",
		);
	return status === "pending" ? "retried" : status;
}

/** One pass of the sender: claims due deliveries and sends them, a batch at a time. */
async function send(deps: WebhookWorkerDeps): Promise<number> {
	const at = deps.now();
	const claimed = await claimDueDeliveries(deps.db, {
		now: new Date(at).toISOString(),
		leaseUntil: new Date(at + LEASE_MS).toISOString(),
		limit: BATCH_SIZE,
	});
	await Promise.all(claimed.map((delivery) => attempt(deps, delivery)));
	return claimed.length;
}

export type WebhookWorker = {
	/** One pass: new events to deliveries (on one instance at a time), then due deliveries sent. */
	runOnce(): Promise<{ queued: number; sent: number }>;
};

/**
 * The webhooks' background work, on every instance: the dispatcher runs on one instance at a
 * time (an advisory lock on PostgreSQL); deliveries are claimed under a lease, so each is sent by
 * one instance at a time and one whose instance died is sent again once its lease ran out.
 */
export function scheduleWebhookWorker(
	app: FastifyInstance,
	deps: WebhookWorkerDeps,
): WebhookWorker {
	async function runOnce() {
		// Without an endpoint there is nothing to queue and nothing to send (its deliveries went
		// with it): the pass ends with this one read, taking no lock and writing nothing.
		const endpoints = await findAllEndpoints(deps.db);
		if (endpoints.length === 0) return { queued: 0, sent: 0 };
		const dispatched = await runAloneAcrossInstances(
			deps.db,
			"webhook-dispatch",
			() => dispatch(deps, endpoints),
		);
		const sent = await send(deps);
		return { queued: dispatched.ran ? dispatched.value : 0, sent };
	}
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<unknown> | undefined;
	let isStopped = false;
	const tick = () => {
		if (running || isStopped) return;
		running = runOnce()
			.catch((error: unknown) =>
				deps.log.error({ err: error }, "webhook pass failed"),
			)
			.finally(() => {
				running = undefined;
			});
	};
	app.addHook("onReady", async () => {
		timer = setInterval(tick, deps.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
		timer.unref();
	});
	app.addHook("onClose", async () => {
		isStopped = true;
		clearInterval(timer);
		await running;
	});
	return { runOnce };
}
