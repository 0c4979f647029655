import type {
	AdminInvoice,
	InvoiceKind,
	InvoiceSummary,
} from "../../../shared/invoices.schemas.ts";
import type { Db } from "../../platform/db/database.ts";

const summaryColumns = [
	"invoices.id",
	"invoices.number",
	"invoices.kind",
	"invoices.issued_at",
	"invoices.total_cents",
] as const;

type SummaryRow = {
	id: string;
	number: string;
	kind: InvoiceKind;
	issued_at: string;
	total_cents: number | string;
};

function toSummary(row: SummaryRow): InvoiceSummary {
	return { ...row, total_cents: Number(row.total_cents) };
}

/**
 * Takes the counter of a year and kind for this transaction, making it first if the year is new.
 * The upsert changes nothing in an existing row, but PostgreSQL locks the row all the same: every
 * other transaction issuing the same kind waits here until this one commits or rolls back, so the
 * checks made after it see what the one before wrote. SQLite runs one writer at a time anyway.
 */
export async function lockInvoiceCounter(
	trx: Db,
	year: number,
	kind: InvoiceKind,
): Promise<void> {
	await trx
		.insertInto("invoice_counters")
		.values({ year, kind, last_number: 0 })
		.onConflict((conflict) =>
			conflict.columns(["year", "kind"]).doUpdateSet((update) => ({
				last_number: update.ref("invoice_counters.last_number"),
			})),
		)
		.execute();
}

/** The next number of the year and kind; given back if the transaction rolls back. */
export async function takeInvoiceNumber(
	trx: Db,
	year: number,
	kind: InvoiceKind,
): Promise<number> {
	const row = await trx
		.updateTable("invoice_counters")
		.set((update) => ({ last_number: update("last_number", "+", 1) }))
		.where("year", "=", year)
		.where("kind", "=", kind)
		.returning("last_number")
		.executeTakeFirstOrThrow();
	return row.last_number;
}

export async function findInvoiceOfOrder(
	db: Db,
	orderId: string,
): Promise<InvoiceSummary | undefined> {
	const row = await db
		.selectFrom("invoices")
		.select(summaryColumns)
		.where("order_id", "=", orderId)
		.where("kind", "=", "invoice")
		.executeTakeFirst();
	return row && toSummary(row);
}

export async function findCreditNoteOfRefund(
	db: Db,
	refundId: string,
): Promise<InvoiceSummary | undefined> {
	const row = await db
		.selectFrom("invoices")
		.select(summaryColumns)
		.where("refund_id", "=", refundId)
		.executeTakeFirst();
	return row && toSummary(row);
}

/** What the credit notes of an order have given back so far. */
export async function sumCreditedCents(
	db: Db,
	orderId: string,
): Promise<number> {
	const row = await db
		.selectFrom("invoices")
		.select((eb) => eb.fn.sum<number | string | null>("total_cents").as("sum"))
		.where("order_id", "=", orderId)
		.where("kind", "=", "credit_note")
		.executeTakeFirstOrThrow();
	return Number(row.sum ?? 0);
}

export type NewInvoice = {
	id: string;
	number: string;
	kind: InvoiceKind;
	order_id: string;
	refund_id: string | null;
	corrects_invoice_id: string | null;
	issued_at: string;
	total_cents: number;
	currency: string;
	email: string;
	snapshot: string;
};

/**
 * Writes an invoice, with the order's account as it is now (null once removed). The row is never
 * changed afterwards: the database refuses any update or delete of it.
 */
export async function insertInvoice(
	trx: Db,
	invoice: NewInvoice,
): Promise<void> {
	await trx
		.insertInto("invoices")
		.values((eb) => ({
			...invoice,
			user_id: eb
				.selectFrom("orders")
				.select("orders.user_id")
				.where("orders.id", "=", invoice.order_id),
		}))
		.execute();
}

/** Every invoice and credit note of these orders in one query, oldest first. */
export async function findInvoicesOfOrders(
	db: Db,
	orderIds: readonly string[],
): Promise<(InvoiceSummary & { order_id: string })[]> {
	if (orderIds.length === 0) return [];
	const rows = await db
		.selectFrom("invoices")
		.select([...summaryColumns, "invoices.order_id"])
		.where("order_id", "in", orderIds)
		.orderBy("issued_at")
		.orderBy("number")
		.execute();
	return rows.map((row) => ({ ...toSummary(row), order_id: row.order_id }));
}

/** What a download needs: who may have it, and what it prints. */
export function findInvoiceForDownload(db: Db, invoiceId: string) {
	return db
		.selectFrom("invoices")
		.select(["id", "number", "kind", "user_id", "snapshot"])
		.where("id", "=", invoiceId)
		.executeTakeFirst();
}

/** Every invoice and credit note, newest first. */
export async function findInvoicesPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<AdminInvoice[]> {
	const rows = await db
		.selectFrom("invoices")
		.leftJoin(
			"invoices as corrected",
			"corrected.id",
			"invoices.corrects_invoice_id",
		)
		.select([
			...summaryColumns,
			"invoices.currency",
			"invoices.order_id",
			"invoices.email",
			"corrected.number as corrects_number",
		])
		.orderBy("invoices.issued_at", "desc")
		.orderBy("invoices.number", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map((row) => ({ ...row, ...toSummary(row) }));
}

export async function countInvoices(db: Db): Promise<number> {
	const row = await db
		.selectFrom("invoices")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}
