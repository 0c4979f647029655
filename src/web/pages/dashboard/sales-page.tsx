import { type ReactNode, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import {
	type SalesPeriod,
	SalesPeriodSchema,
	type SalesReport,
} from "../../../shared/sales.schemas.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	PERIOD_LABELS,
	rangeLabel,
} from "../../features/sales/components/bucket-label.ts";
import { LowStockTable } from "../../features/sales/components/low-stock-table.tsx";
import { PeriodSwitch } from "../../features/sales/components/period-switch.tsx";
import { SalesChart } from "../../features/sales/components/sales-chart.tsx";
import { SalesTable } from "../../features/sales/components/sales-table.tsx";
import { SalesTotals } from "../../features/sales/components/sales-totals.tsx";
import { StatusCounts } from "../../features/sales/components/status-counts.tsx";
import { TopToolsTable } from "../../features/sales/components/top-tools-table.tsx";
import {
	todayInUtc,
	useSalesReport,
} from "../../features/sales/sales.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const readPeriod = (value: string | null): SalesPeriod => {
	const parsed = SalesPeriodSchema.safeParse(value);
	return parsed.success ? parsed.data : "day";
};

/** A titled part of the dashboard. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
	const titleId = useId();
	return (
		<section
			aria-labelledby={titleId}
			className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4"
		>
			<h2 id={titleId} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	);
}

function SalesFigures({ report }: { report: SalesReport }) {
	const hasOrders = report.orders > 0 || report.paid_orders > 0;
	return (
		<>
			<p className="text-sm text-base-content/80">
				{`${PERIOD_LABELS[report.period]}: ${rangeLabel(report.from, report.to)}`}
			</p>
			{hasOrders ? (
				<>
					<SalesTotals report={report} />
					<Panel title="Revenue and orders">
						<SalesChart report={report} />
						<details>
							<summary className="cursor-pointer font-medium">
								Show as table
							</summary>
							<SalesTable report={report} />
						</details>
					</Panel>
					<div className="grid gap-6 xl:grid-cols-2">
						<Panel title="Orders by status">
							<StatusCounts report={report} />
						</Panel>
						<Panel title="Best-selling tools">
							<TopToolsTable tools={report.top_tools} />
						</Panel>
					</div>
				</>
			) : (
				<EmptyState
					message={`No order was placed or paid in the ${PERIOD_LABELS[report.period].toLowerCase()}.`}
				/>
			)}
			<Panel title="Running low">
				<LowStockTable lowStock={report.low_stock} />
			</Panel>
		</>
	);
}

/**
 * The admins' landing page: revenue and orders by day, week or month, orders by status, the
 * average order, the best sellers and the tools running low. The figures run to the admin's
 * today (UTC), fixed when the page opens.
 */
export function SalesPage() {
	usePageTitle("Sales");
	const [params, setParams] = useSearchParams();
	const periodInAddress = readPeriod(params.get("period"));
	// The switch shows a choice at once; the address (a navigation, so a transition) follows,
	// and back and forward move the switch with it.
	const [period, setPeriod] = useState(periodInAddress);
	useEffect(() => setPeriod(periodInAddress), [periodInAddress]);
	const [until] = useState(todayInUtc);
	const report = useSalesReport(period, until);

	const showPeriod = (next: SalesPeriod) => {
		setPeriod(next);
		setParams((current) => {
			const changed = new URLSearchParams(current);
			if (next === "day") changed.delete("period");
			else changed.set("period", next);
			return changed;
		});
	};

	return (
		<section className="space-y-6" aria-labelledby="sales-title">
			<div className="space-y-2">
				<h1 id="sales-title" className="text-2xl font-bold">
					Sales
				</h1>
				<p className="text-base-content/80">
					Revenue counts the orders paid in each day, week or month, less what
					was refunded of them; orders placed counts the orders placed in it,
					deleted ones left out. Days run midnight to midnight UTC, weeks Monday
					to Sunday.
				</p>
			</div>
			<PeriodSwitch period={period} onChange={showPeriod} />
			<div aria-busy={report.isPlaceholderData} className="space-y-6">
				<QueryBoundary
					query={report}
					loadingLabel="Loading the sales figures"
					errorTitle="The sales figures could not be loaded"
				>
					{(data) => <SalesFigures report={data} />}
				</QueryBoundary>
			</div>
		</section>
	);
}
