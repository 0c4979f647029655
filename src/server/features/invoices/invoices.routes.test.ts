import { expect, test } from "vitest";
import {
	AdminInvoicePageSchema,
	invoicePdfPath,
} from "../../../shared/invoices.schemas.ts";
import type { Order } from "../../../shared/orders.schemas.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import type { TestApp } from "../../test-support/test-app.ts";
import { createInvoiceTestApp, placeOrders } from "./invoice-test-support.ts";
import { issueCreditNote, issueInvoice } from "./invoices.service.ts";
import { readPdfText } from "./pdf-text.ts";

function issue(t: TestApp, order: Order, at = new Date()) {
	return t.db.transaction().execute((trx) => issueInvoice(trx, order, at));
}

function downloadAs(t: TestApp, account: SignedIn | undefined, id: string) {
	return t.app.inject({
		url: invoicePdfPath(id),
		headers: authHeaders(account?.cookie),
	});
}

test("the order's customer downloads the invoice: a PDF attachment named after its number, with the number in an embedded font", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const [order] = await placeOrders(t, 1, [customer]);
	if (!order) throw new Error("order missing");
	const invoice = await issue(t, order);

	const response = await downloadAs(t, customer, invoice.id);

	expect(response.statusCode, response.body).toBe(200);
	expect(response.headers["content-type"]).toBe("application/pdf");
	expect(response.headers["content-disposition"]).toBe(
		`attachment; filename="invoice-${invoice.number}.pdf"`,
	);
	expect(response.headers["cache-control"]).toBe("no-store");
	const pdf = response.rawPayload;
	expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
	expect(pdf.toString("latin1")).toMatch(/\/FontFile[23]\b/);
	expect(readPdfText(pdf)).toContain(invoice.number);
});

test("another customer gets a 404 as if there were no such invoice, a visitor a 401, any admin the PDF", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const other = await signUp(t.app, { name: "Otto Other" });
	const admin = await signUpAdmin(t.app, t.db);
	const [order] = await placeOrders(t, 1, [customer]);
	if (!order) throw new Error("order missing");
	const invoice = await issue(t, order);

	const asOther = await downloadAs(t, other, invoice.id);
	const unknown = await downloadAs(t, other, crypto.randomUUID());
	const asVisitor = await downloadAs(t, undefined, invoice.id);
	const asAdmin = await downloadAs(t, admin, invoice.id);
	const badId = await downloadAs(t, customer, "not-an-id");

	expect(asOther.statusCode).toBe(404);
	expect(asOther.json()).toEqual(unknown.json());
	expect(asOther.body).not.toContain(invoice.number);
	expect(asVisitor.statusCode).toBe(401);
	expect(asAdmin.statusCode).toBe(200);
	expect(readPdfText(asAdmin.rawPayload)).toContain(invoice.number);
	expect(badId.statusCode).toBe(400);
});

test("a credit note downloads as credit-note-CN-….pdf", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const [order] = await placeOrders(t, 1, [customer]);
	if (!order) throw new Error("order missing");
	const note = await t.db.transaction().execute((trx) =>
		issueCreditNote(
			trx,
			order,
			{
				refund_id: "refund-1",
				lines: [],
				amount_cents: 100,
				reason: "Goodwill",
			},
			new Date(),
		),
	);

	const response = await downloadAs(t, customer, note.id);

	expect(response.statusCode).toBe(200);
	expect(response.headers["content-disposition"]).toBe(
		`attachment; filename="credit-note-${note.number}.pdf"`,
	);
});

test("admins list every invoice and credit note newest first, page by page, with the order and the customer's email", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const admin = await signUpAdmin(t.app, t.db);
	const orders = await placeOrders(t, 3, [customer]);
	const start = Date.parse("2026-11-30T08:00:00.000Z");
	const invoices = [];
	for (const [index, order] of orders.entries())
		invoices.push(await issue(t, order, new Date(start + index * 60_000)));
	const [firstOrder] = orders;
	if (!firstOrder) throw new Error("order missing");
	const note = await t.db.transaction().execute((trx) =>
		issueCreditNote(
			trx,
			firstOrder,
			{
				refund_id: "refund-1",
				lines: [],
				amount_cents: 100,
				reason: "Goodwill",
			},
			new Date(start + 10 * 60_000),
		),
	);

	const first = await t.app.inject({
		url: "/api/admin/invoices?page=1&page_size=2",
		headers: authHeaders(admin.cookie),
	});
	const second = await t.app.inject({
		url: "/api/admin/invoices?page=2&page_size=2",
		headers: authHeaders(admin.cookie),
	});

	expect(first.statusCode, first.body).toBe(200);
	const firstPage = AdminInvoicePageSchema.parse(first.json());
	const secondPage = AdminInvoicePageSchema.parse(second.json());
	expect(firstPage.total).toBe(4);
	expect(
		[...firstPage.items, ...secondPage.items].map((item) => item.number),
	).toEqual([
		note.number,
		invoices[2]?.number,
		invoices[1]?.number,
		invoices[0]?.number,
	]);
	expect(firstPage.items[0]).toEqual({
		...note,
		currency: "USD",
		order_id: firstOrder.id,
		email: customer.email,
		corrects_number: invoices[0]?.number,
	});
	expect(secondPage.items[1]?.corrects_number).toBeNull();
});

test("the list of invoices is the admins': a customer gets a 403, a visitor a 401", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });

	const asCustomer = await t.app.inject({
		url: "/api/admin/invoices",
		headers: authHeaders(customer.cookie),
	});
	const asVisitor = await t.app.inject({
		url: "/api/admin/invoices",
		headers: authHeaders(),
	});

	expect(asCustomer.statusCode).toBe(403);
	expect(asVisitor.statusCode).toBe(401);
});
