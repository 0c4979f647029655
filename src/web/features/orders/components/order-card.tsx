import type { ReactNode } from "react";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { OrderDate } from "./order-date.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { TestPaymentBadge } from "./test-payment-badge.tsx";

/** One of the customer's orders, as copied when placed; `actions` are its buttons (unpaid). */
export function OrderCard({
	order,
	actions,
}: {
	order: Order;
	actions?: ReactNode;
}) {
	const titleId = `order-${order.id}`;
	return (
		<article className="card bg-base-100 shadow-md" aria-labelledby={titleId}>
			<figure className="aspect-[4/3] bg-base-200">
				<img
					src={order.img}
					alt=""
					width={800}
					height={600}
					className="h-full w-full object-cover"
					loading="lazy"
					decoding="async"
				/>
			</figure>
			<div className="card-body gap-3">
				<div className="flex items-start justify-between gap-2">
					<h2 id={titleId} className="card-title text-lg">
						{order.tool_name}
					</h2>
					<OrderStatusBadge status={order.status} />
				</div>
				<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
					<dt className="text-base-content/70">Quantity</dt>
					<dd className="text-right font-medium">
						{order.order_quantity} pieces
					</dd>
					<dt className="text-base-content/70">Unit price</dt>
					<dd className="text-right font-medium">
						{formatCents(order.price_cents)}
					</dd>
					<dt className="text-base-content/70">Total</dt>
					<dd className="text-right text-lg font-bold text-primary">
						{formatCents(order.total_cents)}
					</dd>
					<dt className="text-base-content/70">Ordered</dt>
					<dd className="text-right">
						<OrderDate iso={order.created_at} />
					</dd>
					{order.status === "unpaid" && order.pay_by && (
						<>
							<dt className="text-base-content/70">Pay by</dt>
							<dd className="text-right">
								<OrderDate iso={order.pay_by} />
							</dd>
						</>
					)}
				</dl>
				{order.payment_id && (
					<div className="flex flex-wrap items-center gap-2 text-sm">
						<p className="break-all">{`Transaction ID: ${order.payment_id}`}</p>
						{order.test_payment && <TestPaymentBadge />}
					</div>
				)}
				{order.refund_id && (
					<p className="break-all text-sm">
						{`Payment refunded: ${order.refund_id}`}
					</p>
				)}
				{actions && (
					<div className="card-actions mt-auto justify-end pt-2">{actions}</div>
				)}
			</div>
		</article>
	);
}
