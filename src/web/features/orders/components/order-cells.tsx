import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import type { TableColumn } from "../../../components/ui/paged-table.tsx";
import { OrderDate } from "./order-date.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { TestPaymentBadge } from "./test-payment-badge.tsx";

/** Manage All Orders' columns, to go with `OrderCells`. */
export const ORDER_COLUMNS: readonly TableColumn[] = [
	{ label: "Customer" },
	{ label: "Tool" },
	{ label: "Quantity" },
	{ label: "Total" },
	{ label: "Ordered" },
	{ label: "Status" },
	{ label: "Transaction ID" },
	{ label: "Actions", isLabelHidden: true },
];

/** One order's cells in Manage All Orders' table, ending with its 'Delete Order'. */
export function OrderCells({
	order,
	onDelete,
}: {
	order: Order;
	onDelete: (order: Order) => void;
}) {
	return (
		<>
			<td>
				<div>{order.email}</div>
				<div className="text-sm text-base-content/70">{order.user_name}</div>
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
			<td className="break-all">
				{order.payment_id ??
					(order.refund_id ? `Payment refunded: ${order.refund_id}` : "—")}
				{order.test_payment && (
					<>
						{" "}
						<TestPaymentBadge />
					</>
				)}
			</td>
			<td>
				<button
					type="button"
					className="btn btn-error btn-outline btn-xs whitespace-nowrap"
					aria-label={`Delete Order of ${order.tool_name} for ${order.email}`}
					onClick={() => onDelete(order)}
				>
					Delete Order
				</button>
			</td>
		</>
	);
}
