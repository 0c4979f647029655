import { formatCents } from "../../../shared/money.ts";
import {
	escapeHtml,
	MAIL_HTML_END,
	MAIL_HTML_START,
} from "../../platform/mail/mail-html.ts";
import type { OutboxMessage } from "../mail/mail-outbox.service.ts";
import type { StoredQuote } from "./quotes.repository.ts";

/**
 * The texts of the quote mails, plain text and HTML from the same parts. As with order mail, no
 * text the account chose (its name, its note) goes into a mail: the account's address may not be
 * confirmed, and the shop's mail must not carry a stranger's words. The shop's own note does.
 */
type QuoteMailParts = {
	to: string;
	kind: string;
	subject: string;
	intro: string;
	facts: [string, string][];
	outro: string;
};

function compose(shopName: string, parts: QuoteMailParts): OutboxMessage {
	const facts = parts.facts.filter(([, value]) => value !== "");
	const text = [
		parts.intro,
		facts.map(([label, value]) => `${label}: ${value}`).join("\n"),
		parts.outro,
		shopName,
	].join("\n\n");
	const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
	const html = [
		MAIL_HTML_START,
		paragraph(parts.intro),
		`<p>${facts.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join("<br>")}</p>`,
		paragraph(parts.outro),
		paragraph(shopName),
		MAIL_HTML_END,
	].join("");
	return {
		to: parts.to,
		kind: parts.kind,
		subject: `${shopName}: ${parts.subject}`,
		text,
		html,
	};
}

function askedFacts(quote: StoredQuote): [string, string][] {
	return [
		["Tool", quote.tool_name],
		["Part number", quote.sku],
		["Pieces", String(quote.quantity)],
		[
			"Wanted unit price",
			quote.wanted_price_cents === null
				? ""
				: formatCents(quote.wanted_price_cents),
		],
		["Needed by", quote.needed_by ?? ""],
	];
}

/** To the shop (its contact address, or each admin): a customer asked for a quote. */
export function quoteRequestedMail(
	quote: StoredQuote,
	shopName: string,
	to: string,
): OutboxMessage {
	return compose(shopName, {
		to,
		kind: "quote-requested",
		subject: `quote requested, ${quote.tool_name}`,
		intro: "A customer asked for a quote.",
		facts: [...askedFacts(quote), ["Request", quote.id]],
		outro:
			"Read the request and answer or decline it on Quote Requests in the dashboard.",
	});
}

/** To the customer: the shop's price, valid until a day, and how to accept it. */
export function quoteAnsweredMail(
	quote: StoredQuote,
	shopName: string,
): OutboxMessage {
	const unitPrice = quote.unit_price_cents ?? 0;
	return compose(shopName, {
		to: quote.email,
		kind: "quote-answered",
		subject: `your quote, ${quote.tool_name}`,
		intro: "We have answered your request for a quote.",
		facts: [
			["Tool", quote.tool_name],
			["Part number", quote.sku],
			["Pieces", String(quote.quantity)],
			["Unit price", formatCents(unitPrice)],
			["Total", formatCents(unitPrice * quote.quantity)],
			["Valid until", `${quote.valid_until ?? ""} (inclusive, UTC)`],
			["Note from the shop", quote.admin_note ?? ""],
		],
		outro:
			"Accept it in My Quotes in your dashboard before it lapses: it becomes an order at this price, to pay like any other.",
	});
}

/** To the customer: the shop cannot offer what was asked. */
export function quoteDeclinedMail(
	quote: StoredQuote,
	shopName: string,
): OutboxMessage {
	return compose(shopName, {
		to: quote.email,
		kind: "quote-declined",
		subject: `your quote request, ${quote.tool_name}`,
		intro: "We are sorry: we cannot offer a quote for this request.",
		facts: [
			["Tool", quote.tool_name],
			["Part number", quote.sku],
			["Pieces", String(quote.quantity)],
			["Note from the shop", quote.admin_note ?? ""],
		],
		outro: "You are welcome to ask again for another quantity or date.",
	});
}
