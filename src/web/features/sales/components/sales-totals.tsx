import { formatCents } from "../../../../shared/money.ts";
import type { SalesReport } from "../../../../shared/sales.schemas.ts";

/** The period's four headline figures, each with what it counts. */
export function SalesTotals({ report }: { report: SalesReport }) {
	const figures = [
		{
			title: "Revenue",
			value: formatCents(report.revenue_cents),
			description: "Paid in the period, less refunds",
		},
		{
			title: "Paid orders",
			value: String(report.paid_orders),
			description: "Paid in the period",
		},
		{
			title: "Orders placed",
			value: String(report.orders),
			description: "Placed in the period, not deleted",
		},
		{
			title: "Average order value",
			value:
				report.average_order_cents === null
					? "—"
					: formatCents(report.average_order_cents),
			description: "Revenue per paid order",
		},
	];
	return (
		<dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
			{figures.map((figure) => (
				<div
					key={figure.title}
					className="flex flex-col rounded-box border border-base-300 bg-base-100 p-4"
				>
					<dt className="text-sm text-base-content/80">{figure.title}</dt>
					<dd className="text-xl font-bold tabular-nums sm:text-2xl">
						{figure.value}
					</dd>
					<dd className="text-sm text-base-content/80">{figure.description}</dd>
				</div>
			))}
		</dl>
	);
}
