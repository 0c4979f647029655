import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { OrderDate } from "./order-date.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";

/** Manage All Orders' table: one row per order, each with its 'Delete Order'. */
export function OrdersTable({
	orders,
	isStale,
	onDelete,
}: {
	orders: Order[];
	/** The previous list shown while the asked-for one loads. */
	isStale: boolean;
	onDelete: (order: Order) => void;
}) {
	return (
		<div className="overflow-x-auto" aria-busy={isStale}>
			<table className="table">
				<caption className="sr-only">Orders, newest first</caption>
				<thead>
					<tr className="text-base-content">
						<th scope="col">Customer</th>
						<th scope="col">Tool</th>
						<th scope="col">Quantity</th>
						<th scope="col">Total</th>
						<th scope="col">Ordered</th>
						<th scope="col">Status</th>
						<th scope="col">Transaction ID</th>
						<th scope="col">
							<span className="sr-only">Actions</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{orders.map((order) => (
						<tr key={order.id}>
							<td>
								<div>{order.email}</div>
								<div className="text-sm text-base-content/70">
									{order.user_name}
								</div>
							</td>
							<td>{order.tool_name}</td>
							<td>{order.order_quantity}</td>
							<td>{formatCents(order.total_cents)}</td>
							<td>
								<OrderDate iso={order.created_at} />
							</td>
							<td>
								<OrderStatusBadge status={order.status} />
							</td>
							<td className="break-all">{order.payment_id ?? "—"}</td>
							<td>
								<button
									type="button"
									className="btn btn-error btn-outline btn-xs"
									aria-label={`Delete Order of ${order.tool_name} for ${order.email}`}
									onClick={() => onDelete(order)}
								>
									Delete Order
								</button>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
