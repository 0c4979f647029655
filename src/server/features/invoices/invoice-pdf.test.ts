import sharp from "sharp";
import { expect, test } from "vitest";
import type { InvoiceSummary } from "../../../shared/invoices.schemas.ts";
import type { Order } from "../../../shared/orders.schemas.ts";
import type { ShopSettingsInput } from "../../../shared/shop-settings.schemas.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import { type SignedIn, signUp } from "../../test-support/accounts.ts";
import { TEST_DELIVERY } from "../../test-support/orders.ts";
import type { TestApp } from "../../test-support/test-app.ts";
import { createShopSettingsUseCases } from "../shop-settings/shop-settings.service.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import type { InvoiceSnapshot } from "./invoice-snapshot.ts";
import {
	checkOutLines,
	createInvoiceTestApp,
	placeOrders,
	viewerOf,
} from "./invoice-test-support.ts";
import {
	createInvoiceUseCases,
	issueCreditNote,
	issueInvoice,
} from "./invoices.service.ts";
import { readPdfText } from "./pdf-text.ts";

const SELLER: ShopSettingsInput = {
	shop_name: "Forge & Anvil Tools Ltd",
	legal_address: "7 Anvil Yard\nRotherham S60 1AA\nUnited Kingdom",
	tax_id: "GB 123 4567 89",
	contact_email: "accounts@forge.example",
	currency: "USD",
};

async function shopWithSeller(t: TestApp, admin: SignedIn) {
	const settings = createShopSettingsUseCases({ db: t.db, images: t.images });
	await settings.saveShopSettings(viewerOf(admin, { isAdmin: true }), SELLER);
	return settings;
}

function issue(t: TestApp, order: Order, at = new Date()) {
	return t.db.transaction().execute((trx) => issueInvoice(trx, order, at));
}

async function download(
	t: TestApp,
	account: SignedIn,
	invoice: InvoiceSummary,
	options: { isAdmin?: boolean } = {},
) {
	const invoices = createInvoiceUseCases({ db: t.db, images: t.images });
	return invoices.downloadInvoicePdf(viewerOf(account, options), invoice.id);
}

/** A logo three times as wide as it is high, in two colours. */
function makeLogo(): Promise<Buffer> {
	return sharp({
		create: { width: 600, height: 200, channels: 3, background: "#1d4ed8" },
	})
		.composite([
			{
				input: {
					create: {
						width: 200,
						height: 200,
						channels: 3,
						background: "#f59e0b",
					},
				},
				left: 0,
				top: 0,
			},
		])
		.png()
		.toBuffer();
}

const embedsFont = (pdf: Buffer) =>
	/\/FontFile[23]\b/.test(pdf.toString("latin1"));
const countImages = (pdf: Buffer) =>
	pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;

test("the order's customer downloads the invoice as a PDF that prints the seller, the buyer, the lines and the total, in an embedded font", async () => {
	const t = await createInvoiceTestApp();
	const admin = await signUp(t.app, { name: "Ada Admin" });
	await shopWithSeller(t, admin);
	const customer = await signUp(t.app, {
		name: "Zoë Łukasiewicz",
		email: "zoe@example.com",
	});
	const order = await checkOutLines(
		t,
		customer,
		[
			{ tool_name: "Bench Vice 150 mm", price_cents: 4_250, quantity: 2 },
			{ tool_name: "Hex Key Set (9 pieces)", price_cents: 1_199, quantity: 5 },
		],
		TEST_DELIVERY,
		{ purchase_order: "PO-2026-0042" },
	);
	const invoice = await issue(t, order);

	const { fileName, bytes } = await download(t, customer, invoice);

	expect(fileName).toBe(`invoice-${invoice.number}.pdf`);
	expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
	expect(embedsFont(bytes)).toBe(true);
	const text = readPdfText(bytes);
	for (const printed of [
		"Invoice",
		invoice.number,
		order.id,
		"Forge & Anvil Tools Ltd",
		"7 Anvil Yard",
		"Rotherham S60 1AA",
		"Tax id: GB 123 4567 89",
		"accounts@forge.example",
		"Zoë Łukasiewicz",
		"zoe@example.com",
		"Cora Customer",
		"12 Forge Lane",
		"Sheffield S1 2AB",
		"Your purchase order: PO-2026-0042",
		"Bench Vice 150 mm",
		"Hex Key Set (9 pieces)",
		"$42.50",
		"$85.00",
		"$11.99",
		"$59.95",
		"Total (USD)",
		"$144.95",
		"USD",
	])
		expect(text).toContain(printed);
	expect(text).not.toContain("\uFFFD");
});

test("only the order's customer and admins get the PDF: another customer is told there is none", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const other = await signUp(t.app, { name: "Otto Other" });
	const admin = await signUp(t.app, { name: "Ada Admin" });
	const [order] = await placeOrders(t, 1, [customer]);
	if (!order) throw new Error("order missing");
	const invoice = await issue(t, order);

	await expect(download(t, other, invoice)).rejects.toThrow(NotFoundError);
	const asAdmin = await download(t, admin, invoice, { isAdmin: true });
	expect(readPdfText(asAdmin.bytes)).toContain(invoice.number);
	await expect(
		download(
			t,
			admin,
			{ ...invoice, id: crypto.randomUUID() },
			{ isAdmin: true },
		),
	).rejects.toThrow(NotFoundError);
});

test("the PDF is drawn from what was stored at issue: the same bytes on every download, whatever the shop's settings became", async () => {
	const t = await createInvoiceTestApp();
	const admin = await signUp(t.app, { name: "Ada Admin" });
	const settings = await shopWithSeller(t, admin);
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const [earlier, later] = await placeOrders(t, 2, [customer]);
	if (!earlier || !later) throw new Error("orders missing");
	const invoice = await issue(t, earlier);
	const before = await download(t, customer, invoice);

	await settings.saveShopSettings(viewerOf(admin, { isAdmin: true }), {
		...SELLER,
		shop_name: "Renamed Tools Inc",
		legal_address: "1 New Street\nLeeds",
	});
	const after = await download(t, customer, invoice);
	const laterInvoice = await issue(t, later);
	const laterText = readPdfText(
		(await download(t, customer, laterInvoice)).bytes,
	);

	expect(after.bytes.equals(before.bytes)).toBe(true);
	expect(readPdfText(after.bytes)).toContain("Forge & Anvil Tools Ltd");
	expect(laterText).toContain("Renamed Tools Inc");
	expect(laterText).toContain("1 New Street");
	expect(laterText).not.toContain("Forge & Anvil Tools Ltd");
});

test("the logo is printed on the invoices issued while it was set, even after it is removed", async () => {
	const t = await createInvoiceTestApp();
	const admin = await signUp(t.app, { name: "Ada Admin" });
	const settings = await shopWithSeller(t, admin);
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const [withLogo, withoutLogo] = await placeOrders(t, 2, [customer]);
	if (!withLogo || !withoutLogo) throw new Error("orders missing");
	const adminViewer = viewerOf(admin, { isAdmin: true });

	await settings.replaceShopLogo(adminViewer, await makeLogo());
	const logoInvoice = await issue(t, withLogo);
	await settings.removeShopLogo(adminViewer);
	const plainInvoice = await issue(t, withoutLogo);

	expect(countImages((await download(t, customer, logoInvoice)).bytes)).toBe(1);
	expect(countImages((await download(t, customer, plainInvoice)).bytes)).toBe(
		0,
	);
});

test("a credit note says which invoice it corrects, why, and what it gives back", async () => {
	const t = await createInvoiceTestApp();
	const customer = await signUp(t.app, { name: "Cora Customer" });
	const [order] = await placeOrders(t, 1, [customer]);
	if (!order) throw new Error("order missing");
	const invoice = await issue(t, order);
	const note = await t.db.transaction().execute((trx) =>
		issueCreditNote(
			trx,
			order,
			{
				refund_id: "refund-of-one-vice",
				lines: [
					{
						tool_name: "Bench Vice 150 mm",
						quantity: 1,
						price_cents: 2_450,
						line_total_cents: 2_450,
					},
				],
				amount_cents: 2_450,
				reason: "The vice arrived with a cracked jaw",
			},
			new Date(),
		),
	);

	const { fileName, bytes } = await download(t, customer, note);

	expect(fileName).toBe(`credit-note-${note.number}.pdf`);
	const text = readPdfText(bytes);
	for (const printed of [
		"Credit note",
		note.number,
		`This credit note corrects invoice ${invoice.number}.`,
		"Reason: The vice arrived with a cracked jaw",
		"Bench Vice 150 mm",
		"Total credited (USD)",
		"$24.50",
	])
		expect(text).toContain(printed);
});

function snapshotWithLines(count: number): InvoiceSnapshot {
	return {
		version: 1,
		kind: "invoice",
		number: "2026-000321",
		issued_at: "2026-11-30T09:00:00.000Z",
		currency: "USD",
		order: {
			id: "0b7e4c1a-52f3-4d8e-9a61-3f2c7d9e8b10",
			placed_at: "2026-11-29T16:20:00.000Z",
			paid_at: "2026-11-30T09:00:00.000Z",
			purchase_order: null,
		},
		seller: {
			name: "Tools Gallery",
			legal_address: "",
			tax_id: "",
			contact_email: "",
			logo_url: null,
		},
		buyer: {
			name: "Cora Customer",
			email: "cora@example.com",
			delivery: {
				kind: "collection",
				name: "North Depot",
				address: "North Road 1",
				opening_hours: "Mon-Fri 8-18",
			},
		},
		lines: Array.from({ length: count }, (_, index) => ({
			tool_name: `Tool number ${index + 1}, a name long enough to wrap onto a second line of the table`,
			quantity: 10,
			price_cents: 100,
			line_total_cents: 1_000,
		})),
		total_cents: count * 1_000,
		credit: null,
	};
}

test("a long invoice runs onto more pages, the table's heading and the page count on each", async () => {
	const pdf = await renderInvoicePdf(snapshotWithLines(60), undefined);

	const text = readPdfText(pdf);
	expect(text).toContain("Collected at:");
	expect(text).toContain("North Depot");
	expect(text).toContain("Tool number 60, a name long enough to wrap");
	const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
	expect(pages).toBeGreaterThan(1);
	expect(text).toContain(`Invoice 2026-000321 · Page ${pages} of ${pages}`);
	expect(text.match(/^Unit price$/gm)).toHaveLength(pages);
	expect(text).toContain("$600.00");
});
