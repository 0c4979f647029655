import type { SalesPeriod } from "../../../../shared/sales.schemas.ts";

// The dashboard's days are UTC days: they are named in UTC too, whatever the reader's time zone.
const shortDay = new Intl.DateTimeFormat("en-US", {
	month: "short",
	day: "numeric",
	timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("en-US", {
	month: "short",
	day: "numeric",
	year: "numeric",
	timeZone: "UTC",
});
const month = new Intl.DateTimeFormat("en-US", {
	month: "short",
	year: "numeric",
	timeZone: "UTC",
});

const atMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** What the period switch offers, and how the page names the range shown. */
export const PERIOD_LABELS: Record<SalesPeriod, string> = {
	day: "Last 30 days",
	week: "Last 12 weeks",
	month: "Last 12 months",
};

/** A bucket by its first day: "Nov 24" for a day, "Week of Nov 23" for a week, "Nov 2026" for a month. */
export function bucketLabel(period: SalesPeriod, start: string): string {
	const date = atMidnight(start);
	if (period === "month") return month.format(date);
	if (period === "week") return `Week of ${shortDay.format(date)}`;
	return shortDay.format(date);
}

/** "Oct 27, 2026 – Nov 25, 2026": the first and last day of the figures. */
export function rangeLabel(from: string, to: string): string {
	return `${longDay.format(atMidnight(from))} – ${longDay.format(atMidnight(to))}`;
}
