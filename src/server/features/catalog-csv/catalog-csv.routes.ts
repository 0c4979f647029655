import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	IMPORT_FILE_FIELD,
	IMPORT_MAX_BYTES,
	IMPORT_MAX_ROWS,
	ImportJobParamsSchema,
	ImportJobSchema,
	ImportStartedSchema,
	OrdersExportQuerySchema,
	TOOL_CSV_COLUMNS,
} from "../../../shared/catalog-csv.schemas.ts";
import { groupThousands } from "../../../shared/money.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { CatalogCsvUseCases, CsvDownload } from "./catalog-csv.service.ts";
import { readCsvUpload } from "./csv-upload.ts";

function csvResponse(description: string) {
	return {
		description,
		content: {
			"text/csv": {
				// Streamed as text, which Fastify passes through without serializing.
				schema: z
					.custom<Readable>((value) => value instanceof Readable)
					.check(
						z.meta({
							type: "string",
							description:
								"UTF-8 CSV with a byte order mark, CRLF line ends and a header line (docs/csv.md)",
						}),
					),
			},
		},
	};
}

/** Written as it is read, a batch of rows at a time: a large export never sits in memory. */
function sendCsv(reply: FastifyReply, { fileName, chunks }: CsvDownload) {
	return reply
		.type("text/csv; charset=utf-8")
		.header("content-disposition", `attachment; filename="${fileName}"`)
		.header("x-content-type-options", "nosniff")
		.send(Readable.from(chunks));
}

export async function catalogCsvRoutes(
	app: FastifyInstance,
	{ catalogCsv }: { catalogCsv: CatalogCsvUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();
	// A job still running when the server closes finishes first: its rows are written whole or not at all.
	app.addHook("onClose", async () => catalogCsv.close());

	routes.get(
		"/admin/exports/tools.csv",
		{
			schema: {
				operationId: "exportToolsCsv",
				tags: ["catalog-csv"],
				summary: `Admin: every listed tool as a CSV file, by part number, with the columns ${TOOL_CSV_COLUMNS.join(", ")}`,
				response: {
					200: csvResponse("The catalog as a CSV attachment"),
					...clientErrorResponses,
				},
			},
			config: { access: "admin", quota: "documents", apiKey: "catalog:read" },
		},
		async (_request, reply) => sendCsv(reply, catalogCsv.exportToolsCsv()),
	);

	routes.get(
		"/admin/exports/orders.csv",
		{
			schema: {
				operationId: "exportOrdersCsv",
				tags: ["catalog-csv"],
				summary:
					"Admin: one CSV row per order line, oldest order first, of the orders placed from `from` to `to` (UTC days, both included; every order without them)",
				querystring: OrdersExportQuerySchema,
				response: {
					200: csvResponse("The order lines as a CSV attachment"),
					...clientErrorResponses,
				},
			},
			config: { access: "admin", quota: "documents", apiKey: "orders:read" },
		},
		async (request, reply) =>
			sendCsv(reply, catalogCsv.exportOrdersCsv(request.query)),
	);

	routes.post(
		"/admin/imports/tools",
		{
			schema: {
				operationId: "startToolImport",
				tags: ["catalog-csv"],
				summary: `Admin: import tools from a CSV file keyed by part number, as a job. multipart/form-data with the file in "${IMPORT_FILE_FIELD}" (${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${groupThousands(IMPORT_MAX_ROWS)} rows at most, 413 beyond) and "mode": dry_run reports what each row would do, apply writes every row or none. A file that cannot be read is a 400 naming the line; a job of the admin's still running, a 409.`,
				consumes: ["multipart/form-data"],
				response: { 202: ImportStartedSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: ["admin-writes", "imports"] },
		},
		async (request, reply) => {
			const upload = await readCsvUpload(request);
			const started = await catalogCsv.startToolImport(
				signedInViewer(request),
				upload,
			);
			return reply.code(202).send(started);
		},
	);

	routes.get(
		"/admin/imports/:jobId",
		{
			schema: {
				operationId: "getImportJob",
				tags: ["catalog-csv"],
				summary:
					"Admin: how far one of the caller's imports is, and its report once done or failed (another admin's job is a 404)",
				params: ImportJobParamsSchema,
				response: { 200: ImportJobSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) =>
			catalogCsv.getImportJob(signedInViewer(request), request.params.jobId),
	);
}
