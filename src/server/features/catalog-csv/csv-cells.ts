import { lazyPackage } from "../../platform/lazy-package.ts";

/** The CSV writer, loaded with the first export: most starts never need it. */
const loadCsvStringify =
	lazyPackage<typeof import("csv-stringify/sync")>("csv-stringify/sync");

/**
 * What a spreadsheet may read as a formula when a cell starts with it (OWASP, CSV injection): a
 * name such as `=HYPERLINK(...)` would run when the file is opened.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet shows as text: one that starts like a formula gets a `'` in front, which
 * spreadsheets take as "text follows" and hide. A cell already starting with `'` and a formula
 * character gets a second one, so `fromSpreadsheetText` gives back exactly what was written.
 */
export function toSpreadsheetText(text: string): string {
	return FORMULA_START.test(text) ||
		(text.startsWith("'") && FORMULA_START.test(text.slice(1)))
		? `'${text}`
		: text;
}

/**
 * A cell as imported: the `'` that `toSpreadsheetText` (or a spreadsheet) put before a formula
 * character is dropped, and only that one, so an export imports back exactly as it was.
 */
export function fromSpreadsheetText(text: string): string {
	return text.startsWith("'") && toSpreadsheetText(text.slice(1)) === text
		? text.slice(1)
		: text;
}

/** A cell of an exported row: text, a number, or nothing. */
export type CsvCell = string | number | null;

/**
 * Rows as CSV text (RFC 4180: CRLF line ends, quotes doubled). Every text cell is quoted and made
 * spreadsheet-safe; numbers are written bare, null as an empty cell.
 */
export function writeCsvRows(rows: readonly (readonly CsvCell[])[]): string {
	if (rows.length === 0) return "";
	return loadCsvStringify().stringify(rows as CsvCell[][], {
		record_delimiter: "windows",
		cast: {
			string: (value) => ({ value: toSpreadsheetText(value), quoted: true }),
		},
	});
}

/** The header line of a CSV file: the column names, as they are. */
export function writeCsvHeader(columns: readonly string[]): string {
	return loadCsvStringify().stringify([[...columns]], {
		record_delimiter: "windows",
	});
}

/** The byte order mark: without it, spreadsheets read the UTF-8 file in a legacy code page and garble accents. */
export const UTF8_BOM = "\uFEFF";
