import { Link, useNavigate, useParams } from "react-router";
import type { Profile } from "../../../shared/accounts.schemas.ts";
import type { DeliveryAddress } from "../../../shared/checkout.schemas.ts";
import { formatCents } from "../../../shared/money.ts";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { myOrderPath } from "../../features/orders/components/order-card.tsx";
import { useProfile } from "../../features/profile/profile.queries.ts";
import { AcceptQuoteForm } from "../../features/quotes/components/accept-quote-form.tsx";
import { QuoteCard } from "../../features/quotes/components/quote-card.tsx";
import {
	isQuoteMissing,
	useQuote,
} from "../../features/quotes/quotes.queries.ts";
import { ReceivingPointPicker } from "../../features/receiving-points/components/receiving-point-picker.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";
import { NotFoundPage } from "../not-found-page.tsx";

/** The delivery address as the profile has it, to start from; any part may be missing. */
function addressFrom(profile: Profile | undefined): DeliveryAddress {
	return {
		recipient: profile?.name ?? "",
		address: profile?.address ?? "",
		city: profile?.city ?? "",
		state: profile?.state ?? "",
		zip: profile?.zip ?? "",
	};
}

/** What stands in for the accept form when the quote cannot be accepted now. */
const NOT_ACCEPTABLE: Record<string, string> = {
	requested:
		"The shop has not answered this request yet: we mail you when it does.",
	declined: "The shop declined this request.",
	withdrawn: "You withdrew this request.",
	lapsed:
		"This quote has lapsed: its last day has passed. Ask for a new quote.",
};

/**
 * One of the customer's quotes, and for an answered one still valid, where its order goes and
 * 'Accept and order'. Once accepted the customer goes to the new order, to pay it there.
 */
export function MyQuotePage() {
	const { quoteId = "" } = useParams();
	const quote = useQuote(quoteId);
	const profile = useProfile();
	const navigate = useNavigate();
	usePageTitle(quote.data ? `Quote for ${quote.data.tool_name}` : "Quote");

	if (isQuoteMissing(quote.error)) return <NotFoundPage />;
	return (
		<section className="space-y-6" aria-labelledby="my-quote-title">
			<Link to="/dashboard/my-quotes" className="link link-primary text-sm">
				← My Quotes
			</Link>
			<h1 id="my-quote-title" className="text-2xl font-bold">
				{quote.data ? `Quote for ${quote.data.tool_name}` : "Quote"}
			</h1>
			<QueryBoundary
				query={quote}
				loadingLabel="Loading the quote"
				errorTitle="The quote could not be loaded"
			>
				{(data) => (
					<div className="grid items-start gap-8 lg:grid-cols-[22rem_1fr]">
						<QuoteCard quote={data} />
						{data.status === "answered" ? (
							profile.isPending ? (
								<Spinner label="Loading your address" />
							) : (
								<AcceptQuoteForm
									quote={data}
									prefill={addressFrom(profile.data)}
									renderPointPicker={(picker) => (
										<ReceivingPointPicker {...picker} />
									)}
									onAccepted={(order) => {
										notify.success(
											`Order placed for ${formatCents(order.total_cents)}: pay for it here when you are ready`,
										);
										navigate(myOrderPath(order.id));
									}}
								/>
							)
						) : data.status === "accepted" && data.order_id ? (
							<p>
								You accepted this quote.{" "}
								<Link
									to={myOrderPath(data.order_id)}
									className="link link-primary"
								>
									View its order
								</Link>
							</p>
						) : (
							<p>{NOT_ACCEPTABLE[data.status]}</p>
						)}
					</div>
				)}
			</QueryBoundary>
		</section>
	);
}
