import type { ReactNode } from "react";
import type { OrderDetail } from "../../../../shared/orders.schemas.ts";
import { formatPieceCount, orderPieces, orderTitle } from "./order-card.tsx";
import {
	DisputeNotice,
	deliveryTitle,
	OrderDelivery,
	OrderDocuments,
	OrderFacts,
	OrderLinesTable,
	OrderRefunds,
	OrderSection,
} from "./order-detail-sections.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { OrderTimeline, type TimelineReader } from "./order-timeline.tsx";

/**
 * One order's page, for its customer or an admin: what was ordered, where it goes and how it
 * travels, its documents, refunds and timeline. `actions` are what the reader can do now (pay
 * or cancel; ship, refund…); `customer` adds the customer's facts for the admins.
 */
export function OrderDetailView({
	order,
	reader,
	actions,
	customer,
}: {
	order: OrderDetail;
	reader: TimelineReader;
	actions?: ReactNode;
	customer?: ReactNode;
}) {
	return (
		<div className="space-y-4">
			<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
				<p className="text-lg font-semibold">{orderTitle(order)}</p>
				<OrderStatusBadge status={order.status} />
				<p className="w-full text-sm text-base-content/80">
					{`${formatPieceCount(orderPieces(order))} in ${order.lines.length} ${order.lines.length === 1 ? "line" : "lines"}`}
				</p>
			</div>
			<DisputeNotice order={order} />
			{actions}
			<div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				<div className="space-y-4">
					<OrderSection title="Tools">
						<OrderLinesTable order={order} />
					</OrderSection>
					<OrderSection title="Timeline">
						<OrderTimeline events={order.events} reader={reader} />
					</OrderSection>
				</div>
				<div className="space-y-4">
					<OrderSection title="Order">
						<OrderFacts order={order}>{customer}</OrderFacts>
					</OrderSection>
					<OrderSection title={deliveryTitle(order)}>
						<OrderDelivery order={order} />
					</OrderSection>
					<OrderSection title="Documents">
						<OrderDocuments order={order} />
					</OrderSection>
					{order.refunds.length > 0 && (
						<OrderSection title="Refunds">
							<OrderRefunds order={order} />
						</OrderSection>
					)}
				</div>
			</div>
		</div>
	);
}
