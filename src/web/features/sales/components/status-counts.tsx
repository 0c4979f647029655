import type { OrderStatus } from "../../../../shared/orders.schemas.ts";
import type { SalesReport } from "../../../../shared/sales.schemas.ts";

const STATUS_LABELS: Record<OrderStatus, string> = {
	unpaid: "Unpaid",
	paid: "Paid",
	shipped: "Shipped",
	ready_for_collection: "Ready for collection",
	delivered: "Delivered",
	collected: "Collected",
	cancelled: "Cancelled",
	refunded: "Refunded",
};

/** How many of the orders placed in the period are in each status now, every status listed. */
export function StatusCounts({ report }: { report: SalesReport }) {
	return (
		<table className="table table-sm">
			<caption className="sr-only">
				Orders placed in the period, by the status they have now
			</caption>
			<thead>
				<tr className="text-base-content">
					<th scope="col">Status</th>
					<th scope="col" className="text-right">
						Orders
					</th>
				</tr>
			</thead>
			<tbody>
				{report.orders_by_status.map(({ status, count }) => (
					<tr key={status}>
						<th scope="row" className="font-normal">
							{STATUS_LABELS[status]}
						</th>
						<td className="text-right tabular-nums">{count}</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}
