import {
	BarController,
	BarElement,
	CategoryScale,
	Chart,
	Legend,
	LinearScale,
	LineController,
	LineElement,
	PointElement,
	Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { formatCents } from "../../../../shared/money.ts";
import type {
	SalesPeriod,
	SalesReport,
} from "../../../../shared/sales.schemas.ts";
import { bucketLabel, PERIOD_LABELS, rangeLabel } from "./bucket-label.ts";

// Only the pieces this chart draws, so the rest of Chart.js stays out of the page's download.
Chart.register(
	BarController,
	BarElement,
	LineController,
	LineElement,
	PointElement,
	CategoryScale,
	LinearScale,
	Tooltip,
	Legend,
);

// The theme's primary and info colours (src/web/styles.css) as sRGB: a canvas is painted, not styled.
const REVENUE_COLOUR = "#933d08";
const ORDERS_COLOUR = "#006aaa";
const TEXT_COLOUR = "#192230";
const GRID_COLOUR = "#d9dde3";

/** What the chart shows, in words: its text alternative (the table under it has every figure). */
export function describeChart(report: SalesReport): string {
	const best = report.buckets.reduce(
		(top, bucket) => (bucket.revenue_cents > top.revenue_cents ? bucket : top),
		report.buckets[0] ?? { start: report.from, revenue_cents: 0 },
	);
	const peak =
		best.revenue_cents > 0
			? `, the most in ${bucketLabel(report.period, best.start)} (${formatCents(best.revenue_cents)})`
			: "";
	return `Chart of revenue (bars) and orders placed (line) by ${report.period}, ${PERIOD_LABELS[report.period].toLowerCase()}, ${rangeLabel(report.from, report.to)}: ${formatCents(report.revenue_cents)} of revenue in all${peak}; ${report.orders} ${report.orders === 1 ? "order" : "orders"} placed.`;
}

function chartData(period: SalesPeriod, buckets: SalesReport["buckets"]) {
	return {
		labels: buckets.map((bucket) => bucketLabel(period, bucket.start)),
		datasets: [
			{
				type: "bar" as const,
				label: "Revenue",
				data: buckets.map((bucket) => bucket.revenue_cents / 100),
				backgroundColor: REVENUE_COLOUR,
				yAxisID: "revenue",
				order: 2,
			},
			{
				type: "line" as const,
				label: "Orders placed",
				data: buckets.map((bucket) => bucket.orders),
				borderColor: ORDERS_COLOUR,
				backgroundColor: ORDERS_COLOUR,
				borderWidth: 2,
				pointRadius: 2,
				yAxisID: "orders",
				order: 1,
			},
		],
	};
}

/**
 * Revenue as bars and orders placed as a line, per day, week or month. The canvas is an image
 * named by `describeChart`; the same figures are in the table beside it. Drawn without
 * animation: the figures are read, not watched.
 */
export function SalesChart({ report }: { report: SalesReport }) {
	const canvasRef = useRef<HTMLCanvasElement>(null);
	const { period, buckets } = report;

	useEffect(() => {
		const canvas = canvasRef.current;
		const context = canvas?.getContext("2d");
		// Without a 2D context (a test's DOM) there is nothing to draw on; the table still has it all.
		if (!canvas || !context) return;
		// The page's own typeface, which a canvas does not inherit.
		const font = { family: getComputedStyle(canvas).fontFamily, size: 12 };
		const chart = new Chart(context, {
			type: "bar",
			data: chartData(period, buckets),
			options: {
				animation: false,
				maintainAspectRatio: false,
				interaction: { mode: "index", intersect: false },
				color: TEXT_COLOUR,
				plugins: {
					legend: {
						position: "bottom",
						// Revenue first, as in the table, though the line is drawn over the bars.
						labels: {
							font,
							sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
						},
					},
					tooltip: {
						callbacks: {
							label: (item) =>
								item.dataset.label === "Revenue"
									? `Revenue: ${formatCents(Math.round((item.parsed.y ?? 0) * 100))}`
									: `Orders placed: ${item.parsed.y ?? 0}`,
						},
					},
				},
				scales: {
					x: {
						ticks: {
							color: TEXT_COLOUR,
							font,
							maxRotation: 0,
							autoSkipPadding: 8,
						},
						grid: { display: false },
					},
					revenue: {
						type: "linear",
						position: "left",
						beginAtZero: true,
						ticks: {
							color: TEXT_COLOUR,
							font,
							callback: (value) => formatCents(Number(value) * 100),
						},
						grid: { color: GRID_COLOUR },
					},
					orders: {
						type: "linear",
						position: "right",
						beginAtZero: true,
						ticks: { color: TEXT_COLOUR, font, precision: 0 },
						grid: { display: false },
					},
				},
			},
		});
		return () => chart.destroy();
	}, [period, buckets]);

	return (
		<div className="relative h-72 w-full">
			<canvas ref={canvasRef} role="img" aria-label={describeChart(report)}>
				{describeChart(report)}
			</canvas>
		</div>
	);
}
