import { Link, useParams } from "react-router";
import { formatCents } from "../../../shared/money.ts";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { orderTitle } from "../../features/orders/components/order-card.tsx";
import { OrderDetailView } from "../../features/orders/components/order-detail-view.tsx";
import { OrderMissing } from "../../features/orders/components/order-missing.tsx";
import { useUnpaidOrderActions } from "../../features/orders/components/unpaid-order-actions.tsx";
import {
	isOrderMissing,
	useOrderDetail,
} from "../../features/orders/orders.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * One of the customer's orders: its lines, where it goes and how it travels, its invoice and
 * credit notes, its refunds and timeline; an unpaid one is paid or cancelled here too.
 */
export function MyOrderDetailPage() {
	const { orderId = "" } = useParams();
	const order = useOrderDetail(orderId);
	const { askToPay, askToCancel, dialogs } = useUnpaidOrderActions();
	const isMissing = isOrderMissing(order.error);
	usePageTitle(
		isMissing
			? "Order not found"
			: order.data
				? `Order of ${orderTitle(order.data)}`
				: "Your order",
	);

	return (
		<section className="space-y-4" aria-labelledby="my-order-title">
			<Link to="/dashboard/my-orders" className="link link-primary text-sm">
				← My Orders
			</Link>
			<h1 id="my-order-title" className="text-2xl font-bold">
				{isMissing ? "Order not found" : "Your order"}
			</h1>
			{isMissing ? (
				<OrderMissing
					message="None of your orders has this number."
					backTo="/dashboard/my-orders"
					backLabel="Back to My Orders"
				/>
			) : (
				<QueryBoundary
					query={order}
					loadingLabel="Loading your order"
					errorTitle="Your order could not be loaded"
				>
					{(data) => (
						<OrderDetailView
							order={data}
							reader="customer"
							actions={
								data.status === "unpaid" && (
									<div className="flex flex-wrap items-center gap-2">
										<button
											type="button"
											className="btn btn-outline btn-error btn-sm"
											onClick={() => askToCancel(data)}
										>
											Cancel order
										</button>
										<button
											type="button"
											className="btn btn-primary btn-sm"
											onClick={() => askToPay(data)}
										>
											{`Pay ${formatCents(data.total_cents)}`}
										</button>
									</div>
								)
							}
						/>
					)}
				</QueryBoundary>
			)}
			{dialogs}
		</section>
	);
}
