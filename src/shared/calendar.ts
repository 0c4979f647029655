/**
 * Dates written out in US English without Intl. Intl's date formatter loads locale data the first
 * time any code in the process or the page uses it: about 5 MB paged into the server, and about
 * 100 ms of the home page's main thread on a desktop processor, more on a phone
 * (docs/decisions/018-start-up-and-memory.md).
 * Each function takes the calendar day it writes as the caller chose it: in UTC for days that
 * are the same for every reader (due dates, publication days), in the reader's time zone for
 * moments (when a review was written).
 */

const MONTHS = [
	"January",
	"February",
	"March",
	"April",
	"May",
	"June",
	"July",
	"August",
	"September",
	"October",
	"November",
	"December",
] as const;

/** A calendar day: the year, the month from 0 (January) to 11, and the day of the month. */
export type CalendarDay = { year: number; month: number; day: number };

/** The day a moment falls on in UTC. */
export function utcDay(date: Date): CalendarDay {
	return {
		year: date.getUTCFullYear(),
		month: date.getUTCMonth(),
		day: date.getUTCDate(),
	};
}

/** The day a moment falls on in the time zone of whoever runs the code. */
export function localDay(date: Date): CalendarDay {
	return {
		year: date.getFullYear(),
		month: date.getMonth(),
		day: date.getDate(),
	};
}

/** "March" */
export function monthName(month: number): string {
	return MONTHS[month] ?? "";
}

/** "Mar" (Intl's en-US short month: the first three letters) */
export function shortMonthName(month: number): string {
	return monthName(month).slice(0, 3);
}

/** "March 3, 2026", as Intl's en-US dateStyle "long". */
export function longDate({ year, month, day }: CalendarDay): string {
	return `${monthName(month)} ${day}, ${year}`;
}

/** "Mar 3, 2026", as Intl's en-US dateStyle "medium". */
export function mediumDate({ year, month, day }: CalendarDay): string {
	return `${shortMonthName(month)} ${day}, ${year}`;
}
