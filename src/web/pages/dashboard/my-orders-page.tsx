import { useCallback, useState } from "react";
import { formatCents } from "../../../shared/money.ts";
import type { Order } from "../../../shared/orders.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { PagedGrid } from "../../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { OrderCard } from "../../features/orders/components/order-card.tsx";
import { PaymentDialog } from "../../features/orders/components/payment-dialog.tsx";
import {
	useCancelOrder,
	useMyOrders,
} from "../../features/orders/orders.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

export function MyOrdersPage() {
	usePageTitle("My Orders");
	const orders = useMyOrders();
	const cancelOrder = useCancelOrder();
	const [toCancel, setToCancel] = useState<Order>();
	const [toPay, setToPay] = useState<Order>();
	const closePayment = useCallback(() => setToPay(undefined), []);

	async function cancel() {
		if (!toCancel) return;
		try {
			await cancelOrder.mutateAsync(toCancel.id);
			notify.success("Order cancelled");
		} catch (error) {
			notify.error(`Failed to cancel the order${failureReason(error)}`);
		} finally {
			setToCancel(undefined);
		}
	}

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
													aria-label={`Cancel order of ${order.tool_name}`}
													onClick={() => setToCancel(order)}
												>
													Cancel
												</button>
												<button
													type="button"
													className="btn btn-primary btn-sm"
													aria-label={`Payment for ${order.tool_name}`}
													onClick={() => setToPay(order)}
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
			<ConfirmDialog
				isOpen={toCancel !== undefined}
				title="Cancel this order?"
				message={
					toCancel &&
					`${toCancel.tool_name}, ${toCancel.order_quantity} pieces for ${formatCents(toCancel.total_cents)}: the order is cancelled and its pieces go back into stock.`
				}
				confirmLabel="Cancel order"
				cancelLabel="Keep the order"
				isPending={cancelOrder.isPending}
				onConfirm={() => void cancel()}
				onCancel={() => setToCancel(undefined)}
			/>
			<PaymentDialog order={toPay} onClose={closePayment} />
		</section>
	);
}
