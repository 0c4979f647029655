import { useState } from "react";
import { useSearchParams } from "react-router";
import {
	type AdminQuote,
	QUOTE_STATUSES,
	type QuoteStatus,
	QuoteStatusSchema,
} from "../../../shared/quotes.schemas.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SelectField } from "../../components/ui/field.tsx";
import { PagedTable } from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	AnswerQuoteDialog,
	DeclineQuoteDialog,
} from "../../features/quotes/components/quote-reply-dialogs.tsx";
import {
	QUOTE_REQUEST_COLUMNS,
	QuoteRequestCells,
} from "../../features/quotes/components/quote-request-cells.tsx";
import { QUOTE_STATUS_LABELS } from "../../features/quotes/components/quote-status-badge.tsx";
import {
	useAdminQuotes,
	useQuoteReplies,
} from "../../features/quotes/quotes.queries.ts";
import { readPageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";

const readStatus = (value: string | null): QuoteStatus | "" => {
	const parsed = QuoteStatusSchema.safeParse(value);
	return parsed.success ? parsed.data : "";
};

/** Why the list is empty, for the status chosen. */
function emptyMessage(status: QuoteStatus | ""): string {
	return status
		? `No ${QUOTE_STATUS_LABELS[status].toLowerCase()} quote requests`
		: "No quote requests yet";
}

/**
 * The customers' requests for a quote, newest first, all or of one status: who asked, for what,
 * where each stands and the answer given; 'Answer' (again) and 'Decline' while one is open.
 */
export function QuoteRequestsPage() {
	usePageTitle("Quote Requests");
	const [params, setParams] = useSearchParams();
	const page = readPageParam(params.get("page"));
	const status = readStatus(params.get("status"));
	const quotes = useAdminQuotes(page, status);
	const replies = useQuoteReplies();
	const [answering, setAnswering] = useState<AdminQuote>();
	const [declining, setDeclining] = useState<AdminQuote>();

	/** Changes the address's filter and page; a first page or no filter leaves its parameter out. */
	const showList = (changes: { status?: string; page?: number }) =>
		setParams((current) => {
			const next = new URLSearchParams(current);
			if (changes.status !== undefined) {
				if (changes.status) next.set("status", changes.status);
				else next.delete("status");
			}
			const nextPage = changes.page ?? 1;
			if (nextPage > 1) next.set("page", String(nextPage));
			else next.delete("page");
			return next;
		});

	return (
		<section className="space-y-4" aria-labelledby="quote-requests-title">
			<h1 id="quote-requests-title" className="text-2xl font-bold">
				Quote Requests
			</h1>
			<p className="text-base-content/80">
				Customers ask for a price on a quantity, often more than the stock. An
				answer holds until its last day (UTC) and can be changed until the
				customer accepts it; accepting orders at that price and takes the stock
				then.
			</p>
			<SelectField
				label="Status"
				className="max-w-xs"
				value={status}
				onChange={(event) => showList({ status: event.target.value })}
			>
				<option value="">All requests</option>
				{QUOTE_STATUSES.map((value) => (
					<option key={value} value={value}>
						{QUOTE_STATUS_LABELS[value]}
					</option>
				))}
			</SelectField>
			<QueryBoundary
				query={quotes}
				loadingLabel="Loading the quote requests"
				errorTitle="The quote requests could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return <EmptyState message={emptyMessage(status)} />;
					return (
						<PagedTable
							page={data}
							isBusy={quotes.isPlaceholderData}
							caption="Quote requests, newest first"
							columns={QUOTE_REQUEST_COLUMNS}
							pagerLabel="Pages of quote requests"
							onGoTo={(next) => showList({ page: next })}
							renderCells={(quote) => (
								<QuoteRequestCells
									quote={quote}
									onAnswer={setAnswering}
									onDecline={setDeclining}
								/>
							)}
						/>
					);
				}}
			</QueryBoundary>
			<AnswerQuoteDialog
				quote={answering}
				onClose={() => setAnswering(undefined)}
				onAnswer={async (quote, input) => {
					await replies.answer.mutateAsync({ quote, input });
					notify.success(`Answer sent to ${quote.email}`);
					setAnswering(undefined);
				}}
			/>
			<DeclineQuoteDialog
				quote={declining}
				onClose={() => setDeclining(undefined)}
				onDecline={async (quote, input) => {
					await replies.decline.mutateAsync({ quote, input });
					notify.success(`Request of ${quote.email} declined`);
					setDeclining(undefined);
				}}
			/>
		</section>
	);
}
