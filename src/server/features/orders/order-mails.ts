import { formatCents } from "../../../shared/money.ts";
import type { Order } from "../../../shared/orders.schemas.ts";
import {
	escapeHtml,
	MAIL_HTML_END,
	MAIL_HTML_START,
} from "../../platform/mail/mail-html.ts";

/**
 * The texts of the order mails, each in plain text and HTML from the same parts. An account's
 * address may not be confirmed, so order mail carries no text the account chose (its name, its
 * note): the shop's mail cannot carry a stranger's message to someone else's mailbox.
 */
export type OrderMail = {
	to: string;
	subject: string;
	text: string;
	html: string;
	/** What the mail is about, as the outbox lists it for the admins. */
	kind: string;
};

/** Who the mails come from, as the shop's settings name it. */
export type MailSender = { shopName: string };

export const DEFAULT_SENDER: MailSender = { shopName: "Tools Gallery" };

type MailParts = {
	kind: string;
	subject: string;
	/** Paragraphs before the order's lines. */
	intro: string[];
	/** Facts after the lines, as label and value (tracking number, transaction id). */
	facts?: [string, string][];
	/** Paragraphs after everything else. */
	outro?: string[];
};

/** The order's lines and total as the plain-text mails show them. */
export function describeOrder(order: Order): string {
	return [
		...order.lines.map(
			(line) =>
				`${line.quantity} × ${line.tool_name} at ${formatCents(line.price_cents)}: ${formatCents(line.line_total_cents)}`,
		),
		`Total: ${formatCents(order.total_cents)}`,
		`Order: ${order.id}`,
	].join("\n");
}

function describeOrderHtml(order: Order): string {
	const rows = order.lines
		.map(
			(line) =>
				`<tr><td>${escapeHtml(line.tool_name)}</td><td align="right">${line.quantity}</td><td align="right">${formatCents(line.price_cents)}</td><td align="right">${formatCents(line.line_total_cents)}</td></tr>`,
		)
		.join("");
	return `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th align="left">Tool</th><th align="right">Pieces</th><th align="right">Unit price</th><th align="right">Line total</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th align="left" colspan="3">Total</th><th align="right">${formatCents(order.total_cents)}</th></tr></tfoot></table><p>Order: ${escapeHtml(order.id)}</p>`;
}

/** How a subject names an order: its tool, or its first tool and how many more. */
export function orderTitle(order: Order): string {
	const [first, ...others] = order.lines;
	const name = first?.tool_name ?? order.tool_name;
	return others.length === 0
		? name
		: `${name} and ${others.length} more ${others.length === 1 ? "tool" : "tools"}`;
}

/**
 * Where the goods go, in the words of a mail: the receiving point (the shop's own text); nothing
 * for an order placed from the purchase page.
 */
function describeFulfilment(order: Order): [string, string][] {
	const { fulfilment } = order;
	// The address is the customer's own text: shown in My Orders, never repeated in a mail.
	if (fulfilment.kind === "delivery")
		return [["Delivery", "to the address given at checkout (see My Orders)"]];
	if (fulfilment.kind === "collection") {
		const point = fulfilment.receiving_point;
		return [
			["Collect at", `${point.name}, ${point.address}`],
			["Opening hours", point.opening_hours],
		];
	}
	return [];
}

function compose(
	order: Order,
	sender: MailSender,
	parts: MailParts,
): OrderMail {
	const facts = parts.facts ?? [];
	const outro = parts.outro ?? [];
	const text = [
		...parts.intro,
		describeOrder(order),
		...(facts.length > 0
			? [facts.map(([label, value]) => `${label}: ${value}`).join("\n")]
			: []),
		...outro,
		sender.shopName,
	].join("\n\n");
	const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
	const html = [
		MAIL_HTML_START,
		...parts.intro.map(paragraph),
		describeOrderHtml(order),
		...(facts.length > 0
			? [
					`<p>${facts.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join("<br>")}</p>`,
				]
			: []),
		...outro.map(paragraph),
		paragraph(sender.shopName),
		MAIL_HTML_END,
	].join("");
	return {
		to: order.email,
		kind: parts.kind,
		subject: `${sender.shopName}: ${parts.subject}, ${orderTitle(order)}`,
		text,
		html,
	};
}

/** What the confirmation says about paying: where, and by when. */
function howToPay(unpaidOrderHours: number): string {
	return unpaidOrderHours > 0
		? `It is unpaid: pay it from My Orders in your dashboard within ${unpaidOrderHours} hours, or it is cancelled and its pieces go back into stock.`
		: "It is unpaid: pay it from My Orders in your dashboard.";
}

export function confirmationMail(
	order: Order,
	sender: MailSender,
	unpaidOrderHours: number,
	invoiceNumber?: string,
): OrderMail {
	const dueAt = order.due_at;
	return compose(order, sender, {
		kind: "order-confirmed",
		subject: "order confirmed",
		intro: ["Thank you for your order."],
		facts: [
			...describeFulfilment(order),
			...(invoiceNumber && dueAt
				? ([
						["Invoice", `${invoiceNumber} (download it from My Orders)`],
						["Payment due", dueAt.slice(0, 10)],
					] as [string, string][])
				: []),
		],
		outro: [
			invoiceNumber && dueAt
				? `Please pay invoice ${invoiceNumber} by ${dueAt.slice(0, 10)}, quoting its number.`
				: howToPay(unpaidOrderHours),
		],
	});
}

export function receiptMail(
	order: Order,
	sender: MailSender,
	paymentId: string,
	invoiceNumber?: string,
): OrderMail {
	return compose(order, sender, {
		kind: "payment-received",
		subject: "payment received",
		intro: ["We received your payment."],
		facts: [
			["Transaction ID", paymentId],
			...(invoiceNumber
				? ([["Invoice", `${invoiceNumber} (download it from My Orders)`]] as [
						string,
						string,
					][])
				: []),
		],
	});
}

export function expiredMail(order: Order, sender: MailSender): OrderMail {
	return compose(order, sender, {
		kind: "order-cancelled",
		subject: "order cancelled",
		intro: [
			"Your order was not paid in time, so we have cancelled it and its pieces are back in stock. You are welcome to order again.",
		],
	});
}

export function cancelledMail(order: Order, sender: MailSender): OrderMail {
	return compose(order, sender, {
		kind: "order-cancelled",
		subject: "order cancelled",
		intro: [
			"You cancelled this order; nothing was charged and its pieces are back in stock.",
		],
	});
}

export function latePaymentRefundedMail(
	order: Order,
	sender: MailSender,
	paymentIntentId: string,
	refundId: string,
): OrderMail {
	return compose(order, sender, {
		kind: "payment-refunded",
		subject: "payment refunded",
		intro: [
			"Your payment arrived after this order was cancelled, so we have refunded it in full.",
		],
		facts: [
			["Transaction ID", paymentIntentId],
			["Refund", refundId],
		],
	});
}

export function shippedMail(order: Order, sender: MailSender): OrderMail {
	return compose(order, sender, {
		kind: "order-shipped",
		subject: "order shipped",
		intro: ["Your order is on its way."],
		facts: [
			["Carrier", order.carrier ?? ""],
			["Tracking number", order.tracking_number ?? ""],
			...describeFulfilment(order),
		],
	});
}

export function readyForCollectionMail(
	order: Order,
	sender: MailSender,
): OrderMail {
	return compose(order, sender, {
		kind: "order-ready",
		subject: "ready for collection",
		intro: [
			"Your order is ready for collection. Bring the order number with you.",
		],
		facts: describeFulfilment(order),
	});
}

export function refundedMail(
	order: Order,
	sender: MailSender,
	refund: { amountCents: number; creditNote?: string },
): OrderMail {
	return compose(order, sender, {
		kind: "order-refunded",
		subject: "refund issued",
		intro: [
			`We have refunded ${formatCents(refund.amountCents)} of this order to the card it was paid with. It can take a few days to show on your statement.`,
		],
		facts: refund.creditNote
			? [["Credit note", `${refund.creditNote} (download it from My Orders)`]]
			: [],
	});
}
