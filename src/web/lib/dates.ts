import { longDate, utcDay } from "../../shared/calendar.ts";

/**
 * A calendar day as people read it, "December 26, 2026": due dates and validity dates, which are
 * days (kept at UTC), not moments, so every reader sees the same day.
 */
export function formatDay(iso: string): string {
	return longDate(utcDay(new Date(iso)));
}
