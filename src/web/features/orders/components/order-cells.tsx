import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import type { TableColumn } from "../../../components/ui/paged-table.tsx";
import {
	adminOrderPath,
	OrderFulfilmentDetails,
	OrderLines,
	orderPieces,
	orderTitle,
} from "./order-card.tsx";
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

/**
 * One order's cells in Manage All Orders' table, ending with 'View order' (its page, where it is
 * shipped and refunded) and 'Delete Order'. An order of several tools lists each line under Tool;
 * where it goes, its purchase-order number and note follow the customer.
 */
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
				<OrderFulfilmentDetails
					order={order}
					isStacked
					className="mt-2 min-w-48"
				/>
			</td>
			<td>
				{order.lines.length > 1 ? (
					<div className="min-w-48">
						<OrderLines order={order} />
					</div>
				) : (
					order.tool_name
				)}
			</td>
			<td>{orderPieces(order)}</td>
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
				<div className="flex flex-col items-start gap-2">
					<Link
						to={adminOrderPath(order.id)}
						className="btn btn-outline btn-xs whitespace-nowrap"
						aria-label={`View order of ${orderTitle(order)} for ${order.email}`}
					>
						View order
					</Link>
					<button
						type="button"
						className="btn btn-error btn-outline btn-xs whitespace-nowrap"
						aria-label={`Delete Order of ${orderTitle(order)} for ${order.email}`}
						onClick={() => onDelete(order)}
					>
						Delete Order
					</button>
				</div>
			</td>
		</>
	);
}
