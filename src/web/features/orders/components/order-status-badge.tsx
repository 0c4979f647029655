import type { OrderStatus } from "../../../../shared/orders.schemas.ts";

const LOOKS: Record<OrderStatus, { label: string; className: string }> = {
	unpaid: { label: "Unpaid", className: "badge-warning" },
	paid: { label: "Paid", className: "badge-success" },
	cancelled: { label: "Cancelled", className: "badge-ghost" },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
	const { label, className } = LOOKS[status];
	return <span className={`badge ${className}`}>{label}</span>;
}
