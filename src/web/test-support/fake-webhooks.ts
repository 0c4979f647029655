import { vi } from "vitest";
import {
	WEBHOOK_ENDPOINTS_MAX,
	type WebhookDelivery,
	type WebhookDeliveryDetail,
	type WebhookEndpoint,
	WebhookEndpointInputSchema,
	type WebhookEvent,
} from "../../shared/webhooks.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { admin } from "./fake-catalog.ts";

export { admin };

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** The n-th endpoint of the shop (a higher n was added later): sent new orders, no description. */
export function anEndpoint(
	n: number,
	changes: Partial<WebhookEndpoint> = {},
): WebhookEndpoint {
	return {
		id: `60000000-0000-4000-8000-${pad(n, 12)}`,
		url: `https://erp${n}.example.com/hooks/tools-gallery`,
		description: "",
		events: ["order.placed"],
		created_at: new Date(Date.UTC(2026, 10, 10 + n, 9, 30)).toISOString(),
		created_by_email: admin.email,
		...changes,
	};
}

/** The body the shop sends for an event, as the server writes it: compact JSON. */
export function payloadOf(
	eventId: string,
	event: WebhookEvent,
	createdAt: string,
): string {
	return JSON.stringify({
		id: eventId,
		type: event,
		created_at: createdAt,
		data: {
			object: event.startsWith("order.")
				? { id: "order-1", status: "paid", total: "129.00" }
				: { _id: "tool-1", tool_name: "Bar clamp" },
		},
	});
}

/**
 * The n-th delivery to the first endpoint (a higher n was made later): an order placed, taken by
 * the receiver at the first attempt a second after it was made.
 */
export function aDelivery(
	n: number,
	changes: Partial<WebhookDeliveryDetail> = {},
): WebhookDeliveryDetail {
	const createdAt = new Date(Date.UTC(2026, 10, 26, 9, n)).toISOString();
	const attemptedAt = new Date(Date.UTC(2026, 10, 26, 9, n, 1)).toISOString();
	const eventId = changes.event_id ?? `evt_${pad(n, 4)}Q7xWm2Lp`;
	const event = changes.event ?? "order.placed";
	return {
		id: `70000000-0000-4000-8000-${pad(n, 12)}`,
		endpoint_id: anEndpoint(1).id,
		event_id: eventId,
		event,
		status: "delivered",
		attempts: 1,
		next_attempt_at: null,
		last_status_code: 200,
		last_error: null,
		created_at: createdAt,
		delivered_at: attemptedAt,
		payload: payloadOf(eventId, event, createdAt),
		attempt_log: [
			{
				attempted_at: attemptedAt,
				status_code: 200,
				error: null,
				duration_ms: 142,
			},
		],
		...changes,
	};
}

export type WebhookRequest = { method: string; url: URL; body: unknown };

/** A delivery as the lists answer it: without its body and attempt log. */
function listed({
	payload: _payload,
	attempt_log: _log,
	...delivery
}: WebhookDeliveryDetail): WebhookDelivery {
	return delivery;
}

const newestFirst = <T extends { created_at: string }>(items: readonly T[]) =>
	[...items].sort((a, b) => b.created_at.localeCompare(a.created_at));

/**
 * The webhooks' admin API over `endpoints` and `deliveries` (changed by the requests), as the
 * server answers it: endpoints and deliveries newest first, 20 a page; adding an endpoint checks
 * its input, refuses an 11th and answers with its secret once; removing one takes its deliveries
 * with it; an unknown endpoint or delivery is a 404; a replay makes the delivery pending, due at
 * `now`, with a fresh count of attempts (its log kept). `answer` may answer a request first, to
 * stage a failure. Returns every request sent, in order.
 */
export function serveWebhooks(
	{
		endpoints = [],
		deliveries = [],
	}: {
		endpoints?: WebhookEndpoint[];
		deliveries?: WebhookDeliveryDetail[];
	},
	{
		me = admin,
		now = "2026-11-27T10:00:00.000Z",
		answer = () => undefined,
	}: {
		me?: object;
		now?: string;
		answer?: (request: WebhookRequest) => Response | undefined;
	} = {},
): WebhookRequest[] {
	const sent: WebhookRequest[] = [];
	let made = 0;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const body = init?.body ? JSON.parse(String(init.body)) : undefined;
			const request = { method, url, body };
			sent.push(request);
			const staged = answer(request);
			if (staged) return staged;
			if (url.pathname === "/api/session") return jsonResponse({ me });
			if (url.pathname === "/api/admin/webhooks" && method === "GET")
				return pageOf(newestFirst(endpoints), url, 20);
			if (url.pathname === "/api/admin/webhooks" && method === "POST") {
				const parsed = WebhookEndpointInputSchema.safeParse(body);
				if (!parsed.success) {
					const details = parsed.error.issues.map((issue) => ({
						field: issue.path.join("."),
						message: issue.message,
					}));
					return errorResponse(
						400,
						"VALIDATION_FAILED",
						`Invalid body: ${details.map((detail) => detail.field).join(", ")}`,
						details,
					);
				}
				if (endpoints.length >= WEBHOOK_ENDPOINTS_MAX)
					return errorResponse(
						409,
						"CONFLICT",
						`A shop sends to at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one first`,
					);
				made += 1;
				const endpoint: WebhookEndpoint = {
					id: `6f000000-0000-4000-8000-${pad(made, 12)}`,
					...parsed.data,
					created_at: now,
					created_by_email: admin.email,
				};
				endpoints.push(endpoint);
				const secret = `whsec_New${made}SigningSecret0123456789abcdefXYZ`;
				return jsonResponse({ endpoint, secret }, 201);
			}
			const [, endpointId, rest] =
				/^\/api\/admin\/webhooks\/([^/]+)(\/deliveries)?$/.exec(url.pathname) ??
				[];
			if (endpointId) {
				const index = endpoints.findIndex(({ id }) => id === endpointId);
				if (index < 0)
					return errorResponse(404, "NOT_FOUND", "Webhook endpoint not found");
				if (rest && method === "GET")
					return pageOf(
						newestFirst(
							deliveries.filter(
								(delivery) => delivery.endpoint_id === endpointId,
							),
						).map(listed),
						url,
						20,
					);
				if (!rest && method === "DELETE") {
					endpoints.splice(index, 1);
					const kept = deliveries.filter(
						(delivery) => delivery.endpoint_id !== endpointId,
					);
					deliveries.splice(0, deliveries.length, ...kept);
					return new Response(null, { status: 204 });
				}
			}
			const [, deliveryId, replay] =
				/^\/api\/admin\/webhook-deliveries\/([^/]+)(\/replay)?$/.exec(
					url.pathname,
				) ?? [];
			if (deliveryId) {
				const index = deliveries.findIndex(({ id }) => id === deliveryId);
				const delivery = deliveries[index];
				if (!delivery)
					return errorResponse(404, "NOT_FOUND", "Delivery not found");
				if (!replay && method === "GET") return jsonResponse(delivery);
				if (replay && method === "POST") {
					const again: WebhookDeliveryDetail = {
						...delivery,
						status: "pending",
						attempts: 0,
						next_attempt_at: now,
					};
					deliveries[index] = again;
					return jsonResponse(listed(again));
				}
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	return sent;
}
