import type { ReactNode } from "react";
import { localDay, mediumDate } from "../../../../shared/calendar.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { Quote } from "../../../../shared/quotes.schemas.ts";
import { formatDay } from "../../../lib/dates.ts";

/** "3 pieces", "1 piece". */
export function formatPieces(pieces: number): string {
	return `${pieces} ${pieces === 1 ? "piece" : "pieces"}`;
}

/** "Nov 24, 2026": when the request was made, in the reader's time zone. */
export function formatRequestedOn(iso: string): string {
	return mediumDate(localDay(new Date(iso)));
}

/** One term and its value, side by side. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
	return (
		<>
			<dt className="text-base-content/70">{term}</dt>
			<dd className="break-words text-right font-medium sm:text-left">
				{children}
			</dd>
		</>
	);
}

/** What the customer asked for: pieces, the price wanted and the day needed by, and their note. */
export function QuoteAsked({ quote }: { quote: Quote }) {
	return (
		<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
			<Fact term="Pieces">{formatPieces(quote.quantity)}</Fact>
			{quote.wanted_price_cents !== null && (
				<Fact term="Wanted price">
					{`${formatCents(quote.wanted_price_cents)} each`}
				</Fact>
			)}
			{quote.needed_by && (
				<Fact term="Needed by">{formatDay(quote.needed_by)}</Fact>
			)}
			<Fact term="Asked on">{formatRequestedOn(quote.created_at)}</Fact>
			{quote.customer_note && (
				<Fact term="Note">
					<span className="whitespace-pre-line font-normal">
						{quote.customer_note}
					</span>
				</Fact>
			)}
		</dl>
	);
}

/**
 * The shop's answer: the unit price, the total and the last day it holds, and the shop's note;
 * nothing for a request not answered. A declined request shows the shop's note alone.
 */
export function QuoteAnswer({ quote }: { quote: Quote }) {
	if (quote.unit_price_cents === null || quote.total_cents === null)
		return quote.admin_note ? (
			<p className="whitespace-pre-line text-sm">
				<span className="font-medium">From the shop: </span>
				{quote.admin_note}
			</p>
		) : null;
	return (
		<div className="space-y-2 rounded-box bg-base-200 p-3">
			<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
				<Fact term="Unit price">{formatCents(quote.unit_price_cents)}</Fact>
				<Fact term="Total">{formatCents(quote.total_cents)}</Fact>
				{quote.valid_until && (
					<Fact
						term={quote.status === "lapsed" ? "Was valid until" : "Valid until"}
					>
						{formatDay(quote.valid_until)}
					</Fact>
				)}
			</dl>
			{quote.admin_note && (
				<p className="whitespace-pre-line text-sm">
					<span className="font-medium">From the shop: </span>
					{quote.admin_note}
				</p>
			)}
		</div>
	);
}
