import { type ReactNode, useId } from "react";
import { formatCents } from "../../../../shared/money.ts";
import type {
	Order,
	OrderDetail,
	OrderRefund,
} from "../../../../shared/orders.schemas.ts";
import { formatDay } from "../../../lib/dates.ts";
import { InvoiceLink } from "./invoice-link.tsx";
import { OrderFulfilmentDetails } from "./order-card.tsx";
import { OrderDate } from "./order-date.tsx";
import { TestPaymentBadge } from "./test-payment-badge.tsx";

/** One titled block of an order's page. */
export function OrderSection({
	title,
	children,
	className = "",
}: {
	title: string;
	children: ReactNode;
	className?: string;
}) {
	const titleId = useId();
	return (
		<section
			className={`space-y-3 rounded-box border border-base-300 p-3 sm:p-4 ${className}`}
			aria-labelledby={titleId}
		>
			<h2 id={titleId} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	);
}

/**
 * Every line of the order as copied when it was placed: the tool, its pieces, unit price and line
 * total, and the pieces refunded so far; then the order's total and what has been given back.
 * On a phone the unit price goes under the tool's name, so the table fits without scrolling.
 */
export function OrderLinesTable({ order }: { order: Order }) {
	return (
		<div className="overflow-x-auto">
			<table className="table table-sm">
				<caption className="sr-only">Tools ordered</caption>
				<thead>
					<tr className="text-base-content">
						<th scope="col">Tool</th>
						<th scope="col" className="text-right">
							Pieces
						</th>
						<th scope="col" className="hidden text-right sm:table-cell">
							Unit price
						</th>
						<th scope="col" className="text-right">
							Line total
						</th>
						<th scope="col" className="text-right">
							Refunded
						</th>
					</tr>
				</thead>
				<tbody>
					{order.lines.map((line) => (
						<tr key={line.tool_id}>
							<th scope="row" className="font-medium">
								{line.tool_name}
								<span className="block font-normal text-base-content/80 sm:hidden">
									{`${formatCents(line.price_cents)} each`}
								</span>
							</th>
							<td className="text-right">{line.quantity}</td>
							<td className="hidden text-right sm:table-cell">
								{formatCents(line.price_cents)}
							</td>
							<td className="text-right">
								{formatCents(line.line_total_cents)}
							</td>
							<td className="text-right">
								{line.refunded_quantity > 0 ? line.refunded_quantity : "—"}
							</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					<tr className="text-base text-base-content">
						<th scope="row" colSpan={2}>
							Total
						</th>
						<td className="hidden sm:table-cell" />
						<td className="text-right font-bold text-primary">
							{formatCents(order.total_cents)}
						</td>
						<td />
					</tr>
					{order.refunded_cents > 0 && (
						<tr className="text-base-content">
							<th scope="row" colSpan={2}>
								Refunded
							</th>
							<td className="hidden sm:table-cell" />
							<td className="text-right font-semibold">
								{`−${formatCents(order.refunded_cents)}`}
							</td>
							<td />
						</tr>
					)}
				</tfoot>
			</table>
		</div>
	);
}

/**
 * Where the goods go (an address, or a receiving point with its hours; "to be arranged" for an
 * order placed from the purchase page), the customer's references, and how it travels once it
 * has left: the carrier and tracking number, or when it was made ready, and when it arrived.
 */
export function OrderDelivery({ order }: { order: Order }) {
	const isCollection = order.fulfilment.kind === "collection";
	return (
		<div className="space-y-3">
			{order.fulfilment.kind === "none" && (
				<p className="text-sm">To be arranged with the shop.</p>
			)}
			<OrderFulfilmentDetails order={order} isStacked />
			{(order.tracking_number || order.ready_at || order.completed_at) && (
				<dl className="grid gap-x-4 gap-y-1 border-t border-base-300 pt-3 text-sm">
					{order.carrier && (
						<>
							<dt className="text-base-content/70">Carrier</dt>
							<dd>{order.carrier}</dd>
						</>
					)}
					{order.tracking_number && (
						<>
							<dt className="text-base-content/70">Tracking number</dt>
							<dd className="break-all font-mono">{order.tracking_number}</dd>
						</>
					)}
					{order.shipped_at && (
						<>
							<dt className="text-base-content/70">Shipped</dt>
							<dd>
								<OrderDate iso={order.shipped_at} />
							</dd>
						</>
					)}
					{order.ready_at && (
						<>
							<dt className="text-base-content/70">Ready for collection</dt>
							<dd>
								<OrderDate iso={order.ready_at} />
							</dd>
						</>
					)}
					{order.completed_at && (
						<>
							<dt className="text-base-content/70">
								{isCollection ? "Collected" : "Delivered"}
							</dt>
							<dd>
								<OrderDate iso={order.completed_at} />
							</dd>
						</>
					)}
				</dl>
			)}
		</div>
	);
}

/** The title Delivery takes for each way the goods go. */
export function deliveryTitle(order: Order): string {
	if (order.fulfilment.kind === "collection") return "Collection";
	return "Delivery";
}

/**
 * A dispute of the payment: while open, the goods stay at the shop (the server refuses to ship
 * them); once closed, which way it went.
 */
export function DisputeNotice({ order }: { order: Order }) {
	if (order.dispute_status === "open")
		return (
			<p role="status" className="alert alert-warning">
				The payment of this order is disputed: its shipment is held until the
				dispute is closed.
			</p>
		);
	if (order.dispute_status === "won")
		return (
			<p className="alert alert-info alert-soft">
				A dispute of this payment was closed in the shop's favour.
			</p>
		);
	if (order.dispute_status === "lost")
		return (
			<p className="alert alert-info alert-soft">
				A dispute of this payment was closed in the card holder's favour.
			</p>
		);
	return null;
}

/** The order's invoice (once paid) and a credit note per refund, each to download. */
export function OrderDocuments({ order }: { order: Order }) {
	if (order.invoices.length === 0)
		return (
			<p className="text-sm">
				{order.status === "unpaid"
					? "The invoice is issued once the order is paid."
					: "No invoice was issued for this order."}
			</p>
		);
	return (
		<ul className="space-y-2 text-sm">
			{order.invoices.map((invoice) => (
				<li key={invoice.id} className="flex flex-col">
					<InvoiceLink invoice={invoice} />
					<span className="text-base-content/80">
						<OrderDate iso={invoice.issued_at} />
						{`, ${invoice.kind === "credit_note" ? "gives back" : "bills"} ${formatCents(invoice.total_cents)}`}
					</span>
				</li>
			))}
		</ul>
	);
}

const REFUND_LOOKS: Record<
	OrderRefund["status"],
	{ label: string; className: string }
> = {
	pending: { label: "Pending", className: "badge-warning" },
	succeeded: { label: "Succeeded", className: "badge-success" },
	failed: { label: "Failed", className: "badge-error" },
};

/** What a refund gave back, by line: "2 × Circular Saw, 1 × Hex Key Set". */
function refundedPieces(order: Order, refund: OrderRefund): string {
	if (refund.lines.length === 0)
		return "An amount refunded at the payment provider";
	return refund.lines
		.map((refunded) => {
			const line = order.lines.find(
				(each) => each.tool_id === refunded.tool_id,
			);
			return `${refunded.quantity} × ${line?.tool_name ?? "a tool"}`;
		})
		.join(", ");
}

/** Each refund of the order, oldest first: its amount, state, pieces, reason and date. */
export function OrderRefunds({ order }: { order: OrderDetail }) {
	return (
		<ul className="space-y-3 text-sm">
			{order.refunds.map((refund) => {
				const looks = REFUND_LOOKS[refund.status];
				return (
					<li key={refund.id} className="space-y-1">
						<div className="flex flex-wrap items-center gap-2">
							<span className="font-semibold">
								{formatCents(refund.amount_cents)}
							</span>
							<span className={`badge badge-sm ${looks.className}`}>
								{looks.label}
							</span>
						</div>
						<p>{refundedPieces(order, refund)}</p>
						<p className="break-words text-base-content/80">
							{`Reason: ${refund.reason}`}
						</p>
						<p className="text-base-content/80">
							<OrderDate iso={refund.created_at} />
						</p>
					</li>
				);
			})}
		</ul>
	);
}

/**
 * The order's own facts: its number, when it was placed and paid (or is to be paid by), the
 * payment's transaction id, and a payment given back after a cancellation.
 */
export function OrderFacts({
	order,
	children,
}: {
	order: Order;
	/** More facts, as <dt>/<dd> pairs (the customer, for the admins). */
	children?: ReactNode;
}) {
	return (
		<dl className="grid gap-x-4 gap-y-1 text-sm">
			<dt className="text-base-content/70">Order number</dt>
			<dd className="break-all font-mono">{order.id}</dd>
			{children}
			<dt className="text-base-content/70">Placed</dt>
			<dd>
				<OrderDate iso={order.created_at} />
			</dd>
			{order.status === "unpaid" && order.pay_by && (
				<>
					<dt className="text-base-content/70">Pay by</dt>
					<dd>
						<OrderDate iso={order.pay_by} />
					</dd>
				</>
			)}
			{order.payment_method === "invoice" && (
				<>
					<dt className="text-base-content/70">Payment</dt>
					<dd>
						{order.due_at && order.status === "unpaid"
							? `By invoice, due ${formatDay(order.due_at)}`
							: "By invoice"}
					</dd>
				</>
			)}
			{order.paid_at && (
				<>
					<dt className="text-base-content/70">Paid</dt>
					<dd>
						<OrderDate iso={order.paid_at} />
					</dd>
				</>
			)}
			{order.cancelled_at && (
				<>
					<dt className="text-base-content/70">Cancelled</dt>
					<dd>
						<OrderDate iso={order.cancelled_at} />
					</dd>
				</>
			)}
			{order.payment_id && (
				<>
					<dt className="text-base-content/70">Transaction ID</dt>
					<dd className="flex flex-wrap items-center gap-2">
						<span className="break-all">{order.payment_id}</span>
						{order.test_payment && <TestPaymentBadge />}
					</dd>
				</>
			)}
			{order.refund_id && (
				<>
					<dt className="text-base-content/70">Payment refunded</dt>
					<dd className="break-all">{order.refund_id}</dd>
				</>
			)}
		</dl>
	);
}
