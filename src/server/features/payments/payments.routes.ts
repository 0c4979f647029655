import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	OrderDetailSchema,
	OrderParamsSchema,
	PaymentOptionsSchema,
	PaymentStartSchema,
	RefundInputSchema,
} from "../../../shared/orders.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { ValidationError } from "../../platform/http/errors.ts";
import type { PaymentUseCases } from "./payments.service.ts";

export async function paymentsRoutes(
	app: FastifyInstance,
	{ payments }: { payments: PaymentUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/payment-options",
		{
			schema: {
				operationId: "getPaymentOptions",
				tags: ["payments"],
				summary:
					"Which payment provider takes payments: the built-in test provider, or Stripe",
				response: { 200: PaymentOptionsSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => payments.paymentOptions(),
	);

	routes.post(
		"/orders/:orderId/payment",
		{
			schema: {
				operationId: "payOrder",
				tags: ["payments"],
				summary:
					"Pay one's unpaid order: the test provider pays it at once; Stripe answers with the PaymentIntent's client secret and the order is paid by Stripe's webhook",
				params: OrderParamsSchema,
				response: { 200: PaymentStartSchema, ...clientErrorResponses },
			},
			config: { access: "owner", quota: "order-changes" },
		},
		async (request) =>
			payments.payOrder(signedInViewer(request), request.params.orderId),
	);

	routes.post(
		"/admin/orders/:orderId/refund",
		{
			schema: {
				operationId: "refundOrder",
				tags: ["payments"],
				summary:
					"Admin: refund a paid order through the payment provider, every piece not refunded yet or some pieces of its lines; the amount is the lines' prices. Pieces not shipped go back into stock; the customer is told. 409 for an order not paid, or pieces already refunded",
				params: OrderParamsSchema,
				body: RefundInputSchema,
				response: { 200: OrderDetailSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			payments.refundOrder(
				signedInViewer(request),
				request.params.orderId,
				request.body,
			),
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
					tags: ["payments"],
					summary:
						"Stripe's webhook: a signed event. A succeeded PaymentIntent of the order's exact total pays it, once; a refunded charge records a refund made in Stripe; a dispute holds the order's shipment until it is closed",
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
				const { event, ...result } = await payments.receivePaymentWebhook(
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
