import { describe, expect, it } from "vitest";
import {
	localDay,
	longDate,
	mediumDate,
	shortMonthName,
	utcDay,
} from "./calendar.ts";

// One day in each month, and the ends of a year, in both directions from UTC midnight.
const moments = [
	"2026-01-01T00:00:00.000Z",
	"2026-02-28T23:59:59.000Z",
	"2026-03-03T12:00:00.000Z",
	"2026-04-30T06:00:00.000Z",
	"2026-05-09T18:30:00.000Z",
	"2026-06-15T00:00:00.000Z",
	"2026-07-04T09:00:00.000Z",
	"2026-08-05T10:00:00.000Z",
	"2026-09-21T21:00:00.000Z",
	"2026-10-31T23:00:00.000Z",
	"2026-11-26T01:00:00.000Z",
	"2026-12-31T23:59:59.000Z",
].map((iso) => new Date(iso));

describe("dates as the shop writes them", () => {
	it("writes a UTC day as Intl's en-US long date does", () => {
		const intl = new Intl.DateTimeFormat("en-US", {
			dateStyle: "long",
			timeZone: "UTC",
		});
		for (const moment of moments)
			expect(longDate(utcDay(moment))).toBe(intl.format(moment));
	});

	it("writes a reader's local day as Intl's en-US medium date does", () => {
		const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
		for (const moment of moments)
			expect(mediumDate(localDay(moment))).toBe(intl.format(moment));
	});

	it("writes short month names as Intl's en-US short month does", () => {
		for (const moment of moments)
			expect(shortMonthName(moment.getMonth())).toBe(
				moment.toLocaleString("en-US", { month: "short" }),
			);
	});
});
