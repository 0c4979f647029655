import type { OrderStatus } from "../../../../shared/orders.schemas.ts";

const LOOKS: Record<OrderStatus, { label: string; className: string }> = {
	unpaid: { label: "Unpaid", className: "badge-warning" },
	paid: { label: "Paid", className: "badge-success" },
	shipped: { label: "Shipped", className: "badge-info" },
	ready_for_collection: {
		label: "Ready for collection",
		className: "badge-info",
	},
	delivered: { label: "Delivered", className: "badge-success" },
	collected: { label: "Collected", className: "badge-success" },
	cancelled: { label: "Cancelled", className: "badge-ghost" },
	refunded: { label: "Refunded", className: "badge-ghost" },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
	const { label, className } = LOOKS[status];
	return <span className={`badge ${className}`}>{label}</span>;
}
