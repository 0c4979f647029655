import { Link, useParams } from "react-router";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { AdminOrderActions } from "../../features/orders/components/admin-order-actions.tsx";
import { orderTitle } from "../../features/orders/components/order-card.tsx";
import { OrderDetailView } from "../../features/orders/components/order-detail-view.tsx";
import { OrderMissing } from "../../features/orders/components/order-missing.tsx";
import {
	isOrderMissing,
	useAdminOrderDetail,
} from "../../features/orders/orders.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * Any order, for the admins: the customer's facts, the timeline naming the admin of each step,
 * and the steps the order can take now (ship or make ready, delivered or collected, refund).
 */
export function AdminOrderDetailPage() {
	const { orderId = "" } = useParams();
	const order = useAdminOrderDetail(orderId);
	const isMissing = isOrderMissing(order.error);
	usePageTitle(
		isMissing
			? "Order not found"
			: order.data
				? `Order of ${orderTitle(order.data)} for ${order.data.email}`
				: "Manage order",
	);

	return (
		<section className="space-y-4" aria-labelledby="admin-order-title">
			<Link to="/dashboard/all-order" className="link link-primary text-sm">
				← Manage All Orders
			</Link>
			<h1 id="admin-order-title" className="text-2xl font-bold">
				{isMissing ? "Order not found" : "Manage order"}
			</h1>
			{isMissing ? (
				<OrderMissing
					message="No order has this number: it may have been deleted."
					backTo="/dashboard/all-order"
					backLabel="Back to Manage All Orders"
				/>
			) : (
				<QueryBoundary
					query={order}
					loadingLabel="Loading the order"
					errorTitle="The order could not be loaded"
				>
					{(data) => (
						<OrderDetailView
							order={data}
							reader="admin"
							actions={<AdminOrderActions order={data} />}
							customer={
								<>
									<dt className="text-base-content/70">Customer</dt>
									<dd className="break-words">
										<span className="block">{data.user_name}</span>
										<span className="block break-all">{data.email}</span>
									</dd>
								</>
							}
						/>
					)}
				</QueryBoundary>
			)}
		</section>
	);
}
