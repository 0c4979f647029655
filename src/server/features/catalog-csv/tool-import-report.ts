import type {
	ImportMode,
	ImportReport,
} from "../../../shared/catalog-csv.schemas.ts";
import { groupThousands } from "../../../shared/money.ts";
import { type JudgedRow, toReportRow } from "./tool-import-rows.ts";

function count(number: number, one: string, many = `${one}s`): string {
	return `${groupThousands(number)} ${number === 1 ? one : many}`;
}

/**
 * The outcome of a job, row by row, with the sentence the admin reads first. Rows in error stop
 * an apply whole (`applied` false): the counts are then what the file would do once fixed.
 */
export function buildReport(
	mode: ImportMode,
	rows: readonly JudgedRow[],
	applied: boolean,
): ImportReport {
	const tally = { create: 0, update: 0, unchanged: 0, error: 0 };
	for (const row of rows) tally[row.result]++;
	const changes = `${count(tally.create, "tool")} to add, ${groupThousands(tally.update)} to change, ${groupThousands(tally.unchanged)} unchanged`;
	const withErrors = count(tally.error, "row has errors", "rows have errors");
	let message: string;
	if (applied)
		message = `Imported: ${count(tally.create, "tool")} added, ${groupThousands(tally.update)} changed, ${groupThousands(tally.unchanged)} unchanged.`;
	else if (mode === "apply")
		message = `Nothing was imported: ${withErrors}. An import writes every row or none; fix them and import the file again.`;
	else if (tally.error > 0)
		message = `${withErrors}: fix them and check the file again. The other rows: ${changes}.`;
	else message = `The file is ready to import: ${changes}.`;
	return {
		applied,
		message,
		created: tally.create,
		updated: tally.update,
		unchanged: tally.unchanged,
		failed: tally.error,
		rows: rows.map(toReportRow),
	};
}

/** The report of a job that stopped before it judged or wrote its rows. */
export function failedReport(message: string): ImportReport {
	return {
		applied: false,
		message,
		created: 0,
		updated: 0,
		unchanged: 0,
		failed: 0,
		rows: [],
	};
}
