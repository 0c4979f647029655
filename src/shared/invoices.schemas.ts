import * as z from "zod/mini";
import { PageQuerySchema, pageSchemaOf } from "./paging.schemas.ts";

/** An invoice bills a paid order; a credit note gives back part or all of one (a refund). */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export const InvoiceKindSchema = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof InvoiceKindSchema>;

export const InvoiceIdSchema = z.uuid("Invoice id must be a UUID");
export const InvoiceParamsSchema = z.object({ invoiceId: InvoiceIdSchema });

/**
 * An invoice or credit note as an order's lists show it. `number` is "2026-000123" for an
 * invoice and "CN-2026-000007" for a credit note; `total_cents` is what it bills, or for a credit
 * note what it gives back (never negative).
 */
export const InvoiceSummarySchema = z.object({
	id: InvoiceIdSchema,
	number: z.string(),
	kind: InvoiceKindSchema,
	issued_at: z.iso.datetime(),
	total_cents: z.int().check(z.nonnegative()),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** One line of the admins' list of every invoice and credit note. */
export const AdminInvoiceSchema = z.object({
	...InvoiceSummarySchema.shape,
	/** The ISO code of the currency it is in. */
	currency: z.string(),
	order_id: z.uuid(),
	/** The customer's email address as on the invoice. */
	email: z.string(),
	/** For a credit note, the number of the invoice it corrects; null for an invoice. */
	corrects_number: z.nullable(z.string()),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

export const AdminInvoicePageSchema = pageSchemaOf(AdminInvoiceSchema);
export type AdminInvoicePage = z.infer<typeof AdminInvoicePageSchema>;

/** The admins' list shows this many invoices a page unless asked otherwise. */
export const INVOICES_PAGE_SIZE = 20;

export const InvoiceListQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, INVOICES_PAGE_SIZE),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/** Where the PDF of an invoice or credit note is downloaded from. */
export function invoicePdfPath(invoiceId: string): string {
	return `/api/invoices/${encodeURIComponent(invoiceId)}/pdf`;
}

/** The name the PDF is saved under: "invoice-2026-000123.pdf", "credit-note-CN-2026-000007.pdf". */
export function invoiceFileName(
	invoice: Pick<InvoiceSummary, "number" | "kind">,
): string {
	const prefix = invoice.kind === "invoice" ? "invoice" : "credit-note";
	return `${prefix}-${invoice.number}.pdf`;
}
