import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { CheckoutInputSchema } from "../../../shared/checkout.schemas.ts";
import {
	ADMIN_ORDERS_PAGE_SIZE,
	IDEMPOTENCY_KEY_HEADER,
	IdempotencyKeySchema,
	OrderDeletionPageSchema,
	OrderDetailSchema,
	OrderListQuerySchema,
	OrderPageSchema,
	OrderParamsSchema,
	OrderSchema,
	PlaceOrderInputSchema,
	ShipOrderInputSchema,
	UNPAID_HOLDERS_PAGE_SIZE,
	UnpaidHolderPageSchema,
} from "../../../shared/orders.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
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
			config: { access: "signed-in", quota: "orders", idempotency: "own" },
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

	routes.post(
		"/checkout",
		{
			schema: {
				operationId: "checkOut",
				tags: ["orders"],
				summary:
					"Order the lines of a cart as reviewed, delivered to an address or collected at a receiving point, in one transaction: every line's stock is taken or none. A 409 names each line that no longer fits (details field `lines.{toolId}`, message starting with the tool's name), or (TOO_MANY_UNPAID_ORDERS) that the account holds as many unpaid orders as it may. The ordered tools leave the server cart. With an Idempotency-Key, a repeat answers with the first order.",
				headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema }),
				body: CheckoutInputSchema,
				response: {
					200: OrderSchema,
					201: OrderSchema,
					...clientErrorResponses,
				},
			},
			config: { access: "signed-in", quota: "orders", idempotency: "own" },
		},
		async (request, reply) => {
			const { order, isReplay } = await orders.checkOut(
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
					"One of the signed-in customer's orders with its timeline and refunds (anyone else's is a 404)",
				params: OrderParamsSchema,
				response: { 200: OrderDetailSchema, ...clientErrorResponses },
			},
			config: { access: "owner" },
		},
		async (request) =>
			orders.getOwnOrderDetail(signedInViewer(request), request.params.orderId),
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
			config: { access: "admin", apiKey: "orders:read" },
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

	routes.get(
		"/admin/orders/:orderId",
		{
			schema: {
				operationId: "getAnyOrder",
				tags: ["orders"],
				summary:
					"Admin: any order with its timeline (who did what, when) and refunds",
				params: OrderParamsSchema,
				response: { 200: OrderDetailSchema, ...clientErrorResponses },
			},
			config: { access: "admin", apiKey: "orders:read" },
		},
		async (request) => orders.getOrderDetail(request.params.orderId),
	);

	routes.post(
		"/admin/orders/:orderId/ship",
		{
			schema: {
				operationId: "shipOrder",
				tags: ["orders"],
				summary:
					"Admin: mark a paid order shipped, with its carrier and tracking number; the customer is told. 409 for an order collected at a receiving point, not paid, already on its way, or whose payment is disputed",
				params: OrderParamsSchema,
				body: ShipOrderInputSchema,
				response: { 200: OrderDetailSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			orders.advanceOrder(
				signedInViewer(request),
				request.params.orderId,
				"ship",
				request.body,
			),
	);

	const steps = [
		[
			"ready",
			"markOrderReady",
			"Admin: mark a paid order ready at its receiving point; the customer is told. 409 for an order sent to an address, not paid, or whose payment is disputed",
		],
		[
			"deliver",
			"markOrderDelivered",
			"Admin: mark a shipped order delivered (409 otherwise)",
		],
		[
			"collect",
			"markOrderCollected",
			"Admin: mark an order ready for collection collected (409 otherwise)",
		],
	] as const;
	for (const [step, operationId, summary] of steps)
		routes.post(
			`/admin/orders/:orderId/${step}`,
			{
				schema: {
					operationId,
					tags: ["orders"],
					summary,
					params: OrderParamsSchema,
					response: { 200: OrderDetailSchema, ...clientErrorResponses },
				},
				config: { access: "admin", quota: "admin-writes" },
			},
			async (request) =>
				orders.advanceOrder(
					signedInViewer(request),
					request.params.orderId,
					step,
				),
		);
}
