import { createRequire } from "node:module";
import { loadSharp } from "../../platform/images/load-sharp.ts";
import type { InvoiceSnapshot } from "./invoice-snapshot.ts";

/**
 * DejaVu Sans, from the dejavu-fonts-ttf package (Bitstream Vera licence, DejaVu changes in the
 * public domain): every Latin, Greek and Cyrillic letter a customer's name or address may hold.
 * The PDF embeds the glyphs it uses, so it reads the same on any reader.
 */
const FONT_FILES = {
	regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
	bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
} as const;

const require = createRequire(import.meta.url);

const PAGE_SIZE = "A4";
/** A4's width in points. */
const PAGE_WIDTH = 595.28;
const PAGE_MARGIN = 50;
const CONTENT_RIGHT = PAGE_WIDTH - PAGE_MARGIN;
/** The right-hand column (title, facts, buyer): wide enough for an order id on one line. */
const RIGHT_COLUMN_X = 270;
const FACT_LABEL_WIDTH = 75;
const GREY = "#555555";
const RULE = "#bbbbbb";

/** The columns of the lines table: x and width, in points. */
const COLUMNS = {
	item: { x: PAGE_MARGIN, width: 245 },
	quantity: { x: 300, width: 60 },
	price: { x: 365, width: 85 },
	amount: { x: 455, width: 90 },
} as const;

type PdfDocument = PDFKit.PDFDocument;

function dateOf(isoTimestamp: string): string {
	return isoTimestamp.slice(0, 10);
}

function moneyFormat(currency: string): (cents: number) => string {
	const format = new Intl.NumberFormat("en-US", {
		style: "currency",
		currency,
	});
	return (cents) => format.format(cents / 100);
}

/**
 * The logo as a PNG, which the PDF can hold (the image store keeps WebP); undefined when it cannot
 * be read, and the invoice is printed without it.
 */
export async function printableLogo(
	webp: Buffer | null,
): Promise<Buffer | undefined> {
	if (!webp) return undefined;
	const sharp = await loadSharp();
	try {
		return await sharp(webp).png().toBuffer();
	} catch {
		return undefined;
	}
}

function titleOf(snapshot: InvoiceSnapshot): string {
	return snapshot.kind === "invoice" ? "Invoice" : "Credit note";
}

/** Label and value pairs under the title, right-hand side. */
function writeFacts(
	pdf: PdfDocument,
	facts: [string, string][],
	top: number,
): number {
	const valueX = RIGHT_COLUMN_X + FACT_LABEL_WIDTH;
	const valueWidth = CONTENT_RIGHT - valueX;
	let y = top;
	pdf.fontSize(9);
	for (const [label, value] of facts) {
		pdf
			.font("bold")
			.fillColor(GREY)
			.text(label, RIGHT_COLUMN_X, y, { width: FACT_LABEL_WIDTH - 5 });
		const labelEnd = pdf.y;
		pdf.font("regular").fillColor("black").text(value, valueX, y, {
			width: valueWidth,
		});
		y = Math.max(labelEnd, pdf.y) + 2;
	}
	return y;
}

/** A block of lines under a heading; returns where it ends. */
function writeBlock(
	pdf: PdfDocument,
	heading: string,
	lines: { text: string; isBold?: boolean }[],
	x: number,
	top: number,
	width: number,
): number {
	pdf
		.font("bold")
		.fontSize(8)
		.fillColor(GREY)
		.text(heading.toUpperCase(), x, top, { width, characterSpacing: 0.5 });
	pdf.moveDown(0.3);
	pdf.fontSize(10).fillColor("black");
	for (const line of lines)
		pdf
			.font(line.isBold ? "bold" : "regular")
			.text(line.text, x, pdf.y, { width });
	return pdf.y;
}

function sellerLines(seller: InvoiceSnapshot["seller"]) {
	return [
		{ text: seller.name, isBold: true },
		...seller.legal_address
			.split("\n")
			.filter((line) => line !== "")
			.map((text) => ({ text })),
		...(seller.tax_id ? [{ text: `Tax id: ${seller.tax_id}` }] : []),
		...(seller.contact_email ? [{ text: seller.contact_email }] : []),
	];
}

function buyerLines(snapshot: InvoiceSnapshot) {
	const { buyer, order } = snapshot;
	const lines: { text: string; isBold?: boolean }[] = [
		{ text: buyer.name, isBold: true },
		{ text: buyer.email },
	];
	const delivery = buyer.delivery;
	if (delivery?.kind === "delivery") {
		lines.push({ text: "Delivered to:", isBold: true });
		lines.push({ text: delivery.recipient });
		for (const line of delivery.address.split("\n")) lines.push({ text: line });
		const town = [delivery.city, delivery.state]
			.filter((part) => part !== "")
			.join(", ");
		lines.push({ text: `${town} ${delivery.zip}`.trim() });
	} else if (delivery?.kind === "collection") {
		lines.push({ text: "Collected at:", isBold: true });
		lines.push({ text: delivery.name });
		for (const line of delivery.address.split("\n")) lines.push({ text: line });
		lines.push({ text: delivery.opening_hours });
	}
	if (order.purchase_order)
		lines.push({ text: `Your purchase order: ${order.purchase_order}` });
	return lines;
}

function writeTableHeader(pdf: PdfDocument, top: number): number {
	pdf.font("bold").fontSize(9).fillColor(GREY);
	pdf.text("Item", COLUMNS.item.x, top, { width: COLUMNS.item.width });
	pdf.text("Quantity", COLUMNS.quantity.x, top, {
		width: COLUMNS.quantity.width,
		align: "right",
	});
	pdf.text("Unit price", COLUMNS.price.x, top, {
		width: COLUMNS.price.width,
		align: "right",
	});
	pdf.text("Amount", COLUMNS.amount.x, top, {
		width: COLUMNS.amount.width,
		align: "right",
	});
	const bottom = top + pdf.currentLineHeight(true) + 4;
	pdf
		.moveTo(PAGE_MARGIN, bottom)
		.lineTo(CONTENT_RIGHT, bottom)
		.lineWidth(0.8)
		.strokeColor(RULE)
		.stroke();
	return bottom + 6;
}

function pageBottom(pdf: PdfDocument): number {
	return pdf.page.height - PAGE_MARGIN - 30;
}

function writeLines(pdf: PdfDocument, snapshot: InvoiceSnapshot, top: number) {
	const money = moneyFormat(snapshot.currency);
	let y = writeTableHeader(pdf, top);
	for (const line of snapshot.lines) {
		pdf.font("regular").fontSize(10).fillColor("black");
		const height = Math.max(
			pdf.heightOfString(line.tool_name, { width: COLUMNS.item.width }),
			pdf.currentLineHeight(true),
		);
		if (y + height > pageBottom(pdf)) {
			pdf.addPage();
			y = writeTableHeader(pdf, PAGE_MARGIN);
			pdf.font("regular").fontSize(10).fillColor("black");
		}
		pdf.text(line.tool_name, COLUMNS.item.x, y, { width: COLUMNS.item.width });
		pdf.text(String(line.quantity), COLUMNS.quantity.x, y, {
			width: COLUMNS.quantity.width,
			align: "right",
		});
		pdf.text(money(line.price_cents), COLUMNS.price.x, y, {
			width: COLUMNS.price.width,
			align: "right",
		});
		pdf.text(money(line.line_total_cents), COLUMNS.amount.x, y, {
			width: COLUMNS.amount.width,
			align: "right",
		});
		y += height + 6;
	}
	if (y + 40 > pageBottom(pdf)) {
		pdf.addPage();
		y = PAGE_MARGIN;
	}
	pdf
		.moveTo(COLUMNS.price.x, y)
		.lineTo(CONTENT_RIGHT, y)
		.lineWidth(0.8)
		.strokeColor(RULE)
		.stroke();
	y += 8;
	const label =
		snapshot.kind === "invoice"
			? `Total (${snapshot.currency})`
			: `Total credited (${snapshot.currency})`;
	pdf.font("bold").fontSize(11).fillColor("black");
	pdf.text(label, COLUMNS.item.x, y, {
		width: COLUMNS.amount.x - COLUMNS.item.x - 10,
		align: "right",
	});
	pdf.text(money(snapshot.total_cents), COLUMNS.amount.x, y, {
		width: COLUMNS.amount.width,
		align: "right",
	});
	return pdf.y;
}

/** "Invoice 2026-000123 · Page 1 of 2" at the foot of every page. */
function writePageFooters(pdf: PdfDocument, snapshot: InvoiceSnapshot) {
	const { start, count } = pdf.bufferedPageRange();
	for (let index = start; index < start + count; index++) {
		pdf.switchToPage(index);
		// Writing in the bottom margin: without this, the text would start a new page.
		const bottomMargin = pdf.page.margins.bottom;
		pdf.page.margins.bottom = 0;
		pdf
			.font("regular")
			.fontSize(8)
			.fillColor(GREY)
			.text(
				`${titleOf(snapshot)} ${snapshot.number} · Page ${index - start + 1} of ${count}`,
				PAGE_MARGIN,
				pdf.page.height - PAGE_MARGIN,
				{ width: CONTENT_RIGHT - PAGE_MARGIN, align: "center" },
			);
		pdf.page.margins.bottom = bottomMargin;
	}
}

function writeInvoice(
	pdf: PdfDocument,
	snapshot: InvoiceSnapshot,
	logo: Buffer | undefined,
) {
	if (logo) pdf.image(logo, PAGE_MARGIN, PAGE_MARGIN, { fit: [170, 60] });
	pdf
		.font("bold")
		.fontSize(22)
		.fillColor("black")
		.text(titleOf(snapshot), RIGHT_COLUMN_X, PAGE_MARGIN, {
			width: CONTENT_RIGHT - RIGHT_COLUMN_X,
		});
	const facts: [string, string][] = [
		["Number", snapshot.number],
		["Issue date", dateOf(snapshot.issued_at)],
		["Order", snapshot.order.id],
		["Order date", dateOf(snapshot.order.placed_at)],
	];
	if (snapshot.kind === "invoice" && snapshot.order.paid_at)
		facts.push(["Paid", dateOf(snapshot.order.paid_at)]);
	if (snapshot.credit)
		facts.push([
			"Corrects",
			`Invoice ${snapshot.credit.corrects_number} of ${dateOf(snapshot.credit.corrects_issued_at)}`,
		]);
	facts.push(["Currency", snapshot.currency]);
	const factsEnd = writeFacts(pdf, facts, PAGE_MARGIN + 34);

	const blocksTop = Math.max(factsEnd, PAGE_MARGIN + 70) + 18;
	const sellerEnd = writeBlock(
		pdf,
		"From",
		sellerLines(snapshot.seller),
		PAGE_MARGIN,
		blocksTop,
		RIGHT_COLUMN_X - PAGE_MARGIN - 15,
	);
	const buyerEnd = writeBlock(
		pdf,
		snapshot.kind === "invoice" ? "Bill to" : "Credit to",
		buyerLines(snapshot),
		RIGHT_COLUMN_X,
		blocksTop,
		CONTENT_RIGHT - RIGHT_COLUMN_X,
	);
	let y = Math.max(sellerEnd, buyerEnd) + 20;
	if (snapshot.credit) {
		pdf
			.font("bold")
			.fontSize(10)
			.fillColor("black")
			.text(
				`This credit note corrects invoice ${snapshot.credit.corrects_number}.`,
				PAGE_MARGIN,
				y,
				{ width: CONTENT_RIGHT - PAGE_MARGIN },
			);
		pdf
			.font("regular")
			.text(`Reason: ${snapshot.credit.reason}`, PAGE_MARGIN, pdf.y, {
				width: CONTENT_RIGHT - PAGE_MARGIN,
			});
		y = pdf.y + 16;
	}
	writeLines(pdf, snapshot, y);
	writePageFooters(pdf, snapshot);
}

/**
 * Draws an invoice or credit note from its stored snapshot alone. The PDF library is loaded on the
 * first download, not when the server starts. The document's dates are the issue date, so the
 * same snapshot gives the same bytes on every download.
 */
export async function renderInvoicePdf(
	snapshot: InvoiceSnapshot,
	logo: Buffer | undefined,
): Promise<Buffer> {
	const { default: PDFDocument } = await import("pdfkit");
	const issuedAt = new Date(snapshot.issued_at);
	const regular = require.resolve(FONT_FILES.regular);
	const pdf = new PDFDocument({
		size: PAGE_SIZE,
		margin: PAGE_MARGIN,
		bufferPages: true,
		// The body font from the start, so the library loads none of its own.
		font: regular,
		lang: "en-US",
		displayTitle: true,
		info: {
			Title: `${titleOf(snapshot)} ${snapshot.number}`,
			Author: snapshot.seller.name,
			Subject: `Order ${snapshot.order.id}`,
			Creator: snapshot.seller.name,
			CreationDate: issuedAt,
			ModDate: issuedAt,
		},
	});
	pdf.registerFont("regular", regular);
	pdf.registerFont("bold", require.resolve(FONT_FILES.bold));
	const chunks: Buffer[] = [];
	const finished = new Promise<Buffer>((resolve, reject) => {
		pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
		pdf.on("end", () => resolve(Buffer.concat(chunks)));
		pdf.on("error", reject);
	});
	writeInvoice(pdf, snapshot, logo);
	pdf.end();
	return finished;
}
