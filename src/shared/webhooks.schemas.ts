import * as z from "zod/mini";
import { OrderSchema } from "./orders.schemas.ts";
import { pageSchemaOf } from "./paging.schemas.ts";
import { ToolSchema } from "./tools.schemas.ts";

/**
 * What the shop tells other systems about: each delivery is one of these, with the order or tool
 * as it is when the delivery is made.
 */
export const WEBHOOK_EVENTS = [
	"order.placed",
	"order.paid",
	"order.shipped",
	"order.cancelled",
	"order.refunded",
	"tool.created",
	"tool.updated",
	"tool.deleted",
] as const;
export const WebhookEventSchema = z.enum(
	WEBHOOK_EVENTS,
	`event must be one of ${WEBHOOK_EVENTS.join(", ")}`,
);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** The events in the admin's words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
	"order.placed": "Order placed",
	"order.paid": "Order paid",
	"order.shipped": "Order shipped",
	"order.cancelled": "Order cancelled",
	"order.refunded": "Order refunded",
	"tool.created": "Tool added",
	"tool.updated": "Tool changed",
	"tool.deleted": "Tool deleted",
};

export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How many endpoints a shop sends to: each one is sent every event it asks for. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const WebhookEndpointIdSchema = z.uuid("Webhook id must be a UUID");
export const WebhookEndpointParamsSchema = z.object({
	endpointId: WebhookEndpointIdSchema,
});
export const WebhookDeliveryIdSchema = z.uuid("Delivery id must be a UUID");
export const WebhookDeliveryParamsSchema = z.object({
	deliveryId: WebhookDeliveryIdSchema,
});

/** What the admin enters: where to send, what for, and which events. */
export const WebhookEndpointInputSchema = z.object({
	url: z
		.string("URL is required")
		.check(
			z.trim(),
			z.minLength(1, { error: "URL is required", abort: true }),
			z.maxLength(
				WEBHOOK_URL_MAX,
				`URL must be ${WEBHOOK_URL_MAX} characters or fewer`,
			),
			z.refine(isHttpUrl, "URL must be an http:// or https:// address"),
		),
	description: z._default(
		z
			.string()
			.check(
				z.trim(),
				z.maxLength(
					WEBHOOK_DESCRIPTION_MAX,
					`Description must be ${WEBHOOK_DESCRIPTION_MAX} characters or fewer`,
				),
			),
		"",
	),
	events: z.array(WebhookEventSchema).check(
		z.minLength(1, "Choose at least one event"),
		z.refine(
			(events) => new Set(events).size === events.length,
			"Each event is named once",
		),
	),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInputSchema>;

/** An http(s) address with a host and no user or password in it. */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

function isHttpUrl(text: string): boolean {
	return HTTP_URL.test(text);
}

export const WebhookEndpointSchema = z.object({
	id: WebhookEndpointIdSchema,
	url: z.string(),
	description: z.string(),
	events: z.array(WebhookEventSchema),
	created_at: z.iso.datetime(),
	created_by_email: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointPageSchema = pageSchemaOf(WebhookEndpointSchema);
export type WebhookEndpointPage = z.infer<typeof WebhookEndpointPageSchema>;

/** The answer to adding an endpoint: the one time its signing secret is shown. */
export const CreatedWebhookEndpointSchema = z.object({
	endpoint: WebhookEndpointSchema,
	secret: z.string(),
});
export type CreatedWebhookEndpoint = z.infer<
	typeof CreatedWebhookEndpointSchema
>;

export const WEBHOOK_DELIVERY_STATUSES = [
	"pending",
	"delivered",
	"failed",
] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** One event sent (or to send) to one endpoint, with how its attempts went. */
export const WebhookDeliverySchema = z.object({
	id: WebhookDeliveryIdSchema,
	endpoint_id: WebhookEndpointIdSchema,
	/** The event's id, the same in every delivery of it (and every replay): `evt_…`. */
	event_id: z.string(),
	event: WebhookEventSchema,
	status: WebhookDeliveryStatusSchema,
	attempts: z.int(),
	/** When it is tried next, while pending. */
	next_attempt_at: z.nullable(z.iso.datetime()),
	/** The receiver's status code at the last attempt; null when it could not be reached. */
	last_status_code: z.nullable(z.int()),
	last_error: z.nullable(z.string()),
	created_at: z.iso.datetime(),
	delivered_at: z.nullable(z.iso.datetime()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = pageSchemaOf(WebhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

/** One try at sending a delivery. */
export const WebhookAttemptSchema = z.object({
	attempted_at: z.iso.datetime(),
	status_code: z.nullable(z.int()),
	error: z.nullable(z.string()),
	duration_ms: z.int(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** A delivery with its body, as sent, and every attempt, oldest first. */
export const WebhookDeliveryDetailSchema = z.extend(WebhookDeliverySchema, {
	payload: z.string(),
	attempt_log: z.array(WebhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetailSchema>;

/** The body of every delivery about an order: the order as the admins' API answers it now. */
export const WebhookOrderEventBodySchema = z.object({
	id: z.string(),
	type: z.enum([
		"order.placed",
		"order.paid",
		"order.shipped",
		"order.cancelled",
		"order.refunded",
	]),
	created_at: z.iso.datetime(),
	data: z.object({ object: OrderSchema }),
});

/** The body of every delivery about a tool: the tool now, or what is left of a deleted one. */
export const WebhookToolEventBodySchema = z.object({
	id: z.string(),
	type: z.enum(["tool.created", "tool.updated", "tool.deleted"]),
	created_at: z.iso.datetime(),
	data: z.object({
		object: z.union([
			ToolSchema,
			z.object({
				id: z.string(),
				tool_name: z.string(),
				deleted_at: z.iso.datetime(),
			}),
		]),
	}),
});
