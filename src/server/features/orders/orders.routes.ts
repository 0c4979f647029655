import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	ADMIN_ORDERS_PAGE_SIZE,
	IDEMPOTENCY_KEY_HEADER,
	IdempotencyKeySchema,
	OrderDeletionPageSchema,
	OrderListQuerySchema,
	OrderPageSchema,
	OrderParamsSchema,
	OrderSchema,
	PaymentOptionsSchema,
	PaymentStartSchema,
	PlaceOrderInputSchema,
	UNPAID_HOLDERS_PAGE_SIZE,
	UnpaidHolderPageSchema,
} from "../../../shared/orders.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { ValidationError } from "../../platform/http/errors.ts";
import type { OrderUseCases } from "./orders.service.ts";

const AdminOrderListQuerySchema = z.object({
	...OrderListQuerySchema.shape,
	page_size: z._default(
		PageQuerySchema.shape.page_size,
		ADMIN_ORDERS_PAGE_SIZE,
	),
});

const UnpaidHoldersQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(
		PageQuerySchema.shape.page_size,
		UNPAID_HOLDERS_PAGE_SIZE,
	),
});

export async function ordersRoutes(
	app: FastifyInstance,
	{ orders }: { orders: OrderUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/payment-options",
		{
			schema: {
				operationId: "getPaymentOptions",
				tags: ["orders"],
				summary:
					"Which payment provider takes payments: the built-in test provider, or Stripe",
				response: { 200: PaymentOptionsSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => orders.paymentOptions(),
	);

	routes.post(
		"/orders",
		{
			schema: {
				operationId: "placeOrder",
				tags: ["orders"],
				summary:
					"Place an order of one tool. The price, total and customer are the server's; a 409 explains a quantity the stock or the minimum order refuses, or (TOO_MANY_UNPAID_ORDERS) that the account already holds as many unpaid orders as it may. With an Idempotency-Key, a repeat answers with the first order.",
				headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema }),
				body: PlaceOrderInputSchema,
				response: {
					200: OrderSchema,
					201: OrderSchema,
					...clientErrorResponses,
				},
			},
			config: { access: "signed-in", quota: "orders" },
		},
		async (request, reply) => {
			const { order, isReplay } = await orders.placeOrder(
				signedInViewer(request),
				request.body,
				request.headers[IDEMPOTENCY_KEY_HEADER],
			);
			return reply.code(isReplay ? 200 : 201).send(order);
		},
	);

	routes.get(
		"/me/orders",
		{
			schema: {
				operationId: "listMyOrders",
				tags: ["orders"],
				summary: "The signed-in customer's orders, newest first",
				querystring: PageQuerySchema,
				response: { 200: OrderPageSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in" },
		},
		async (request) =>
			orders.listOwnOrders(signedInViewer(request), request.query),
	);

	routes.get(
		"/orders/:orderId",
		{
			schema: {
				operationId: "getOrder",
				tags: ["orders"],
				summary:
					"One of the signed-in customer's orders (anyone else's is a 404)",
				params: OrderParamsSchema,
				response: { 200: OrderSchema, ...clientErrorResponses },
			},
			config: { access: "owner" },
		},
		async (request) =>
			orders.getOwnOrder(signedInViewer(request), request.params.orderId),
	);

	routes.post(
		"/orders/:orderId/cancel",
		{
			schema: {
				operationId: "cancelOrder",
				tags: ["orders"],
				summary:
					"Cancel one's unpaid order; its pieces go back into stock. A paid order cannot be cancelled (409).",
				params: OrderParamsSchema,
				response: { 200: OrderSchema, ...clientErrorResponses },
			},
			config: { access: "owner", quota: "order-changes" },
		},
		async (request) =>
			orders.cancelOrder(signedInViewer(request), request.params.orderId),
	);

	routes.post(
		"/orders/:orderId/payment",
		{
			schema: {
				operationId: "payOrder",
				tags: ["orders"],
				summary:
					"Pay one's unpaid order: the test provider pays it at once; Stripe answers with the PaymentIntent's client secret and the order is paid by Stripe's webhook",
				params: OrderParamsSchema,
				response: { 200: PaymentStartSchema, ...clientErrorResponses },
			},
			config: { access: "owner", quota: "order-changes" },
		},
		async (request) =>
			orders.payOrder(signedInViewer(request), request.params.orderId),
	);

	routes.get(
		"/orders",
		{
			schema: {
				operationId: "listOrders",
				tags: ["orders"],
				summary:
					"Admin: every order, newest first; filter by status and part of the customer's email",
				querystring: AdminOrderListQuerySchema,
				response: { 200: OrderPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => orders.listAllOrders(request.query),
	);

	routes.delete(
		"/orders/:orderId",
		{
			schema: {
				operationId: "deleteOrder",
				tags: ["orders"],
				summary:
					"Admin: delete an order; an unpaid one's pieces go back into stock; an audit record is kept",
				params: OrderParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await orders.deleteOrder(signedInViewer(request), request.params.orderId);
			return reply.code(204).send(null);
		},
	);

	routes.get(
		"/order-deletions",
		{
			schema: {
				operationId: "listOrderDeletions",
				tags: ["orders"],
				summary:
					"Admin: the audit trail of deleted orders (who, when, the order as it was), newest first",
				querystring: PageQuerySchema,
				response: { 200: OrderDeletionPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => orders.listOrderDeletions(request.query),
	);

	routes.get(
		"/admin/unpaid-holders",
		{
			schema: {
				operationId: "listUnpaidHolders",
				tags: ["orders"],
				summary:
					"Admin: who holds stock through unpaid orders: per customer, the open unpaid orders, pieces and value held and the oldest time to pay; the largest holders first",
				querystring: UnpaidHoldersQuerySchema,
				response: { 200: UnpaidHolderPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => orders.listUnpaidHolders(request.query),
	);

	// Stripe signs the exact bytes it sends: this route reads its body raw, in a scope of its own.
	await app.register(async (webhook) => {
		webhook.removeAllContentTypeParsers();
		webhook.addContentTypeParser(
			"application/json",
			{ parseAs: "buffer", bodyLimit: 512 * 1024 },
			(_request, body, done) => done(null, body),
		);
		webhook.withTypeProvider<ZodTypeProvider>().post(
			"/payments/stripe/webhook",
			{
				schema: {
					operationId: "receiveStripeWebhook",
					tags: ["orders"],
					summary:
						"Stripe's webhook: a signed event; a succeeded PaymentIntent of the order's exact total pays it, once",
					response: {
						200: z.object({ received: z.boolean() }),
						...clientErrorResponses,
					},
				},
				config: { access: "public" },
			},
			async (request) => {
				if (!Buffer.isBuffer(request.body))
					throw new ValidationError("Send the event as application/json");
				const signature = request.headers["stripe-signature"];
				const { event, ...result } = await orders.receivePaymentWebhook(
					request.body,
					typeof signature === "string" ? signature : undefined,
				);
				request.log.info(
					{ eventId: event.eventId, type: event.type, ...result },
					"payment event",
				);
				return { received: true };
			},
		);
	});
}
