import {
	type InvoiceSummary,
	invoiceFileName,
	invoicePdfPath,
} from "../../../../shared/invoices.schemas.ts";

const DOCUMENT_KINDS: Record<InvoiceSummary["kind"], string> = {
	invoice: "Invoice",
	credit_note: "Credit note",
};

/** "Invoice 2026-000123", "Credit note CN-2026-000007". */
function documentName(invoice: InvoiceSummary): string {
	return `${DOCUMENT_KINDS[invoice.kind]} ${invoice.number}`;
}

/**
 * A link that downloads one invoice or credit note as a PDF. The browser sends the session
 * cookie with it, and saves the file under the document's own name.
 */
export function InvoiceLink({ invoice }: { invoice: InvoiceSummary }) {
	return (
		<a
			href={invoicePdfPath(invoice.id)}
			download={invoiceFileName(invoice)}
			className="link link-primary"
		>
			{`${documentName(invoice)} (PDF)`}
		</a>
	);
}
