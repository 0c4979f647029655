import { randomBytes, randomUUID } from "node:crypto";
import type { PageQuery } from "../../../shared/paging.schemas.ts";
import {
	type CreatedWebhookEndpoint,
	WEBHOOK_ENDPOINTS_MAX,
	type WebhookDelivery,
	type WebhookDeliveryDetail,
	type WebhookDeliveryPage,
	type WebhookEndpointInput,
	type WebhookEndpointPage,
} from "../../../shared/webhooks.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import {
	ConflictError,
	NotFoundError,
	ValidationError,
} from "../../platform/http/errors.ts";
import type { SecretBox } from "../../platform/webhooks/secret-box.ts";
import { refusedAddressOf } from "../../platform/webhooks/webhook-sender.ts";
import { recordAuditEvent } from "../audit/audit.service.ts";
import { startWebhookCursors } from "./webhook-worker.service.ts";
import {
	countDeliveries,
	countEndpoints,
	deleteEndpoint,
	findAttempts,
	findDeliveriesPage,
	findDelivery,
	findEndpoint,
	findEndpointsPage,
	insertEndpoint,
	requeueDelivery,
} from "./webhooks.repository.ts";

const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
const DELIVERY_NOT_FOUND = "Delivery not found";

export type WebhooksDeps = {
	db: Db;
	box: SecretBox;
	allowsPrivateAddresses: boolean;
	now: () => number;
};

/**
 * The endpoint as the security log names it: its address without the query, which may hold a
 * receiver's token.
 */
function loggedUrlOf(url: string): string {
	const parsed = new URL(url);
	return `${parsed.origin}${parsed.pathname}`;
}

/**
 * Adds an endpoint with a fresh signing secret, returned this once and kept sealed. A shop sends
 * to at most WEBHOOK_ENDPOINTS_MAX endpoints; an address written as a private or local IP is
 * refused unless the shop allows them (names are checked when a delivery connects). Recorded in
 * the security log with the change, in one transaction: an endpoint receives every order.
 */
async function addEndpoint(
	{ db, box, allowsPrivateAddresses }: WebhooksDeps,
	admin: Viewer,
	input: WebhookEndpointInput,
	address: string,
): Promise<CreatedWebhookEndpoint> {
	const refused = allowsPrivateAddresses
		? undefined
		: refusedAddressOf(input.url);
	if (refused)
		throw new ValidationError("Invalid body: url", [
			{ field: "url", message: refused },
		]);
	if ((await countEndpoints(db)) >= WEBHOOK_ENDPOINTS_MAX)
		throw new ConflictError(
			`A shop sends to at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one first`,
		);
	await startWebhookCursors(db);
	const secret = `whsec_${randomBytes(32).toString("base64url")}`;
	const id = randomUUID();
	await db.transaction().execute(async (trx) => {
		await insertEndpoint(trx, {
			id,
			url: input.url,
			description: input.description,
			events: JSON.stringify(input.events),
			secret_sealed: box.seal(secret),
			created_by_email: admin.email,
			// The system clock's, as the events it is compared with carry.
			created_at: new Date().toISOString(),
		});
		await recordAuditEvent(trx, {
			kind: "webhook.added",
			actor: { id: admin.id, email: admin.email },
			address,
			details: { url: loggedUrlOf(input.url), events: input.events.join(" ") },
		});
	});
	const endpoint = await findEndpoint(db, id);
	if (!endpoint) throw new Error("the endpoint just added went missing");
	return { endpoint, secret };
}

/** Removes an endpoint with its deliveries, recorded in the security log in the same transaction. */
async function removeEndpoint(
	db: Db,
	admin: Viewer,
	id: string,
	address: string,
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const endpoint = await findEndpoint(trx, id);
		if (!endpoint || !(await deleteEndpoint(trx, id)))
			throw new NotFoundError(ENDPOINT_NOT_FOUND);
		await recordAuditEvent(trx, {
			kind: "webhook.removed",
			actor: { id: admin.id, email: admin.email },
			address,
			details: { url: loggedUrlOf(endpoint.url) },
		});
	});
}

async function listDeliveries(
	db: Db,
	endpointId: string,
	query: PageQuery,
): Promise<WebhookDeliveryPage> {
	if (!(await findEndpoint(db, endpointId)))
		throw new NotFoundError(ENDPOINT_NOT_FOUND);
	return readPage(
		query,
		(offset, limit) => findDeliveriesPage(db, endpointId, offset, limit),
		() => countDeliveries(db, endpointId),
	);
}

async function getDelivery(db: Db, id: string): Promise<WebhookDeliveryDetail> {
	const delivery = await findDelivery(db, id);
	if (!delivery) throw new NotFoundError(DELIVERY_NOT_FOUND);
	return { ...delivery, attempt_log: await findAttempts(db, id) };
}

/** Sends a delivery again from now (same event id, same body); its attempts stay in the log. */
async function replayDelivery(
	{ db, now }: WebhooksDeps,
	id: string,
): Promise<WebhookDelivery> {
	if (!(await requeueDelivery(db, id, new Date(now()).toISOString())))
		throw new NotFoundError(DELIVERY_NOT_FOUND);
	const { payload: _payload, ...delivery } = await getDelivery(db, id);
	return delivery;
}

export function createWebhookUseCases(deps: WebhooksDeps) {
	const { db } = deps;
	return {
		listEndpoints: (query: PageQuery): Promise<WebhookEndpointPage> =>
			readPage(
				query,
				(offset, limit) => findEndpointsPage(db, offset, limit),
				() => countEndpoints(db),
			),
		addEndpoint: (
			admin: Viewer,
			input: WebhookEndpointInput,
			address: string,
		) => addEndpoint(deps, admin, input, address),
		removeEndpoint: (admin: Viewer, id: string, address: string) =>
			removeEndpoint(db, admin, id, address),
		listDeliveries: (endpointId: string, query: PageQuery) =>
			listDeliveries(db, endpointId, query),
		getDelivery: (id: string) => getDelivery(db, id),
		replayDelivery: (id: string) => replayDelivery(deps, id),
	};
}

export type WebhookUseCases = ReturnType<typeof createWebhookUseCases>;
