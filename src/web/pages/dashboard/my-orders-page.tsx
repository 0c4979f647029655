import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	OrderCard,
	orderTitle,
} from "../../features/orders/components/order-card.tsx";
import { useUnpaidOrderActions } from "../../features/orders/components/unpaid-order-actions.tsx";
import { useMyOrders } from "../../features/orders/orders.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";

export function MyOrdersPage() {
	usePageTitle("My Orders");
	const orders = useMyOrders();
	const { askToPay, askToCancel, dialogs } = useUnpaidOrderActions();

	return (
		<section className="space-y-4" aria-labelledby="my-orders-title">
			<h1 id="my-orders-title" className="text-2xl font-bold">
				My Orders
			</h1>
			<QueryBoundary
				query={orders}
				loadingLabel="Loading your orders"
				errorTitle="Your orders could not be loaded"
			>
				{() =>
					orders.items.length === 0 ? (
						<div className="py-8 text-center">
							<p className="mb-4 text-lg">Please Order First!</p>
							{/* A full load: the home page then scrolls to its tools by itself. */}
							<a href="/#latest-tools" className="btn btn-primary">
								Browse the tools
							</a>
						</div>
					) : (
						<PagedGrid
							query={orders}
							layout="grid"
							emptyMessage="Please Order First!"
							showMoreLabel="Show more orders"
							renderItem={(order) => (
								<OrderCard
									order={order}
									actions={
										order.status === "unpaid" && (
											<>
												<button
													type="button"
													className="btn btn-outline btn-error btn-sm"
													aria-label={`Cancel order of ${orderTitle(order)}`}
													onClick={() => askToCancel(order)}
												>
													Cancel
												</button>
												<button
													type="button"
													className="btn btn-primary btn-sm"
													aria-label={`Payment for ${orderTitle(order)}`}
													onClick={() => askToPay(order)}
												>
													Payment
												</button>
											</>
										)
									}
								/>
							)}
						/>
					)
				}
			</QueryBoundary>
			{dialogs}
		</section>
	);
}
