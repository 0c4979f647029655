import type { Info } from "csv-parse/sync";
import {
	IMPORT_MAX_ROWS,
	REQUIRED_TOOL_CSV_COLUMNS,
	TOOL_CSV_COLUMNS,
	type ToolCsvColumn,
} from "../../../shared/catalog-csv.schemas.ts";
import { groupThousands } from "../../../shared/money.ts";
import { AppError, ValidationError } from "../../platform/http/errors.ts";
import { lazyPackage } from "../../platform/lazy-package.ts";
import { fromSpreadsheetText } from "./csv-cells.ts";

/** The CSV reader, loaded with the first import of a file, not when the server starts. */
const loadCsvParse =
	lazyPackage<typeof import("csv-parse/sync")>("csv-parse/sync");

/** A file over the import's size or row limit: a 413 that says which. */
export class ImportTooLargeError extends AppError {
	constructor(message: string) {
		super(413, "PAYLOAD_TOO_LARGE", message);
	}
}

/** One row of the file: the CSV line it starts on (the header is line 1) and its cells by column. */
export type ToolCsvRow = {
	line: number;
	cells: Partial<Record<ToolCsvColumn, string>>;
	/** Set when the row cannot be read cell by cell (it has more or fewer cells than the header). */
	problem?: string;
};

export type ToolsCsv = {
	/** The columns the header names. */
	columns: ReadonlySet<ToolCsvColumn>;
	rows: ToolCsvRow[];
};

const COLUMN_LIST = TOOL_CSV_COLUMNS.join(", ");

/** The parser's refusals, in the words of someone fixing the file in a spreadsheet. */
const PARSE_PROBLEMS: Record<string, string> = {
	CSV_QUOTE_NOT_CLOSED:
		'a quoted cell starts here and is never closed: a quote (") is missing',
	CSV_INVALID_CLOSING_QUOTE:
		'a quoted cell is followed by more text: inside a quoted cell, write a quote as two ("")',
	INVALID_OPENING_QUOTE:
		'a cell has a quote (") in it but does not start with one: quote the whole cell and write the quote as two ("")',
};

/**
 * The byte offsets at which each line ends (after "\r\n", "\n" or a lone "\r"), so the line of any
 * offset is one more than the number of line ends before it.
 */
function findLineEnds(bytes: Buffer): number[] {
	const ends: number[] = [];
	for (let index = 0; index < bytes.length; index++) {
		const byte = bytes[index];
		if (byte === 0x0a) ends.push(index + 1);
		else if (byte === 0x0d && bytes[index + 1] !== 0x0a) ends.push(index + 1);
	}
	return ends;
}

/** The line a record starts on, given where the one before it ended: blank lines between are skipped. */
function lineOfRecordAfter(
	bytes: Buffer,
	lineEnds: readonly number[],
	previousEnd: number,
): number {
	let start = previousEnd;
	while (bytes[start] === 0x0a || bytes[start] === 0x0d) start++;
	let low = 0;
	let high = lineEnds.length;
	while (low < high) {
		const middle = (low + high) >> 1;
		if ((lineEnds[middle] ?? 0) <= start) low = middle + 1;
		else high = middle;
	}
	return low + 1;
}

function decodeUtf8(file: Buffer): string {
	let text: string;
	try {
		// fatal: a file in another encoding is refused rather than read with � in its names.
		text = new TextDecoder("utf-8", { fatal: true }).decode(file);
	} catch {
		throw new ValidationError(
			'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
		);
	}
	// No text field takes a NUL (PostgreSQL cannot store one): a file with one is not text.
	const nul = text.indexOf("\u0000");
	if (nul >= 0) {
		const line = text.slice(0, nul).split(/\r\n|\n|\r/).length;
		throw new ValidationError(
			`Line ${line}: the file has a NUL character, so it is not a text file.`,
		);
	}
	return text;
}

function readHeader(names: readonly string[]): ToolCsvColumn[] {
	const normalized = names.map((name) => name.trim().toLowerCase());
	const known = new Set<string>(TOOL_CSV_COLUMNS);
	if (!normalized.some((name) => known.has(name)))
		throw new ValidationError(
			`Line 1 must be the header, naming the columns: ${COLUMN_LIST}.`,
		);
	const unknown = normalized.filter((name) => !known.has(name));
	if (unknown.length > 0)
		throw new ValidationError(
			`Unknown columns: ${unknown.map((name) => name || "(blank)").join(", ")}. The columns are: ${COLUMN_LIST}.`,
		);
	const repeated = normalized.filter(
		(name, index) => normalized.indexOf(name) !== index,
	);
	if (repeated.length > 0)
		throw new ValidationError(
			`Columns named twice in the header: ${[...new Set(repeated)].join(", ")}.`,
		);
	const missing = REQUIRED_TOOL_CSV_COLUMNS.filter(
		(column) => !normalized.includes(column),
	);
	if (missing.length > 0)
		throw new ValidationError(
			`The header has no ${missing.join(", ")} column${missing.length > 1 ? "s" : ""}: every row needs ${REQUIRED_TOOL_CSV_COLUMNS.join(", ")}.`,
		);
	return normalized as ToolCsvColumn[];
}

/**
 * Reads an uploaded tools CSV: UTF-8 (a byte order mark is skipped), comma-separated, RFC 4180
 * quoting, a header naming the columns first. Blank lines and rows of empty cells are skipped.
 * A file that cannot be read as a whole (not UTF-8, no header, unknown columns, a broken quote)
 * is a 400 naming the line; more than IMPORT_MAX_ROWS rows a 413. A row with more or fewer cells
 * than the header is kept with its problem, for the report.
 */
export function readToolsCsv(file: Buffer): ToolsCsv {
	const bytes = Buffer.from(decodeUtf8(file), "utf8");
	const lineEnds = findLineEnds(bytes);
	let lastEnd = 0;
	let records: { record: string[]; info: Info }[];
	const { CsvError, parse } = loadCsvParse();
	try {
		records = parse(bytes, {
			info: true,
			relax_column_count: true,
			skip_empty_lines: true,
			// The header, the most rows taken, and one more to tell that there are too many.
			to: IMPORT_MAX_ROWS + 2,
			on_record: (record, context) => {
				lastEnd = context.bytes;
				return record;
			},
			// With `info`, each record comes with where it ends.
		}) as unknown as { record: string[]; info: Info }[];
	} catch (error) {
		if (!(error instanceof CsvError)) throw error;
		const line = lineOfRecordAfter(bytes, lineEnds, lastEnd);
		const problem =
			PARSE_PROBLEMS[error.code] ?? "the text is not valid CSV here";
		throw new ValidationError(`Line ${line}: ${problem}.`);
	}
	const [header, ...body] = records;
	if (!header)
		throw new ValidationError(
			`The file is empty. Line 1 must be the header, naming the columns: ${COLUMN_LIST}.`,
		);
	if (body.length > IMPORT_MAX_ROWS)
		throw new ImportTooLargeError(
			`The file has more than ${groupThousands(IMPORT_MAX_ROWS)} rows: split it into smaller files.`,
		);
	const columns = readHeader(header.record);
	const rows: ToolCsvRow[] = [];
	let previousEnd = header.info.bytes;
	for (const { record, info } of body) {
		const line = lineOfRecordAfter(bytes, lineEnds, previousEnd);
		previousEnd = info.bytes;
		if (record.every((cell) => cell.trim() === "")) continue;
		if (record.length !== columns.length) {
			const sku = record[columns.indexOf("sku")];
			rows.push({
				line,
				cells: sku === undefined ? {} : { sku: fromSpreadsheetText(sku) },
				problem: `This row has ${record.length} cells; the header has ${columns.length}.`,
			});
			continue;
		}
		const cells: Partial<Record<ToolCsvColumn, string>> = {};
		columns.forEach((column, index) => {
			cells[column] = fromSpreadsheetText(record[index] ?? "");
		});
		rows.push({ line, cells });
	}
	if (rows.length === 0)
		throw new ValidationError(
			"The file has a header but no rows: add a row per tool.",
		);
	return { columns: new Set(columns), rows };
}
