import { formatCents } from "../../../../shared/money.ts";
import type {
	UnpaidHolder,
	UnpaidHolderPage,
} from "../../../../shared/orders.schemas.ts";
import {
	PagedTable,
	type TableColumn,
} from "../../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { usePageParam } from "../../../lib/page-param.ts";
import { useUnpaidHolders } from "../orders.queries.ts";
import { OrderDate } from "./order-date.tsx";

const PAGE_PARAM = "holders_page";

const HOLDER_COLUMNS: readonly TableColumn[] = [
	{ label: "Customer" },
	{ label: "Unpaid orders" },
	{ label: "Pieces held" },
	{ label: "Value held" },
	{ label: "Oldest deadline" },
];

/** A removed account's orders are grouped by their email: that names the row instead. */
function withRowIds(page: UnpaidHolderPage) {
	return {
		...page,
		items: page.items.map((holder) => ({
			...holder,
			id: holder.user_id ?? `email:${holder.email}`,
		})),
	};
}

function HolderCells({ holder }: { holder: UnpaidHolder }) {
	return (
		<>
			<td>
				<div>{holder.email}</div>
				<div className="text-sm text-base-content/70">
					{holder.user_id ? holder.name : `${holder.name} (account removed)`}
				</div>
			</td>
			<td>{holder.unpaid_orders}</td>
			<td>{holder.pieces}</td>
			<td>{formatCents(holder.value_cents)}</td>
			<td>
				{holder.oldest_pay_by ? <OrderDate iso={holder.oldest_pay_by} /> : "—"}
			</td>
		</>
	);
}

/**
 * Manage All Orders' view of who keeps stock out of reach through unpaid orders: per customer,
 * the open unpaid orders, the pieces and value they hold and the first deadline to pay.
 */
export function UnpaidHoldersSection() {
	const [page, goTo] = usePageParam(PAGE_PARAM);
	const holders = useUnpaidHolders(page);

	return (
		<section className="space-y-4 pt-6" aria-labelledby="unpaid-holders-title">
			<h2 id="unpaid-holders-title" className="text-xl font-semibold">
				Unpaid orders by customer
			</h2>
			<QueryBoundary
				query={holders}
				loadingLabel="Loading the unpaid orders by customer"
				errorTitle="The unpaid orders by customer could not be loaded"
			>
				{(data) =>
					data.total === 0 ? (
						<p className="py-4">No customer holds an unpaid order.</p>
					) : (
						<PagedTable
							page={withRowIds(data)}
							isBusy={holders.isPlaceholderData}
							caption="Customers holding unpaid orders, the most pieces first"
							columns={HOLDER_COLUMNS}
							pagerLabel="Pages of unpaid orders by customer"
							onGoTo={goTo}
							renderCells={(holder) => <HolderCells holder={holder} />}
						/>
					)
				}
			</QueryBoundary>
		</section>
	);
}
