import type { QuoteStatus } from "../../../../shared/quotes.schemas.ts";

/** How the lists and the filter name each status. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
	requested: "Requested",
	answered: "Answered",
	declined: "Declined",
	accepted: "Accepted",
	withdrawn: "Withdrawn",
	lapsed: "Lapsed",
};

const BADGES: Record<QuoteStatus, string> = {
	requested: "badge-warning",
	answered: "badge-info",
	declined: "badge-ghost",
	accepted: "badge-success",
	withdrawn: "badge-ghost",
	lapsed: "badge-ghost",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
	return (
		<span className={`badge whitespace-nowrap ${BADGES[status]}`}>
			{QUOTE_STATUS_LABELS[status]}
		</span>
	);
}
