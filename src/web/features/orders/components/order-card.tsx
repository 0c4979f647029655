import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { formatDay } from "../../../lib/dates.ts";
import { InvoiceLink } from "./invoice-link.tsx";
import { OrderDate } from "./order-date.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { TestPaymentBadge } from "./test-payment-badge.tsx";

/** "Circular Saw", or for an order of several tools "Circular Saw and 2 more". */
export function orderTitle(order: Order): string {
	const others = order.lines.length - 1;
	return others > 0 ? `${order.tool_name} and ${others} more` : order.tool_name;
}

/** "3 pieces", "1 piece". */
export function formatPieceCount(pieces: number): string {
	return `${pieces} ${pieces === 1 ? "piece" : "pieces"}`;
}

/** The pieces of every line of the order. */
export function orderPieces(order: Order): number {
	return order.lines.length > 0
		? order.lines.reduce((pieces, line) => pieces + line.quantity, 0)
		: order.order_quantity;
}

/**
 * The order in a few words, for sentences about it: "5 × Circular Saw", or for an order of
 * several tools "9 pieces of Circular Saw and 2 more".
 */
export function orderSummary(order: Order): string {
	return order.lines.length > 1
		? `${orderPieces(order)} pieces of ${orderTitle(order)}`
		: `${order.order_quantity} × ${order.tool_name}`;
}

/** Where the customer reads one of their orders in full. */
export function myOrderPath(orderId: string): string {
	return `/dashboard/my-orders/${encodeURIComponent(orderId)}`;
}

/** Where an admin reads and moves on any order. */
export function adminOrderPath(orderId: string): string {
	return `/dashboard/all-orders/${encodeURIComponent(orderId)}`;
}

/**
 * The lines of an order of several tools: each tool, its quantity × unit price and the line's
 * total, as copied when the order was placed.
 */
export function OrderLines({ order }: { order: Order }) {
	return (
		<ul className="divide-y divide-base-300 text-sm" aria-label="Tools ordered">
			{order.lines.map((line) => (
				<li
					key={line.tool_id}
					className="flex items-start justify-between gap-3 py-1.5"
				>
					<span className="min-w-0">
						<span className="block font-medium">{line.tool_name}</span>
						<span className="block text-base-content/80">
							{`${line.quantity} × ${formatCents(line.price_cents)}`}
						</span>
					</span>
					<span className="font-medium">
						{formatCents(line.line_total_cents)}
					</span>
				</li>
			))}
		</ul>
	);
}

/**
 * Where the order goes (the delivery address, or the receiving point with its opening hours) and
 * the customer's purchase-order number and note, when the order has them.
 */
export function OrderFulfilmentDetails({
	order,
	isStacked = false,
	className = "",
}: {
	order: Order;
	/** Each term above its details, for a narrow place (a table cell); side by side otherwise. */
	isStacked?: boolean;
	className?: string;
}) {
	const { fulfilment, purchase_order: purchaseOrder, note } = order;
	// An order placed straight from the purchase page names neither: the shop arranges it.
	if (fulfilment.kind === "none" && !purchaseOrder && !note) return null;
	return (
		<dl
			className={`grid gap-x-4 gap-y-1 text-sm ${isStacked ? "" : "sm:grid-cols-[auto_1fr]"} ${className}`}
		>
			{fulfilment.kind === "delivery" && (
				<>
					<dt className="text-base-content/70">Delivery to</dt>
					<dd className="break-words">
						<span className="block">{fulfilment.address.recipient}</span>
						<span className="block">{fulfilment.address.address}</span>
						<span className="block">
							{[
								fulfilment.address.city,
								fulfilment.address.state,
								fulfilment.address.zip,
							]
								.filter(Boolean)
								.join(", ")}
						</span>
					</dd>
				</>
			)}
			{fulfilment.kind === "collection" && (
				<>
					<dt className="text-base-content/70">Collection at</dt>
					<dd className="break-words">
						<span className="block font-medium">
							{fulfilment.receiving_point.name}
						</span>
						<span className="block whitespace-pre-line">
							{fulfilment.receiving_point.address}
						</span>
						<span className="block">
							{`Opening hours: ${fulfilment.receiving_point.opening_hours}`}
						</span>
					</dd>
				</>
			)}
			{purchaseOrder && (
				<>
					<dt className="text-base-content/70">Purchase order</dt>
					<dd className="break-all">{purchaseOrder}</dd>
				</>
			)}
			{note && (
				<>
					<dt className="text-base-content/70">Note</dt>
					<dd className="whitespace-pre-line break-words">{note}</dd>
				</>
			)}
		</dl>
	);
}

/**
 * One of the customer's orders, as copied when placed: its tracking number once shipped, its
 * invoice and credit notes, and 'View order'; `actions` are its buttons (unpaid).
 */
export function OrderCard({
	order,
	actions,
}: {
	order: Order;
	actions?: ReactNode;
}) {
	const titleId = `order-${order.id}`;
	const hasSeveralLines = order.lines.length > 1;
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
						{orderTitle(order)}
					</h2>
					<OrderStatusBadge status={order.status} />
				</div>
				{hasSeveralLines && <OrderLines order={order} />}
				<dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
					{hasSeveralLines ? (
						<>
							<dt className="text-base-content/70">Pieces</dt>
							<dd className="text-right font-medium">
								{formatPieceCount(orderPieces(order))}
							</dd>
						</>
					) : (
						<>
							<dt className="text-base-content/70">Quantity</dt>
							<dd className="text-right font-medium">
								{formatPieceCount(order.order_quantity)}
							</dd>
							<dt className="text-base-content/70">Unit price</dt>
							<dd className="text-right font-medium">
								{formatCents(order.price_cents)}
							</dd>
						</>
					)}
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
					{order.status === "unpaid" && order.due_at && (
						<>
							<dt className="text-base-content/70">Invoice due</dt>
							<dd className="text-right">{formatDay(order.due_at)}</dd>
						</>
					)}
				</dl>
				<OrderFulfilmentDetails order={order} />
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
				{order.tracking_number && (
					<p className="break-words text-sm">
						{`Tracking number: ${order.tracking_number}`}
						{order.carrier && ` (${order.carrier})`}
					</p>
				)}
				{order.refunded_cents > 0 && (
					<p className="text-sm">{`Refunded ${formatCents(order.refunded_cents)}`}</p>
				)}
				{order.invoices.length > 0 && (
					<ul className="space-y-1 text-sm" aria-label="Documents">
						{order.invoices.map((invoice) => (
							<li key={invoice.id}>
								<InvoiceLink invoice={invoice} />
							</li>
						))}
					</ul>
				)}
				<div className="card-actions mt-auto items-center justify-end pt-2">
					<Link
						to={myOrderPath(order.id)}
						className="btn btn-outline btn-sm"
						aria-label={`View order of ${orderTitle(order)}`}
					>
						View order
					</Link>
					{actions}
				</div>
			</div>
		</article>
	);
}
