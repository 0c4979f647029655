import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { toJSONSchema } from "zod";
import * as z from "zod/mini";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import {
	CreatedWebhookEndpointSchema,
	WEBHOOK_DELIVERIES_PAGE_SIZE,
	WebhookDeliveryDetailSchema,
	WebhookDeliveryPageSchema,
	WebhookDeliveryParamsSchema,
	WebhookDeliverySchema,
	WebhookEndpointInputSchema,
	WebhookEndpointPageSchema,
	WebhookEndpointParamsSchema,
	WebhookOrderEventBodySchema,
	WebhookToolEventBodySchema,
} from "../../../shared/webhooks.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { WebhookUseCases } from "./webhooks.service.ts";

const WebhookPageQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(
		PageQuerySchema.shape.page_size,
		WEBHOOK_DELIVERIES_PAGE_SIZE,
	),
});

/** What the shop sends an endpoint, as OpenAPI callbacks of the operation that adds it. */
function deliveryCallback(schema: z.ZodMiniType, summary: string) {
	return {
		"{$request.body#/url}": {
			post: {
				summary,
				// The receiver checks the signature: the shop holds no credential of it.
				security: [],
				parameters: [
					{
						name: "Tools-Gallery-Signature",
						in: "header",
						required: true,
						description:
							't={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" keyed with the endpoint\'s secret}; refuse a t more than 5 minutes away',
						schema: { type: "string" },
					},
					{
						name: "Tools-Gallery-Event",
						in: "header",
						required: true,
						schema: { type: "string" },
					},
					{
						name: "Tools-Gallery-Delivery",
						in: "header",
						required: true,
						schema: { type: "string" },
					},
				],
				requestBody: {
					required: true,
					content: {
						"application/json": {
							schema: toJSONSchema(schema, {
								target: "openapi-3.0",
								unrepresentable: "any",
							}),
						},
					},
				},
				responses: {
					"2XX": { description: "Received" },
					"4XX": {
						description:
							"Refused: tried again later, as is any answer but a 2XX, or none within 10 s",
					},
				},
			},
		},
	};
}

const deliveryCallbacks = {
	orderEvent: deliveryCallback(
		WebhookOrderEventBodySchema,
		"An order was placed, paid, shipped, cancelled or refunded: the order as it is now",
	),
	toolEvent: deliveryCallback(
		WebhookToolEventBodySchema,
		"A tool was added, changed or deleted: the tool as it is now, or what is left of it",
	),
};

export async function webhooksRoutes(
	app: FastifyInstance,
	{ webhooks }: { webhooks: WebhookUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/admin/webhooks",
		{
			schema: {
				operationId: "listWebhookEndpoints",
				tags: ["webhooks"],
				summary:
					"The endpoints the shop sends events to, newest first; never their signing secrets",
				querystring: WebhookPageQuerySchema,
				response: { 200: WebhookEndpointPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => webhooks.listEndpoints(request.query),
	);

	routes.post(
		"/admin/webhooks",
		{
			schema: {
				operationId: "addWebhookEndpoint",
				tags: ["webhooks"],
				summary:
					'Add an endpoint: an http(s) URL, an optional description and the events to send it (201). The answer holds the signing secret this once. 400 (field url) for a private or local address the shop does not send to; 409 at 10 endpoints. Each delivery is a POST of `{ id, type, created_at, data: { object } }` (the order as GET /api/admin/orders/{orderId} answers it, or the tool as GET /api/tools/{toolId} does; a deleted tool\'s id, name and deleted_at), signed in `Tools-Gallery-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the secret}`, with `Tools-Gallery-Event` and `Tools-Gallery-Delivery`; any answer but a 2xx within 10 s is tried again after 30 s, doubling up to an hour, 10 times.',
				body: WebhookEndpointInputSchema,
				response: {
					201: CreatedWebhookEndpointSchema,
					...clientErrorResponses,
				},
				"x-callbacks": deliveryCallbacks,
			},
			// The answer is a secret shown once: it is never kept for an Idempotency-Key.
			config: { access: "admin", quota: "admin-writes", idempotency: "never" },
		},
		async (request, reply) =>
			reply
				.code(201)
				.send(
					await webhooks.addEndpoint(
						signedInViewer(request),
						request.body,
						request.ip,
					),
				),
	);

	routes.delete(
		"/admin/webhooks/:endpointId",
		{
			schema: {
				operationId: "removeWebhookEndpoint",
				tags: ["webhooks"],
				summary:
					"Remove an endpoint with its deliveries and their log: nothing more is sent to it",
				params: WebhookEndpointParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await webhooks.removeEndpoint(
				signedInViewer(request),
				request.params.endpointId,
				request.ip,
			);
			return reply.code(204).send(null);
		},
	);

	routes.get(
		"/admin/webhooks/:endpointId/deliveries",
		{
			schema: {
				operationId: "listWebhookDeliveries",
				tags: ["webhooks"],
				summary:
					"An endpoint's deliveries, newest first: each event, its status (pending, delivered, failed), attempts and the last answer",
				params: WebhookEndpointParamsSchema,
				querystring: WebhookPageQuerySchema,
				response: { 200: WebhookDeliveryPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) =>
			webhooks.listDeliveries(request.params.endpointId, request.query),
	);

	routes.get(
		"/admin/webhook-deliveries/:deliveryId",
		{
			schema: {
				operationId: "getWebhookDelivery",
				tags: ["webhooks"],
				summary:
					"One delivery with the body sent and every attempt, oldest first",
				params: WebhookDeliveryParamsSchema,
				response: { 200: WebhookDeliveryDetailSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => webhooks.getDelivery(request.params.deliveryId),
	);

	routes.post(
		"/admin/webhook-deliveries/:deliveryId/replay",
		{
			schema: {
				operationId: "replayWebhookDelivery",
				tags: ["webhooks"],
				summary:
					"Send a delivery again, now: the same event id and body, signed anew; it counts its attempts afresh and its log keeps the earlier ones",
				params: WebhookDeliveryParamsSchema,
				response: { 200: WebhookDeliverySchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) => webhooks.replayDelivery(request.params.deliveryId),
	);
}
