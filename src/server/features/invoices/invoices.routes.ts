import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	AdminInvoicePageSchema,
	InvoiceListQuerySchema,
	InvoiceParamsSchema,
} from "../../../shared/invoices.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { InvoiceUseCases } from "./invoices.service.ts";

const PdfResponse = {
	description: "The invoice or credit note as a PDF file",
	content: {
		"application/pdf": {
			// Sent as bytes, which Fastify passes through without serializing.
			schema: z
				.custom<Buffer>((value) => Buffer.isBuffer(value))
				.check(
					z.meta({
						type: "string",
						format: "binary",
						description: "A PDF document",
					}),
				),
		},
	},
};

export async function invoicesRoutes(
	app: FastifyInstance,
	{ invoices }: { invoices: InvoiceUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/invoices/:invoiceId/pdf",
		{
			schema: {
				operationId: "downloadInvoicePdf",
				tags: ["invoices"],
				summary:
					"Download an invoice or credit note as a PDF: the order's customer or an admin (anyone else gets a 404)",
				params: InvoiceParamsSchema,
				response: { 200: PdfResponse, ...clientErrorResponses },
			},
			config: { access: "owner", quota: "documents" },
		},
		async (request, reply) => {
			const { fileName, bytes } = await invoices.downloadInvoicePdf(
				signedInViewer(request),
				request.params.invoiceId,
			);
			return reply
				.type("application/pdf")
				.header("content-disposition", `attachment; filename="${fileName}"`)
				.header("x-content-type-options", "nosniff")
				.send(bytes);
		},
	);

	routes.get(
		"/admin/invoices",
		{
			schema: {
				operationId: "listInvoices",
				tags: ["invoices"],
				summary:
					"Every invoice and credit note, newest first, with its order and the customer's email",
				querystring: InvoiceListQuerySchema,
				response: { 200: AdminInvoicePageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => invoices.listInvoices(request.query),
	);
}
