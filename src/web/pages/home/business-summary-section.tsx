import type { ReactNode } from "react";
import { shortMonthName } from "../../../shared/calendar.ts";
import { groupThousands } from "../../../shared/money.ts";
import { useReceivingPointCount } from "../../features/receiving-points/receiving-point-count.queries.ts";

const SINCE = new Date(2021, 0, 1);

const ordinalSuffix = (day: number): string => {
	if (day % 100 >= 11 && day % 100 <= 13) return "th";
	return { 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th";
};

/** "Jan 1st 2021" */
export function formatSummaryDate(date: Date): string {
	const month = shortMonthName(date.getMonth());
	const day = date.getDate();
	return `${month} ${day}${ordinalSuffix(day)} ${date.getFullYear()}`;
}

/** The shop's receiving points as counted now; a placeholder of the same height until then. */
function ReceivingPointFigure() {
	const count = useReceivingPointCount();
	if (count.data) return <>{groupThousands(count.data.total)}</>;
	if (count.isError) return <>—</>;
	return (
		<>
			<span aria-hidden="true">…</span>
			<span className="sr-only">Loading</span>
		</>
	);
}

const figures: { label: string; value: ReactNode }[] = [
	{ label: "Total customers", value: "2K" },
	{ label: "Earned Reviews", value: "1.5K+" },
	{ label: "Receiving point", value: <ReceivingPointFigure /> },
];

export function BusinessSummarySection({
	today = new Date(),
}: {
	today?: Date;
}) {
	return (
		<section className="bg-base-200 py-14" aria-labelledby="summary-title">
			<div className="mx-auto max-w-7xl px-4 text-center">
				<h2 id="summary-title" className="text-3xl font-bold">
					Trusted by workshops across the country
				</h2>
				<p className="mt-2 text-base-content/80">
					From {formatSummaryDate(SINCE)} to {formatSummaryDate(today)}
				</p>
				<div className="stats stats-vertical mt-8 w-full bg-base-100 shadow sm:stats-horizontal">
					{figures.map((figure) => (
						<div key={figure.label} className="stat place-items-center">
							<div className="stat-title text-base-content/80">
								{figure.label}
							</div>
							<div className="stat-value text-primary">{figure.value}</div>
						</div>
					))}
				</div>
			</div>
		</section>
	);
}
