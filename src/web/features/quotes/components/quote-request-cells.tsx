import { formatCents } from "../../../../shared/money.ts";
import type { AdminQuote } from "../../../../shared/quotes.schemas.ts";
import type { TableColumn } from "../../../components/ui/paged-table.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { formatPieces, formatRequestedOn } from "./quote-facts.tsx";
import { QuoteStatusBadge } from "./quote-status-badge.tsx";

/** Quote Requests' columns, to go with `QuoteRequestCells`. */
export const QUOTE_REQUEST_COLUMNS: readonly TableColumn[] = [
	{ label: "Customer" },
	{ label: "Tool and pieces" },
	{ label: "Asked" },
	{ label: "Status" },
	{ label: "Answer" },
	{ label: "Actions", isLabelHidden: true },
];

/** Whether an admin may still answer (again) or decline the quote. */
export function isOpenQuote(quote: AdminQuote): boolean {
	return ["requested", "answered", "lapsed"].includes(quote.status);
}

/**
 * One request's cells: who (and whether the account is gone), what was asked, where it stands
 * and since when, and the answer given, ending with 'Answer' and 'Decline' while it is open.
 * Narrow enough for the dashboard at 1280 px without scrolling.
 */
export function QuoteRequestCells({
	quote,
	onAnswer,
	onDecline,
}: {
	quote: AdminQuote;
	onAnswer: (quote: AdminQuote) => void;
	onDecline: (quote: AdminQuote) => void;
}) {
	const asked = [
		quote.wanted_price_cents !== null
			? `Wants ${formatCents(quote.wanted_price_cents)} each`
			: undefined,
		quote.needed_by ? `By ${formatDay(quote.needed_by)}` : undefined,
	].filter(Boolean);
	const answerLabel = quote.status === "requested" ? "Answer" : "Answer again";
	return (
		<>
			<td className="min-w-40">
				<span className="block">{quote.user_name}</span>
				<span className="block text-sm text-base-content/80 [overflow-wrap:anywhere]">
					{quote.email}
				</span>
				{!quote.has_account && (
					<span className="badge badge-ghost badge-sm">Account removed</span>
				)}
			</td>
			<td className="min-w-40">
				<span className="block font-medium">{quote.tool_name}</span>
				<span className="block font-mono text-xs text-base-content/80">
					{quote.sku}
				</span>
				<span className="block text-sm">{formatPieces(quote.quantity)}</span>
			</td>
			<td className="min-w-40 text-sm">
				{asked.map((line) => (
					<span key={line} className="block whitespace-nowrap">
						{line}
					</span>
				))}
				{quote.customer_note && (
					<span className="block max-w-64 whitespace-pre-line break-words">
						{`“${quote.customer_note}”`}
					</span>
				)}
				{asked.length === 0 && !quote.customer_note && "—"}
			</td>
			<td>
				<QuoteStatusBadge status={quote.status} />
				<span className="block whitespace-nowrap text-sm">
					{"Asked "}
					<time dateTime={quote.created_at}>
						{formatRequestedOn(quote.created_at)}
					</time>
				</span>
			</td>
			<td className="min-w-36 text-sm">
				{quote.unit_price_cents !== null && quote.total_cents !== null ? (
					<>
						<span className="block whitespace-nowrap">
							{`${formatCents(quote.unit_price_cents)} each`}
						</span>
						<span className="block whitespace-nowrap">
							{`${formatCents(quote.total_cents)} in all`}
						</span>
						{quote.valid_until && (
							<span className="block whitespace-nowrap">
								{`Until ${formatDay(quote.valid_until)}`}
							</span>
						)}
					</>
				) : quote.answered_by_email ? null : (
					"—"
				)}
				{quote.answered_by_email && (
					<span className="block text-base-content/80 [overflow-wrap:anywhere]">
						{`By ${quote.answered_by_email}`}
					</span>
				)}
			</td>
			<td>
				{isOpenQuote(quote) && (
					<div className="flex flex-col gap-2">
						{quote.has_account && (
							<button
								type="button"
								className="btn btn-primary btn-sm whitespace-nowrap"
								aria-label={`${answerLabel} the request of ${quote.email} for ${quote.tool_name}`}
								onClick={() => onAnswer(quote)}
							>
								{answerLabel}
							</button>
						)}
						<button
							type="button"
							className="btn btn-outline btn-sm"
							aria-label={`Decline the request of ${quote.email} for ${quote.tool_name}`}
							onClick={() => onDecline(quote)}
						>
							Decline
						</button>
					</div>
				)}
			</td>
		</>
	);
}
