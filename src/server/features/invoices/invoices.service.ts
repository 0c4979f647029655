import {
	type AdminInvoicePage,
	type InvoiceKind,
	type InvoiceListQuery,
	type InvoiceSummary,
	invoiceFileName,
} from "../../../shared/invoices.schemas.ts";
import type { Order } from "../../../shared/orders.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import {
	IMAGE_URL_PREFIX,
	type ImageStore,
} from "../../platform/images/image-store.ts";
import { timeOrderedId } from "../../platform/time-ordered-id.ts";
import { getShopSettings } from "../shop-settings/shop-settings.service.ts";
import { printableLogo, renderInvoicePdf } from "./invoice-pdf.ts";
import {
	buyerOf,
	type InvoiceLine,
	type InvoiceSnapshot,
	invoiceLinesOf,
	orderOf,
	parseSnapshot,
	sellerOf,
} from "./invoice-snapshot.ts";
import {
	countInvoices,
	findCreditNoteOfRefund,
	findInvoiceForDownload,
	findInvoiceOfOrder,
	findInvoicesOfOrders,
	findInvoicesPage,
	insertInvoice,
	lockInvoiceCounter,
	sumCreditedCents,
	takeInvoiceNumber,
} from "./invoices.repository.ts";

/**
 * "2026-000123" for the 123rd invoice of 2026, "CN-2026-000007" for the 7th credit note. Six
 * digits at least; a year with a millionth invoice simply gets longer numbers.
 */
export function formatInvoiceNumber(
	kind: InvoiceKind,
	year: number,
	sequence: number,
): string {
	const number = `${year}-${String(sequence).padStart(6, "0")}`;
	return kind === "invoice" ? number : `CN-${number}`;
}

/** Numbering runs per calendar year in UTC, as every timestamp of the shop is kept. */
function yearOf(at: Date): number {
	return at.getUTCFullYear();
}

async function writeInvoice(
	trx: Db,
	order: Order,
	fields: {
		kind: InvoiceKind;
		year: number;
		at: Date;
		lines: InvoiceLine[];
		totalCents: number;
		refundId: string | null;
		corrects: (InvoiceSummary & { reason: string }) | null;
	},
): Promise<InvoiceSummary> {
	const settings = await getShopSettings(trx);
	const sequence = await takeInvoiceNumber(trx, fields.year, fields.kind);
	const number = formatInvoiceNumber(fields.kind, fields.year, sequence);
	const issuedAt = fields.at.toISOString();
	const snapshot: InvoiceSnapshot = {
		version: 1,
		kind: fields.kind,
		number,
		issued_at: issuedAt,
		currency: settings.currency,
		order: orderOf(order),
		seller: sellerOf(settings),
		buyer: buyerOf(order),
		lines: fields.lines,
		total_cents: fields.totalCents,
		credit: fields.corrects && {
			corrects_number: fields.corrects.number,
			corrects_issued_at: fields.corrects.issued_at,
			reason: fields.corrects.reason,
		},
	};
	const id = timeOrderedId();
	await insertInvoice(trx, {
		id,
		number,
		kind: fields.kind,
		order_id: order.id,
		refund_id: fields.refundId,
		corrects_invoice_id: fields.corrects?.id ?? null,
		issued_at: issuedAt,
		total_cents: fields.totalCents,
		currency: settings.currency,
		email: order.email,
		snapshot: JSON.stringify(snapshot),
	});
	return {
		id,
		number,
		kind: fields.kind,
		issued_at: issuedAt,
		total_cents: fields.totalCents,
	};
}

/**
 * Issues the invoice of a paid order, inside the caller's transaction: its number is taken there,
 * so a payment that rolls back gives the number back, and two payments never share one. Asked
 * again for the same order, it answers with the invoice already issued and takes no number. The
 * seller is the shop's settings as they are now, the buyer and lines the order's.
 */
export async function issueInvoice(
	trx: Db,
	order: Order,
	at: Date,
): Promise<InvoiceSummary> {
	const year = yearOf(at);
	// First the counter, then the check: a second payment of the same order waits for the first
	// to commit, and then finds its invoice.
	await lockInvoiceCounter(trx, year, "invoice");
	const existing = await findInvoiceOfOrder(trx, order.id);
	if (existing) return existing;
	return writeInvoice(trx, order, {
		kind: "invoice",
		year,
		at,
		lines: invoiceLinesOf(order),
		totalCents: order.total_cents,
		refundId: null,
		corrects: null,
	});
}

/** A refund as the orders feature records it: what a credit note gives back, and why. */
export type CreditNoteRefund = {
	refund_id: string;
	lines: {
		tool_name: string;
		quantity: number;
		price_cents: number;
		line_total_cents: number;
	}[];
	amount_cents: number;
	reason: string;
};

/**
 * Issues the credit note of a refund, inside the caller's transaction, numbered in the credit
 * notes' own sequence. It corrects the order's invoice, issued now if the order was paid before
 * invoices were. Asked again for the same refund, it answers with the credit note already issued.
 * The credit notes of an order never give back more than its invoice billed.
 */
export async function issueCreditNote(
	trx: Db,
	order: Order,
	refund: CreditNoteRefund,
	at: Date,
): Promise<InvoiceSummary> {
	if (!Number.isSafeInteger(refund.amount_cents) || refund.amount_cents <= 0)
		throw new Error(
			`a credit note needs a positive whole amount of cents, not ${refund.amount_cents}`,
		);
	// The invoice's counter before the credit notes', always in this order, so that two
	// transactions never wait for each other's counter.
	const invoice =
		(await findInvoiceOfOrder(trx, order.id)) ??
		(await issueInvoice(trx, order, at));
	const year = yearOf(at);
	await lockInvoiceCounter(trx, year, "credit_note");
	const existing = await findCreditNoteOfRefund(trx, refund.refund_id);
	if (existing) return existing;
	const credited = await sumCreditedCents(trx, order.id);
	if (credited + refund.amount_cents > invoice.total_cents)
		throw new Error(
			`refund ${refund.refund_id} would credit ${credited + refund.amount_cents} cents of invoice ${invoice.number}, which billed ${invoice.total_cents}`,
		);
	return writeInvoice(trx, order, {
		kind: "credit_note",
		year,
		at,
		lines: refund.lines.map((line) => ({
			tool_name: line.tool_name,
			quantity: line.quantity,
			price_cents: line.price_cents,
			line_total_cents: line.line_total_cents,
		})),
		totalCents: refund.amount_cents,
		refundId: refund.refund_id,
		corrects: { ...invoice, reason: refund.reason },
	});
}

/**
 * The invoices and credit notes of each order, oldest first, in one query: for the orders lists.
 * Every id asked for has an entry, empty when it has none.
 */
export async function listInvoicesOfOrders(
	db: Db,
	orderIds: readonly string[],
): Promise<Map<string, InvoiceSummary[]>> {
	const byOrder = new Map<string, InvoiceSummary[]>(
		orderIds.map((orderId) => [orderId, []]),
	);
	for (const { order_id, ...invoice } of await findInvoicesOfOrders(
		db,
		orderIds,
	))
		byOrder.get(order_id)?.push(invoice);
	return byOrder;
}

export type InvoicesDeps = { db: Db; images: ImageStore };

async function logoOf(
	images: ImageStore,
	logoUrl: string | null,
): Promise<Buffer | undefined> {
	if (!logoUrl?.startsWith(IMAGE_URL_PREFIX)) return undefined;
	return printableLogo(
		await images.open(logoUrl.slice(IMAGE_URL_PREFIX.length)),
	);
}

/**
 * The PDF of an invoice or credit note, for the order's customer or an admin. Anyone else is told
 * there is none, as if it did not exist.
 */
async function downloadInvoicePdf(
	{ db, images }: InvoicesDeps,
	viewer: Viewer,
	invoiceId: string,
): Promise<{ fileName: string; bytes: Buffer }> {
	const invoice = await findInvoiceForDownload(db, invoiceId);
	if (!invoice || (!viewer.isAdmin && invoice.user_id !== viewer.id))
		throw new NotFoundError("Invoice not found");
	const snapshot = parseSnapshot(invoice.snapshot);
	const bytes = await renderInvoicePdf(
		snapshot,
		await logoOf(images, snapshot.seller.logo_url),
	);
	return { fileName: invoiceFileName(invoice), bytes };
}

function listInvoices(
	db: Db,
	query: InvoiceListQuery,
): Promise<AdminInvoicePage> {
	return readPage(
		query,
		(offset, limit) => findInvoicesPage(db, offset, limit),
		() => countInvoices(db),
	);
}

export function createInvoiceUseCases(deps: InvoicesDeps) {
	return {
		downloadInvoicePdf: (viewer: Viewer, invoiceId: string) =>
			downloadInvoicePdf(deps, viewer, invoiceId),
		listInvoices: (query: InvoiceListQuery) => listInvoices(deps.db, query),
	};
}

export type InvoiceUseCases = ReturnType<typeof createInvoiceUseCases>;
