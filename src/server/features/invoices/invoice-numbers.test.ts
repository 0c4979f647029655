import { expect, test } from "vitest";
import type { InvoiceSummary } from "../../../shared/invoices.schemas.ts";
import type { Order } from "../../../shared/orders.schemas.ts";
import { createWriteTransactions } from "../../platform/db/group-commit.ts";
import { signUp } from "../../test-support/accounts.ts";
import {
	createInvoiceTestApp,
	openSecondPool,
	placeOrders,
} from "./invoice-test-support.ts";
import {
	formatInvoiceNumber,
	issueCreditNote,
	issueInvoice,
	listInvoicesOfOrders,
} from "./invoices.service.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const numbers = (summaries: InvoiceSummary[]) =>
	summaries.map((summary) => summary.number).sort();

const invoiceNumbers = (year: number, from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, index) =>
		formatInvoiceNumber("invoice", year, from + index),
	);

function refundOf(order: Order, refundId: string, amountCents: number) {
	const [line] = order.lines;
	if (!line) throw new Error("the order has no line");
	return {
		refund_id: refundId,
		lines: [
			{
				tool_name: line.tool_name,
				quantity: 1,
				price_cents: line.price_cents,
				line_total_cents: line.price_cents,
			},
		],
		amount_cents: amountCents,
		reason: "One piece arrived damaged",
	};
}

test("the numbers read 2026-000123 for an invoice and CN-2026-000007 for a credit note", () => {
	expect(formatInvoiceNumber("invoice", 2026, 123)).toBe("2026-000123");
	expect(formatInvoiceNumber("credit_note", 2026, 7)).toBe("CN-2026-000007");
	expect(formatInvoiceNumber("invoice", 2026, 1_234_567)).toBe("2026-1234567");
});

test("200 invoices issued at once, each in its own transaction, get the numbers 1 to 200 of the year: no gap, no number twice", async () => {
	const t = await createInvoiceTestApp();
	const customers = [];
	for (let index = 0; index < 4; index++)
		customers.push(await signUp(t.app, { name: `Customer ${index}` }));
	const orders = await placeOrders(t, 200, customers);
	// On PostgreSQL half of them come through a second pool, as from a second server instance.
	const pools = isPostgresRun ? [t.db, openSecondPool(t)] : [t.db];
	const at = new Date();

	const issued = await Promise.all(
		orders.map((order, index) =>
			(pools[index % pools.length] ?? t.db)
				.transaction()
				.execute((trx) => issueInvoice(trx, order, at)),
		),
	);

	const year = at.getUTCFullYear();
	expect(numbers(issued)).toEqual(invoiceNumbers(year, 1, 200));
	const byOrder = await listInvoicesOfOrders(
		t.db,
		orders.map((order) => order.id),
	);
	expect([...byOrder.values()].map((invoices) => invoices.length)).toEqual(
		orders.map(() => 1),
	);
	expect(
		orders.map((order) => byOrder.get(order.id)?.[0]?.total_cents),
	).toEqual(orders.map((order) => order.total_cents));
}, 180_000);

test("a transaction that rolls back after taking a number gives it back: the next invoice gets it", async () => {
	const t = await createInvoiceTestApp();
	const [first, failed, next] = await placeOrders(t, 3);
	if (!first || !failed || !next) throw new Error("orders missing");
	const at = new Date();
	const year = at.getUTCFullYear();

	await t.db.transaction().execute((trx) => issueInvoice(trx, first, at));
	await expect(
		t.db.transaction().execute(async (trx) => {
			const taken = await issueInvoice(trx, failed, at);
			expect(taken.number).toBe(formatInvoiceNumber("invoice", year, 2));
			throw new Error("The payment failed after the invoice was issued");
		}),
	).rejects.toThrow("The payment failed after the invoice was issued");
	const afterRollback = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, next, at));
	const retried = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, failed, at));

	expect(afterRollback.number).toBe(formatInvoiceNumber("invoice", year, 2));
	expect(retried.number).toBe(formatInvoiceNumber("invoice", year, 3));
	const byOrder = await listInvoicesOfOrders(t.db, [failed.id]);
	expect(byOrder.get(failed.id)).toEqual([retried]);
});

test("writes that share one commit (the orders' group commit) give back only the failed one's number", async () => {
	const t = await createInvoiceTestApp();
	const orders = await placeOrders(t, 5);
	const writes = createWriteTransactions(t.db);
	const at = new Date();
	const year = at.getUTCFullYear();

	const outcomes = await Promise.allSettled(
		orders.map((order, index) =>
			writes.run(async (trx) => {
				const invoice = await issueInvoice(trx, order, at);
				if (index === 1) throw new Error("This payment is refused");
				return invoice;
			}),
		),
	);

	const issued = outcomes.flatMap((outcome) =>
		outcome.status === "fulfilled" ? [outcome.value] : [],
	);
	expect(outcomes.map((outcome) => outcome.status)).toEqual([
		"fulfilled",
		"rejected",
		"fulfilled",
		"fulfilled",
		"fulfilled",
	]);
	expect(numbers(issued)).toEqual(invoiceNumbers(year, 1, 4));
});

test("issuing the invoice of an order twice answers with the first one and takes no second number", async () => {
	const t = await createInvoiceTestApp();
	const [order, other] = await placeOrders(t, 2);
	if (!order || !other) throw new Error("orders missing");
	const at = new Date();

	const first = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, order, at));
	const again = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, order, new Date(at.getTime() + 5_000)));
	const next = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, other, at));

	expect(again).toEqual(first);
	expect(next.number).toBe(
		formatInvoiceNumber("invoice", at.getUTCFullYear(), 2),
	);
});

test("two payments of the same order at once end with one invoice", async () => {
	const t = await createInvoiceTestApp();
	const [order] = await placeOrders(t, 1);
	if (!order) throw new Error("order missing");
	const pools = isPostgresRun ? [t.db, openSecondPool(t)] : [t.db, t.db];
	const at = new Date();

	const [first, second] = await Promise.all(
		pools.map((pool) =>
			pool.transaction().execute((trx) => issueInvoice(trx, order, at)),
		),
	);

	expect(second).toEqual(first);
	const byOrder = await listInvoicesOfOrders(t.db, [order.id]);
	expect(byOrder.get(order.id)).toEqual([first]);
});

test("credit notes have their own sequence, one credit note per refund, correcting the order's invoice", async () => {
	const t = await createInvoiceTestApp();
	const [first, second, third, late] = await placeOrders(t, 4);
	if (!first || !second || !third || !late) throw new Error("orders missing");
	const at = new Date();
	const year = at.getUTCFullYear();
	const issue = (order: Order) =>
		t.db.transaction().execute((trx) => issueInvoice(trx, order, at));
	const credit = (order: Order, refundId: string, cents: number) =>
		t.db
			.transaction()
			.execute((trx) =>
				issueCreditNote(trx, order, refundOf(order, refundId, cents), at),
			);

	await issue(first);
	await issue(second);
	const firstNote = await credit(first, "refund-1", 500);
	const secondNote = await credit(second, "refund-2", 700);
	const repeated = await credit(first, "refund-1", 500);
	const thirdInvoice = await issue(third);

	expect(firstNote).toMatchObject({
		number: formatInvoiceNumber("credit_note", year, 1),
		kind: "credit_note",
		total_cents: 500,
	});
	expect(secondNote.number).toBe(formatInvoiceNumber("credit_note", year, 2));
	expect(repeated).toEqual(firstNote);
	expect(thirdInvoice.number).toBe(formatInvoiceNumber("invoice", year, 3));

	// An order paid before invoices were issued gets its invoice with its first credit note.
	const lateNote = await credit(late, "refund-3", 100);
	expect(lateNote.number).toBe(formatInvoiceNumber("credit_note", year, 3));
	const byOrder = await listInvoicesOfOrders(t.db, [first.id, late.id]);
	expect(byOrder.get(first.id)?.map((invoice) => invoice.number)).toEqual([
		formatInvoiceNumber("invoice", year, 1),
		formatInvoiceNumber("credit_note", year, 1),
	]);
	expect(byOrder.get(late.id)?.map((invoice) => invoice.kind)).toEqual([
		"invoice",
		"credit_note",
	]);
});

test("credit notes never give back more than the invoice billed, and a refused one takes no number", async () => {
	const t = await createInvoiceTestApp();
	const [order] = await placeOrders(t, 1);
	if (!order) throw new Error("order missing");
	const at = new Date();
	const year = at.getUTCFullYear();
	await t.db.transaction().execute((trx) => issueInvoice(trx, order, at));
	const credit = (refundId: string, cents: number) =>
		t.db
			.transaction()
			.execute((trx) =>
				issueCreditNote(trx, order, refundOf(order, refundId, cents), at),
			);

	await credit("refund-1", order.total_cents - 100);
	await expect(credit("refund-2", 101)).rejects.toThrow(
		/would credit .* which billed/,
	);
	await expect(credit("refund-3", 0)).rejects.toThrow(/positive/);
	const last = await credit("refund-4", 100);

	expect(last.number).toBe(formatInvoiceNumber("credit_note", year, 2));
});

test("each year numbers from 1 again, invoices and credit notes alike", async () => {
	const t = await createInvoiceTestApp();
	const [december, january] = await placeOrders(t, 2);
	if (!december || !january) throw new Error("orders missing");
	const lastDay = new Date("2026-12-31T23:59:59.000Z");
	const newYear = new Date("2027-01-01T00:00:00.000Z");

	const old = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, december, lastDay));
	const fresh = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, january, newYear));
	const note = await t.db
		.transaction()
		.execute((trx) =>
			issueCreditNote(
				trx,
				december,
				refundOf(december, "refund-1", 1),
				newYear,
			),
		);

	expect([old.number, fresh.number, note.number]).toEqual([
		"2026-000001",
		"2027-000001",
		"CN-2027-000001",
	]);
});

test("an issued invoice is never changed or removed: the database refuses both", async () => {
	const t = await createInvoiceTestApp();
	const [order] = await placeOrders(t, 1);
	if (!order) throw new Error("order missing");
	const invoice = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, order, new Date()));

	await expect(
		t.db
			.updateTable("invoices")
			.set({ total_cents: 0 })
			.where("id", "=", invoice.id)
			.execute(),
	).rejects.toThrow(/never changed or removed/);
	await expect(
		t.db.deleteFrom("invoices").where("id", "=", invoice.id).execute(),
	).rejects.toThrow(/never changed or removed/);
	const byOrder = await listInvoicesOfOrders(t.db, [order.id]);
	expect(byOrder.get(order.id)).toEqual([invoice]);
});

test("the invoices of many orders come back in one map, with an empty list for an order without one", async () => {
	const t = await createInvoiceTestApp();
	const [invoiced, notInvoiced] = await placeOrders(t, 2);
	if (!invoiced || !notInvoiced) throw new Error("orders missing");
	const invoice = await t.db
		.transaction()
		.execute((trx) => issueInvoice(trx, invoiced, new Date()));

	const byOrder = await listInvoicesOfOrders(t.db, [
		invoiced.id,
		notInvoiced.id,
	]);

	expect(Object.fromEntries(byOrder)).toEqual({
		[invoiced.id]: [invoice],
		[notInvoiced.id]: [],
	});
	expect(await listInvoicesOfOrders(t.db, [])).toEqual(new Map());
});
