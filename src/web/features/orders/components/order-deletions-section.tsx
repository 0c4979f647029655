import { formatCents } from "../../../../shared/money.ts";
import { Pager } from "../../../components/ui/pager.tsx";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { usePageParam } from "../../../lib/page-param.ts";
import { useOrderDeletions } from "../orders.queries.ts";
import { orderSummary } from "./order-card.tsx";
import { OrderDate } from "./order-date.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { TestPaymentBadge } from "./test-payment-badge.tsx";

const PAGE_PARAM = "deletions_page";

/** Manage All Orders' audit trail: who deleted which order when, and what went back into stock. */
export function OrderDeletionsSection() {
	const [page, goTo] = usePageParam(PAGE_PARAM);
	const deletions = useOrderDeletions(page);

	return (
		<section className="space-y-4 pt-6" aria-labelledby="order-deletions-title">
			<h2 id="order-deletions-title" className="text-xl font-semibold">
				Deleted orders
			</h2>
			<QueryBoundary
				query={deletions}
				loadingLabel="Loading the deleted orders"
				errorTitle="The deleted orders could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return <p className="py-4">No order has been deleted.</p>;
					const pageCount = Math.max(1, Math.ceil(data.total / data.page_size));
					return (
						<>
							<ul className="space-y-2" aria-busy={deletions.isPlaceholderData}>
								{data.items.map(({ id, order, ...deletion }) => (
									<li
										key={id}
										className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-box bg-base-200 px-4 py-3 text-sm"
									>
										<span>
											<OrderDate iso={deletion.deleted_at} />
											{` by ${deletion.deleted_by_email}: `}
										</span>
										<span className="font-medium">
											{`${orderSummary(order)} for ${order.email} (${order.user_name}), ${formatCents(order.total_cents)}`}
										</span>
										<OrderStatusBadge status={order.status} />
										{order.test_payment && <TestPaymentBadge />}
										<span>{`restocked ${deletion.restocked} pieces`}</span>
										{deletion.refund_id && (
											<span className="break-all">{`Payment refunded: ${deletion.refund_id}`}</span>
										)}
									</li>
								))}
							</ul>
							<Pager
								label="Pages of deleted orders"
								page={data.page}
								pageCount={pageCount}
								onGoTo={goTo}
							/>
						</>
					);
				}}
			</QueryBoundary>
		</section>
	);
}
