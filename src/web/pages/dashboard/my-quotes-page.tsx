import { useState } from "react";
import { Link } from "react-router";
import type { Quote } from "../../../shared/quotes.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { myOrderPath } from "../../features/orders/components/order-card.tsx";
import { QuoteCard } from "../../features/quotes/components/quote-card.tsx";
import {
	useMyQuotes,
	useWithdrawQuote,
} from "../../features/quotes/quotes.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** Where the customer reads one of their quotes and accepts it. */
export function myQuotePath(quoteId: string): string {
	return `/dashboard/my-quotes/${encodeURIComponent(quoteId)}`;
}

/** Where a quote for a tool is asked for. */
export function newQuotePath(toolId: string): string {
	return `/dashboard/quotes/new?tool=${encodeURIComponent(toolId)}`;
}

/** The next steps of a quote, by where it stands. */
function QuoteActions({
	quote,
	onWithdraw,
}: {
	quote: Quote;
	onWithdraw: (quote: Quote) => void;
}) {
	const withdraw = (
		<button
			type="button"
			className="btn btn-outline btn-sm"
			aria-label={`Withdraw the request for ${quote.tool_name}`}
			onClick={() => onWithdraw(quote)}
		>
			Withdraw
		</button>
	);
	switch (quote.status) {
		case "requested":
			return withdraw;
		case "answered":
			return (
				<>
					{withdraw}
					<Link
						to={myQuotePath(quote.id)}
						className="btn btn-primary btn-sm"
						aria-label={`Accept the quote for ${quote.tool_name}`}
					>
						Accept
					</Link>
				</>
			);
		case "accepted":
			return quote.order_id ? (
				<Link
					to={myOrderPath(quote.order_id)}
					className="btn btn-primary btn-sm"
					aria-label={`View the order of ${quote.tool_name}`}
				>
					View order
				</Link>
			) : null;
		default:
			return (
				<Link
					to={newQuotePath(quote.tool_id)}
					className="btn btn-outline btn-sm"
					aria-label={`Ask again for ${quote.tool_name}`}
				>
					Ask again
				</Link>
			);
	}
}

/**
 * The customer's quotes, newest first: what was asked, the shop's answer, and the next step
 * (accept, withdraw, the order it became, or ask again).
 */
export function MyQuotesPage() {
	usePageTitle("My Quotes");
	const quotes = useMyQuotes();
	const withdrawQuote = useWithdrawQuote();
	const [withdrawing, setWithdrawing] = useState<Quote>();

	async function confirmWithdraw(quote: Quote) {
		try {
			await withdrawQuote.mutateAsync(quote.id);
			notify.success(`Request for ${quote.tool_name} withdrawn`);
		} catch (error) {
			notify.error(`Failed to withdraw the request${failureReason(error)}`);
		}
		setWithdrawing(undefined);
	}

	return (
		<section className="space-y-4" aria-labelledby="my-quotes-title">
			<h1 id="my-quotes-title" className="text-2xl font-bold">
				My Quotes
			</h1>
			<p className="text-base-content/80">
				Ask for a quote from a tool's purchase page when you need more than the
				stock, another price or a delivery date. An answer holds until its last
				day; accept it to order at that price.
			</p>
			<QueryBoundary
				query={quotes}
				loadingLabel="Loading your quotes"
				errorTitle="Your quotes could not be loaded"
			>
				{() =>
					quotes.items.length === 0 ? (
						<div className="py-8 text-center">
							<p className="mb-4 text-lg">No quote requests yet</p>
							{/* A full load: the home page then scrolls to its tools by itself. */}
							<a href="/#latest-tools" className="btn btn-primary">
								Browse the tools
							</a>
						</div>
					) : (
						<PagedGrid
							query={quotes}
							layout="grid"
							emptyMessage="No quote requests yet"
							showMoreLabel="Show more quotes"
							renderItem={(quote) => (
								<QuoteCard
									quote={quote}
									actions={
										<QuoteActions quote={quote} onWithdraw={setWithdrawing} />
									}
								/>
							)}
						/>
					)
				}
			</QueryBoundary>
			<ConfirmDialog
				isOpen={withdrawing !== undefined}
				title="Withdraw this request?"
				message={
					withdrawing &&
					`The shop will not answer your request for ${withdrawing.quantity} × ${withdrawing.tool_name}, and its answer can no longer be accepted.`
				}
				confirmLabel="Withdraw request"
				cancelLabel="Keep it"
				isPending={withdrawQuote.isPending}
				onConfirm={() => withdrawing && void confirmWithdraw(withdrawing)}
				onCancel={() => setWithdrawing(undefined)}
			/>
		</section>
	);
}
