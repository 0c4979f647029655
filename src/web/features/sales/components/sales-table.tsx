import { formatCents } from "../../../../shared/money.ts";
import type { SalesReport } from "../../../../shared/sales.schemas.ts";
import { bucketLabel, rangeLabel } from "./bucket-label.ts";

const PERIOD_HEADINGS = { day: "Day", week: "Week", month: "Month" } as const;

/** The chart's figures as a table, one row per day, week or month, with the totals under them. */
export function SalesTable({ report }: { report: SalesReport }) {
	return (
		<div className="overflow-x-auto">
			<table className="table table-sm [&_thead]:whitespace-normal max-sm:[&_td]:px-2 max-sm:[&_th]:px-2">
				<caption className="py-2 text-left text-sm text-base-content/80">
					{`Revenue and orders by ${report.period}, ${rangeLabel(report.from, report.to)} (UTC)`}
				</caption>
				<thead>
					<tr className="text-base-content">
						<th scope="col">{PERIOD_HEADINGS[report.period]}</th>
						<th scope="col" className="text-right">
							Revenue
						</th>
						<th scope="col" className="text-right">
							Paid orders
						</th>
						<th scope="col" className="text-right">
							Orders placed
						</th>
					</tr>
				</thead>
				<tbody>
					{report.buckets.map((bucket) => (
						<tr key={bucket.start}>
							<th scope="row" className="font-normal">
								<time dateTime={bucket.start}>
									{bucketLabel(report.period, bucket.start)}
								</time>
							</th>
							<td className="text-right tabular-nums">
								{formatCents(bucket.revenue_cents)}
							</td>
							<td className="text-right tabular-nums">{bucket.paid_orders}</td>
							<td className="text-right tabular-nums">{bucket.orders}</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					<tr className="text-base-content">
						<th scope="row">Total</th>
						<td className="text-right tabular-nums">
							{formatCents(report.revenue_cents)}
						</td>
						<td className="text-right tabular-nums">{report.paid_orders}</td>
						<td className="text-right tabular-nums">{report.orders}</td>
					</tr>
				</tfoot>
			</table>
		</div>
	);
}
