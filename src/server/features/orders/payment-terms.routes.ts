import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	OrderDetailSchema,
	OrderParamsSchema,
} from "../../../shared/orders.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import {
	InvoicePaymentInputSchema,
	OverdueInvoicePageSchema,
	OwnPaymentTermsSchema,
	PaymentTermsInputSchema,
	PaymentTermsPageSchema,
	PaymentTermsParamsSchema,
	PaymentTermsSchema,
} from "../../../shared/payment-terms.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { OrderUseCases } from "./orders.service.ts";
import type { PaymentTermsUseCases } from "./payment-terms.service.ts";

/** Pay by invoice: the admins' approvals and overdue list, a customer's own terms. */
export async function paymentTermsRoutes(
	app: FastifyInstance,
	{
		paymentTerms,
		orders,
	}: { paymentTerms: PaymentTermsUseCases; orders: OrderUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/me/payment-terms",
		{
			schema: {
				operationId: "getOwnPaymentTerms",
				tags: ["payment terms"],
				summary:
					"The signed-in customer's terms for paying by invoice (null when not approved), with what they owe and may still order",
				response: { 200: OwnPaymentTermsSchema, ...clientErrorResponses },
			},
			config: { access: "signed-in" },
		},
		async (request) => paymentTerms.ownTerms(signedInViewer(request)),
	);

	routes.get(
		"/admin/payment-terms",
		{
			schema: {
				operationId: "listPaymentTerms",
				tags: ["payment terms"],
				summary:
					"Admin: the customers approved to pay by invoice, the latest approved first, with what each owes",
				querystring: PageQuerySchema,
				response: { 200: PaymentTermsPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => paymentTerms.listTerms(request.query),
	);

	routes.post(
		"/admin/payment-terms",
		{
			schema: {
				operationId: "approvePaymentTerms",
				tags: ["payment terms"],
				summary:
					"Admin: approve a customer (by the email of their account) to pay by invoice, or change their terms: net 14, 30 or 60 days and a credit limit. 404 when no account has the email",
				body: PaymentTermsInputSchema,
				response: { 200: PaymentTermsSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			paymentTerms.approve(signedInViewer(request), request.body),
	);

	routes.delete(
		"/admin/payment-terms/:userId",
		{
			schema: {
				operationId: "revokePaymentTerms",
				tags: ["payment terms"],
				summary:
					"Admin: withdraw a customer's payment terms; invoices already issued stay owed",
				params: PaymentTermsParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await paymentTerms.revoke(request.params.userId);
			return reply.code(204).send(null);
		},
	);

	routes.get(
		"/admin/overdue-invoices",
		{
			schema: {
				operationId: "listOverdueInvoices",
				tags: ["payment terms"],
				summary:
					"Admin: invoices past their due date and not paid, the longest overdue first",
				querystring: PageQuerySchema,
				response: { 200: OverdueInvoicePageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => paymentTerms.listOverdue(request.query),
	);

	routes.post(
		"/admin/orders/:orderId/invoice-payment",
		{
			schema: {
				operationId: "recordInvoicePayment",
				tags: ["payment terms"],
				summary:
					"Admin: mark the invoice of an order paid by invoice paid, with the payment's reference (a bank transfer's). 409 for a card order, a paid or a cancelled one",
				params: OrderParamsSchema,
				body: InvoicePaymentInputSchema,
				response: { 200: OrderDetailSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			orders.recordInvoicePayment(
				signedInViewer(request),
				request.params.orderId,
				request.body.reference,
			),
	);
}
