import * as z from "zod/mini";

/**
 * The columns of the tools CSV, in the order the export writes them. An import reads them by
 * name, in any order: `sku` and the five form fields are required, `pack_size` and
 * `price_breaks` may be left out (a tool keeps its own; a new one sells single pieces at one
 * price), `supplier_name` and `updated_at` are written for reading and ignored on import.
 */
export const TOOL_CSV_COLUMNS = [
	"sku",
	"tool_name",
	"description",
	"price",
	"available_quantity",
	"minimum_quantity",
	"pack_size",
	"price_breaks",
	"supplier_name",
	"updated_at",
] as const;
export type ToolCsvColumn = (typeof TOOL_CSV_COLUMNS)[number];

export const REQUIRED_TOOL_CSV_COLUMNS: readonly ToolCsvColumn[] = [
	"sku",
	"tool_name",
	"description",
	"price",
	"available_quantity",
	"minimum_quantity",
];

/** The columns of the orders CSV: one row per order line. */
export const ORDER_CSV_COLUMNS = [
	"order_id",
	"placed_at",
	"paid_at",
	"status",
	"payment_method",
	"customer_email",
	"customer_name",
	"invoice_number",
	"line",
	"sku",
	"tool_name",
	"quantity",
	"unit_price",
	"line_total",
	"order_total",
] as const;

/** 5 MB: about 20,000 tools with long descriptions; a larger file is refused with a 413. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows after the header; more is refused with a 413. */
export const IMPORT_MAX_ROWS = 20_000;
/** The multipart field that carries the CSV file. */
export const IMPORT_FILE_FIELD = "file";

export const IMPORT_MODES = ["dry_run", "apply"] as const;
export const ImportModeSchema = z.enum(
	IMPORT_MODES,
	"mode must be dry_run (check the file) or apply (import it)",
);
export type ImportMode = z.infer<typeof ImportModeSchema>;

export const IMPORT_JOB_STATUSES = [
	"queued",
	"running",
	"done",
	"failed",
] as const;
export const ImportJobStatusSchema = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>;

export const ImportJobIdSchema = z.uuid("Job id must be a UUID");
export const ImportJobParamsSchema = z.object({ jobId: ImportJobIdSchema });

/** What an import did (apply) or would do (dry run) with one row; "error": nothing. */
export const IMPORT_ROW_RESULTS = [
	"create",
	"update",
	"unchanged",
	"error",
] as const;
export const ImportRowResultSchema = z.enum(IMPORT_ROW_RESULTS);
export type ImportRowResult = z.infer<typeof ImportRowResultSchema>;

/** A problem of one cell (`column`), or of the whole row (`column` empty). */
export const ImportRowErrorSchema = z.object({
	column: z.string(),
	message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportReportRowSchema = z.object({
	/** The CSV line the row starts on; the header is line 1. */
	line: z.int().check(z.positive()),
	sku: z.string(),
	result: ImportRowResultSchema,
	errors: z.array(ImportRowErrorSchema),
});
export type ImportReportRow = z.infer<typeof ImportReportRowSchema>;

const Count = z.int().check(z.nonnegative());

export const ImportReportSchema = z.object({
	/** Whether the tools were written: only an apply with no row in error writes, all at once. */
	applied: z.boolean(),
	/** One sentence for the admin: what happened, or why nothing was written. */
	message: z.string(),
	created: Count,
	updated: Count,
	unchanged: Count,
	/** Rows with at least one error. */
	failed: Count,
	/** Every row of the file, in file order. */
	rows: z.array(ImportReportRowSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ImportJobSchema = z.object({
	job_id: ImportJobIdSchema,
	status: ImportJobStatusSchema,
	mode: ImportModeSchema,
	/** Rows checked so far, of `total_rows` (the rows after the header). */
	processed_rows: Count,
	total_rows: Count,
	created_at: z.iso.datetime(),
	finished_at: z.nullable(z.iso.datetime()),
	/** Once the job is done or failed. */
	report: z.optional(ImportReportSchema),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportStartedSchema = z.object({ job_id: ImportJobIdSchema });
export type ImportStarted = z.infer<typeof ImportStartedSchema>;

const DAY_MESSAGE = "must be a day (YYYY-MM-DD)";
/** A day that exists: Date.parse would roll "2026-02-30" over to 2 March instead of refusing it. */
const CalendarDaySchema = z.iso.date();

function dayText(name: string) {
	return z.string(`${name} ${DAY_MESSAGE}`).check(
		z.regex(/^\d{4}-\d{2}-\d{2}$/, {
			error: `${name} ${DAY_MESSAGE}`,
			abort: true,
		}),
		z.refine((day) => CalendarDaySchema.safeParse(day).success, {
			error: `${name} is not a real day`,
			abort: true,
		}),
	);
}

/** The days (UTC, both included) whose orders the export lists, by the day they were placed. */
export const OrdersExportQuerySchema = z
	.object({
		from: z.optional(dayText("from")),
		to: z.optional(dayText("to")),
	})
	.check(
		z.refine(
			(query) =>
				query.from === undefined ||
				query.to === undefined ||
				query.from <= query.to,
			{ error: "from must not be after to", path: ["from"] },
		),
	);
export type OrdersExportQuery = z.infer<typeof OrdersExportQuerySchema>;

/**
 * Why a chosen file cannot be imported, before it is sent (the server checks the same again), or
 * undefined when it may be: the browser refuses a 30 MB file at once, not after its upload.
 */
export function checkCsvFile(file: {
	name: string;
	size: number;
}): string | undefined {
	if (file.size === 0) return "The file is empty";
	if (file.size > IMPORT_MAX_BYTES)
		return `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`;
	if (!/\.(csv|txt)$/i.test(file.name))
		return "Choose a .csv file (save the spreadsheet as CSV UTF-8)";
	return undefined;
}
