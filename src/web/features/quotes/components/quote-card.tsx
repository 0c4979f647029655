import type { ReactNode } from "react";
import type { Quote } from "../../../../shared/quotes.schemas.ts";
import { QuoteAnswer, QuoteAsked } from "./quote-facts.tsx";
import { QuoteStatusBadge } from "./quote-status-badge.tsx";

/**
 * One of the customer's quotes: the tool and part number asked about, what was asked, the shop's
 * answer once there is one, and `actions` (accept, withdraw, the order it became).
 */
export function QuoteCard({
	quote,
	actions,
}: {
	quote: Quote;
	actions?: ReactNode;
}) {
	const titleId = `quote-${quote.id}`;
	return (
		<article className="card bg-base-100 shadow-md" aria-labelledby={titleId}>
			<div className="card-body gap-3">
				<div className="flex items-start justify-between gap-2">
					<div className="min-w-0">
						<h2 id={titleId} className="card-title text-lg">
							{quote.tool_name}
						</h2>
						<p className="font-mono text-xs text-base-content/80">
							{quote.sku}
						</p>
					</div>
					<QuoteStatusBadge status={quote.status} />
				</div>
				<QuoteAsked quote={quote} />
				<QuoteAnswer quote={quote} />
				{actions && (
					<div className="card-actions mt-auto items-center justify-end">
						{actions}
					</div>
				)}
			</div>
		</article>
	);
}
