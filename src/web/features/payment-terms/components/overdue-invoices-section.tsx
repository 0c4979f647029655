import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import type { Page } from "../../../../shared/paging.schemas.ts";
import type { OverdueInvoice } from "../../../../shared/payment-terms.schemas.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import {
	PagedTable,
	type TableColumn,
} from "../../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { usePageParam } from "../../../lib/page-param.ts";
import { useOverdueInvoices } from "../payment-terms.queries.ts";

/** Its own page parameter: the approved customers above page with `page`. */
const PAGE_PARAM = "overdue_page";

const OVERDUE_COLUMNS: readonly TableColumn[] = [
	{ label: "Invoice" },
	{ label: "Customer" },
	{ label: "Total" },
	{ label: "Due" },
	{ label: "Overdue" },
	{ label: "Order", isLabelHidden: true },
];

/** The table's rows are named by their order: an order has one invoice. */
function withRowIds(page: Page<OverdueInvoice>) {
	return {
		...page,
		items: page.items.map((invoice) => ({ ...invoice, id: invoice.order_id })),
	};
}

function OverdueCells({ invoice }: { invoice: OverdueInvoice }) {
	const number = invoice.invoice_number ?? "—";
	return (
		<>
			<td className="whitespace-nowrap">{number}</td>
			<td>
				<div>{invoice.user_name}</div>
				<div className="text-sm text-base-content/70">{invoice.email}</div>
			</td>
			<td>{formatCents(invoice.total_cents)}</td>
			<td className="whitespace-nowrap">{formatDay(invoice.due_at)}</td>
			<td className="whitespace-nowrap">
				{invoice.days_overdue === 1 ? "1 day" : `${invoice.days_overdue} days`}
			</td>
			<td>
				<Link
					to={`/dashboard/all-orders/${encodeURIComponent(invoice.order_id)}`}
					className="link link-primary whitespace-nowrap"
				>
					View order
					<span className="sr-only"> of invoice {number}</span>
				</Link>
			</td>
		</>
	);
}

/**
 * Invoices past their due date and not paid, the longest overdue first, each with a link to its
 * order, where its payment is recorded once it arrives. The page is in the address.
 */
export function OverdueInvoicesSection() {
	const [page, goTo] = usePageParam(PAGE_PARAM);
	const overdue = useOverdueInvoices(page);

	return (
		<section className="space-y-4" aria-labelledby="overdue-invoices-title">
			<h2 id="overdue-invoices-title" className="text-xl font-semibold">
				Overdue invoices
			</h2>
			<QueryBoundary
				query={overdue}
				loadingLabel="Loading the overdue invoices"
				errorTitle="The overdue invoices could not be loaded"
			>
				{(invoices) =>
					invoices.total === 0 ? (
						<EmptyState message="No invoice is overdue." />
					) : (
						<PagedTable
							page={withRowIds(invoices)}
							isBusy={overdue.isPlaceholderData}
							caption="Overdue invoices, the longest overdue first"
							columns={OVERDUE_COLUMNS}
							pagerLabel="Pages of overdue invoices"
							onGoTo={goTo}
							renderCells={(row) => <OverdueCells invoice={row} />}
						/>
					)
				}
			</QueryBoundary>
		</section>
	);
}
