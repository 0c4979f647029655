import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, vi } from "vitest";
import {
	type ImportJob,
	ImportJobSchema,
	type ImportMode,
	TOOL_CSV_COLUMNS,
} from "../../../shared/catalog-csv.schemas.ts";
import { authHeaders } from "../../test-support/accounts.ts";

const BOUNDARY = "----catalog-csv-test-boundary";

/**
 * An import upload as a browser's FormData sends it, built at once (the authorization matrix
 * needs its requests without awaiting): the file in "file", and the mode.
 */
export function csvImportBody(
	csv: string | Buffer,
	mode: ImportMode | string = "dry_run",
): { payload: Buffer; headers: Record<string, string> } {
	const head = [
		`--${BOUNDARY}`,
		'Content-Disposition: form-data; name="mode"',
		"",
		mode,
		`--${BOUNDARY}`,
		'Content-Disposition: form-data; name="file"; filename="tools.csv"',
		"Content-Type: text/csv",
		"",
		"",
	].join("\r\n");
	return {
		payload: Buffer.concat([
			Buffer.from(head),
			Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
			Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
		]),
		headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
	};
}

/** POST /api/admin/imports/tools as the caller whose cookie is given. */
export function postImport(
	app: FastifyInstance,
	cookie: string | undefined,
	csv: string | Buffer,
	mode: ImportMode | string,
): Promise<LightMyRequestResponse> {
	const body = csvImportBody(csv, mode);
	return app.inject({
		method: "POST",
		url: "/api/admin/imports/tools",
		headers: { ...authHeaders(cookie), ...body.headers },
		payload: body.payload,
	});
}

export function getJob(
	app: FastifyInstance,
	cookie: string | undefined,
	jobId: string,
): Promise<LightMyRequestResponse> {
	return app.inject({
		url: `/api/admin/imports/${jobId}`,
		headers: authHeaders(cookie),
	});
}

/** Polls the job until it is done or failed; every answer read on the way is kept in `seen`. */
export async function waitForJob(
	app: FastifyInstance,
	cookie: string,
	jobId: string,
	seen: ImportJob[] = [],
): Promise<ImportJob> {
	return vi.waitFor(
		async () => {
			const response = await getJob(app, cookie, jobId);
			expect(response.statusCode, response.body).toBe(200);
			const job = ImportJobSchema.parse(response.json());
			seen.push(job);
			if (job.status !== "done" && job.status !== "failed")
				throw new Error(`job still ${job.status}`);
			return job;
		},
		{ timeout: 60_000, interval: 20 },
	);
}

/** Starts an import and waits for its outcome. */
export async function runImport(
	app: FastifyInstance,
	cookie: string,
	csv: string | Buffer,
	mode: ImportMode,
): Promise<ImportJob> {
	const started = await postImport(app, cookie, csv, mode);
	expect(started.statusCode, started.body).toBe(202);
	return waitForJob(app, cookie, started.json().job_id);
}

/** A CSV file of the import's columns (all of them unless named), rows by column name, CRLF line ends. */
export function toolsCsv(
	rows: readonly Partial<Record<string, string>>[],
	columns: readonly string[] = TOOL_CSV_COLUMNS.slice(0, 8),
): string {
	const quote = (cell: string) =>
		/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
	return [
		columns.join(","),
		...rows.map((row) =>
			columns.map((column) => quote(row[column] ?? "")).join(","),
		),
	]
		.map((line) => `${line}\r\n`)
		.join("");
}

/** A valid row for a new tool with this part number. */
export function toolRow(
	sku: string,
	changes: Partial<Record<string, string>> = {},
): Record<string, string> {
	return {
		sku,
		tool_name: `Imported Tool ${sku}`,
		description: "A tool from the supplier's price list.",
		price: "24.50",
		available_quantity: "100",
		minimum_quantity: "10",
		pack_size: "5",
		price_breaks: "50:22.50; 200:19.90",
		...changes,
	};
}
