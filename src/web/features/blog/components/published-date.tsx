import { longDate, utcDay } from "../../../../shared/calendar.ts";

/** "March 3, 2026": the day a post was published, in UTC, as the post's own page writes it. */
export function PublishedDate({ iso }: { iso: string }) {
	return <time dateTime={iso}>{longDate(utcDay(new Date(iso)))}</time>;
}
