import type {
	ImportReportRow,
	ImportRowError,
	ToolCsvColumn,
} from "../../../shared/catalog-csv.schemas.ts";
import {
	dollarsToCents,
	formatPriceBreaks,
	parsePriceBreaks,
	type Tool,
	ToolFormSchema,
} from "../../../shared/tools.schemas.ts";
import type { ImportedToolTerms } from "../tools/tools.service.ts";
import type { ToolCsvRow } from "./tools-csv-reader.ts";

/** What an import does with one row, and what it writes for it. */
export type JudgedRow =
	| { line: number; sku: string; result: "error"; errors: ImportRowError[] }
	| { line: number; sku: string; result: "create"; terms: ImportedToolTerms }
	| {
			line: number;
			sku: string;
			result: "update";
			toolId: string;
			terms: ImportedToolTerms;
	  }
	| { line: number; sku: string; result: "unchanged"; toolId: string };

/** A part number as the form keeps it (trimmed, upper case), to look the tool up by. */
export function normalizeSku(cell: string | undefined): string {
	return (cell ?? "").trim().toUpperCase();
}

const FORM_COLUMNS = [
	"tool_name",
	"description",
	"price",
	"available_quantity",
	"minimum_quantity",
	"sku",
] as const;

/**
 * The row as the Add A Product form would send it. A column the file leaves out (pack size,
 * volume prices) is the tool's own when it exists, so the checks of the terms together see what
 * the tool will have; for a new tool the form's default applies.
 */
function formFieldsOf(
	row: ToolCsvRow,
	columns: ReadonlySet<ToolCsvColumn>,
	tool: Tool | undefined,
): Record<string, string> {
	const fields: Record<string, string> = {};
	for (const column of FORM_COLUMNS) fields[column] = row.cells[column] ?? "";
	if (columns.has("pack_size")) fields.pack_size = row.cells.pack_size ?? "";
	else if (tool) fields.pack_size = String(tool.pack_size);
	if (columns.has("price_breaks"))
		fields.price_breaks = row.cells.price_breaks ?? "";
	else if (tool) fields.price_breaks = formatPriceBreaks(tool.price_breaks);
	return fields;
}

function isSameTerms(tool: Tool, terms: ImportedToolTerms): boolean {
	return (
		tool.tool_name === terms.tool_name &&
		tool.description === terms.description &&
		tool.price_cents === terms.price_cents &&
		tool.available_quantity === terms.available_quantity &&
		tool.minimum_quantity === terms.minimum_quantity &&
		tool.pack_size === terms.pack_size &&
		JSON.stringify(tool.price_breaks) === JSON.stringify(terms.price_breaks)
	);
}

/**
 * Judges rows of an import with the rules of the Add A Product form (ToolFormSchema: the same
 * checks and messages), plus: a part number is required, and one the file already had on an
 * earlier row is an error on the later one. `existing` holds the listed tools of the rows' part
 * numbers; `firstLines` (part number → line) carries on from the rows judged before these.
 */
export function judgeToolRows(
	rows: readonly ToolCsvRow[],
	columns: ReadonlySet<ToolCsvColumn>,
	existing: ReadonlyMap<string, Tool>,
	firstLines: Map<string, number>,
): JudgedRow[] {
	return rows.map((row) => {
		const sku = normalizeSku(row.cells.sku);
		const errors: ImportRowError[] = [];
		const firstLine = sku === "" ? undefined : firstLines.get(sku);
		if (sku !== "" && firstLine === undefined) firstLines.set(sku, row.line);
		if (row.problem)
			return {
				line: row.line,
				sku,
				result: "error",
				errors: [{ column: "", message: row.problem }],
			};
		const tool = existing.get(sku);
		const parsed = ToolFormSchema.safeParse(formFieldsOf(row, columns, tool));
		if (!parsed.success)
			for (const issue of parsed.error.issues)
				errors.push({
					column: String(issue.path[0] ?? ""),
					message: issue.message,
				});
		if (sku === "")
			errors.push({ column: "sku", message: "Part Number is required" });
		else if (firstLine !== undefined)
			errors.push({
				column: "sku",
				message: `Part Number ${sku} is already on line ${firstLine}`,
			});
		if (!parsed.success || errors.length > 0)
			return { line: row.line, sku, result: "error", errors };
		const form = parsed.data;
		const terms: ImportedToolTerms = {
			tool_name: form.tool_name,
			description: form.description,
			price_cents: dollarsToCents(form.price),
			available_quantity: Number(form.available_quantity),
			minimum_quantity: Number(form.minimum_quantity),
			pack_size: Number(form.pack_size),
			// Checked by the form schema: the text is in the pairs' form.
			price_breaks: parsePriceBreaks(form.price_breaks) ?? [],
		};
		if (!tool) return { line: row.line, sku, result: "create", terms };
		return isSameTerms(tool, terms)
			? { line: row.line, sku, result: "unchanged", toolId: tool.id }
			: { line: row.line, sku, result: "update", toolId: tool.id, terms };
	});
}

/** A judged row as the report shows it. */
export function toReportRow(row: JudgedRow): ImportReportRow {
	return {
		line: row.line,
		sku: row.sku,
		result: row.result,
		errors: row.result === "error" ? row.errors : [],
	};
}
