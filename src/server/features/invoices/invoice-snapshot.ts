import * as z from "zod/mini";
import { InvoiceKindSchema } from "../../../shared/invoices.schemas.ts";
import type { Order, OrderFulfilment } from "../../../shared/orders.schemas.ts";
import type { ShopSettings } from "../../../shared/shop-settings.schemas.ts";

const SellerSchema = z.object({
	name: z.string(),
	/** Lines separated by "\n". */
	legal_address: z.string(),
	tax_id: z.string(),
	contact_email: z.string(),
	/** The logo's image path at issue (/images/…); null for none. */
	logo_url: z.nullable(z.string()),
});

const DeliverySchema = z.discriminatedUnion("kind", [
	z.object({
		kind: z.literal("delivery"),
		recipient: z.string(),
		address: z.string(),
		city: z.string(),
		state: z.string(),
		zip: z.string(),
	}),
	z.object({
		kind: z.literal("collection"),
		name: z.string(),
		address: z.string(),
		opening_hours: z.string(),
	}),
]);

const LineSchema = z.object({
	tool_name: z.string(),
	quantity: z.int(),
	price_cents: z.int(),
	line_total_cents: z.int(),
});

/**
 * Everything an invoice or credit note prints, stored with it when it is issued: the PDF is drawn
 * from this alone, so it reads the same whenever it is downloaded, whatever later happens to the
 * shop's settings, the order, the tools or the customer's account. `version` lets a later
 * renderer read the snapshots written before it.
 */
export const InvoiceSnapshotSchema = z.object({
	version: z.literal(1),
	kind: InvoiceKindSchema,
	number: z.string(),
	issued_at: z.iso.datetime(),
	currency: z.string(),
	order: z.object({
		id: z.string(),
		placed_at: z.iso.datetime(),
		paid_at: z.nullable(z.iso.datetime()),
		/** The customer's purchase-order number, printed for their books. */
		purchase_order: z.nullable(z.string()),
	}),
	seller: SellerSchema,
	buyer: z.object({
		name: z.string(),
		email: z.string(),
		/** Where the goods went; null when the order said neither (arranged with the shop). */
		delivery: z.nullable(DeliverySchema),
	}),
	lines: z.array(LineSchema),
	/** What the invoice bills, or what the credit note gives back. */
	total_cents: z.int(),
	/** A credit note: the invoice it corrects and why. Null for an invoice. */
	credit: z.nullable(
		z.object({
			corrects_number: z.string(),
			corrects_issued_at: z.iso.datetime(),
			reason: z.string(),
		}),
	),
});
export type InvoiceSnapshot = z.infer<typeof InvoiceSnapshotSchema>;
export type InvoiceLine = z.infer<typeof LineSchema>;

export function sellerOf(settings: ShopSettings): InvoiceSnapshot["seller"] {
	return {
		name: settings.shop_name,
		legal_address: settings.legal_address,
		tax_id: settings.tax_id,
		contact_email: settings.contact_email,
		logo_url: settings.logo_url,
	};
}

function deliveryOf(
	fulfilment: OrderFulfilment,
): InvoiceSnapshot["buyer"]["delivery"] {
	if (fulfilment.kind === "delivery")
		return { kind: "delivery", ...fulfilment.address };
	if (fulfilment.kind === "collection") {
		const { name, address, opening_hours } = fulfilment.receiving_point;
		return { kind: "collection", name, address, opening_hours };
	}
	return null;
}

export function buyerOf(order: Order): InvoiceSnapshot["buyer"] {
	return {
		name: order.user_name,
		email: order.email,
		delivery: deliveryOf(order.fulfilment),
	};
}

export function orderOf(order: Order): InvoiceSnapshot["order"] {
	return {
		id: order.id,
		placed_at: order.created_at,
		paid_at: order.paid_at,
		purchase_order: order.purchase_order,
	};
}

/** The invoice's lines: every line of the order, as it was placed. */
export function invoiceLinesOf(order: Order): InvoiceLine[] {
	return order.lines.map((line) => ({
		tool_name: line.tool_name,
		quantity: line.quantity,
		price_cents: line.price_cents,
		line_total_cents: line.line_total_cents,
	}));
}

/** A stored snapshot, read back; one that does not parse is a fault of ours, not the caller's. */
export function parseSnapshot(text: string): InvoiceSnapshot {
	return InvoiceSnapshotSchema.parse(JSON.parse(text));
}
