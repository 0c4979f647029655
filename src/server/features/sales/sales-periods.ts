import {
	SALES_PERIOD_COUNTS,
	type SalesPeriod,
} from "../../../shared/sales.schemas.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The days, weeks or months the dashboard shows, ending with the one that holds `until`: the
 * first day of each, and the stored-timestamp bounds of the whole (timestamps are ISO-8601 UTC
 * text, so these compare as text and use the indexes).
 */
export type SalesRange = {
	/** First day of each bucket, oldest first (YYYY-MM-DD). */
	starts: string[];
	/** The first and the last day of the range, both included. */
	from: string;
	to: string;
	/** `from` at midnight UTC, and midnight after `to`: a timestamp is in the range when fromAt <= it < beforeAt. */
	fromAt: string;
	beforeAt: string;
};

function dayOf(date: Date): string {
	return date.toISOString().slice(0, 10);
}

function startOfBucket(period: SalesPeriod, day: Date): Date {
	if (period === "day") return day;
	if (period === "week")
		// getUTCDay: Sunday 0 … Saturday 6; weeks start on Monday.
		return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
	return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
}

/** The start of the bucket `steps` buckets after (or, negative, before) the one starting at `start`. */
function moveBucket(period: SalesPeriod, start: Date, steps: number): Date {
	if (period === "day") return new Date(start.getTime() + steps * DAY_MS);
	if (period === "week") return new Date(start.getTime() + steps * 7 * DAY_MS);
	return new Date(
		Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + steps, 1),
	);
}

/** The last SALES_PERIOD_COUNTS[period] buckets, the last one holding `until` (YYYY-MM-DD, UTC). */
export function salesRangeOf(period: SalesPeriod, until: string): SalesRange {
	const last = startOfBucket(period, new Date(`${until}T00:00:00.000Z`));
	const count = SALES_PERIOD_COUNTS[period];
	const starts = Array.from({ length: count }, (_, index) =>
		moveBucket(period, last, index - count + 1),
	);
	const first = starts[0] ?? last;
	const after = moveBucket(period, last, 1);
	return {
		starts: starts.map(dayOf),
		from: dayOf(first),
		to: dayOf(new Date(after.getTime() - DAY_MS)),
		fromAt: first.toISOString(),
		beforeAt: after.toISOString(),
	};
}

/** Today in UTC, the day the figures run to unless the caller names another. */
export function todayUtc(now = new Date()): string {
	return dayOf(now);
}
