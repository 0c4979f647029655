import {
	ORDER_CSV_COLUMNS,
	type OrdersExportQuery,
	TOOL_CSV_COLUMNS,
} from "../../../shared/catalog-csv.schemas.ts";
import { addDays, utcDay } from "../../../shared/quotes.schemas.ts";
import {
	centsToDollars,
	formatPriceBreaks,
} from "../../../shared/tools.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import { listOrderLinesForExport } from "../orders/orders.service.ts";
import {
	listToolsForExport,
	type ToolUseCases,
} from "../tools/tools.service.ts";
import {
	type CsvCell,
	UTF8_BOM,
	writeCsvHeader,
	writeCsvRows,
} from "./csv-cells.ts";
import { createToolImports } from "./tool-import.service.ts";

/** Rows read from the database, and written out, at a time: an export never holds more. */
export const EXPORT_BATCH_ROWS = 500;

/** A CSV download: its file name, and its text a batch of rows at a time. */
export type CsvDownload = { fileName: string; chunks: AsyncIterable<string> };

async function* toolsCsv(db: Db): AsyncGenerator<string> {
	yield UTF8_BOM + writeCsvHeader(TOOL_CSV_COLUMNS);
	for await (const tools of listToolsForExport(db, EXPORT_BATCH_ROWS))
		yield writeCsvRows(
			tools.map((tool): CsvCell[] => [
				tool.sku,
				tool.tool_name,
				tool.description,
				centsToDollars(tool.price_cents),
				tool.available_quantity,
				tool.minimum_quantity,
				tool.pack_size,
				formatPriceBreaks(tool.price_breaks),
				tool.supplier_name,
				tool.updated_at,
			]),
		);
}

async function* ordersCsv(
	db: Db,
	range: { from?: string; until?: string },
): AsyncGenerator<string> {
	yield UTF8_BOM + writeCsvHeader(ORDER_CSV_COLUMNS);
	for await (const lines of listOrderLinesForExport(
		db,
		range,
		EXPORT_BATCH_ROWS,
	))
		yield writeCsvRows(
			lines.map((line): CsvCell[] => [
				line.order_id,
				line.created_at,
				line.paid_at,
				line.status,
				line.payment_method,
				line.email,
				line.user_name,
				line.invoice_number,
				line.position + 1,
				line.sku,
				line.tool_name,
				line.quantity,
				centsToDollars(line.price_cents),
				centsToDollars(line.line_total_cents),
				centsToDollars(line.total_cents),
			]),
		);
}

/** The orders export of the days asked (UTC, both included), or of every order. */
function exportOrdersCsv(db: Db, query: OrdersExportQuery): CsvDownload {
	const range = {
		from: query.from && `${query.from}T00:00:00.000Z`,
		until: query.to && `${addDays(query.to, 1)}T00:00:00.000Z`,
	};
	const days =
		query.from || query.to
			? `${query.from ?? "start"}-to-${query.to ?? utcDay()}`
			: utcDay();
	return { fileName: `orders-${days}.csv`, chunks: ordersCsv(db, range) };
}

export type CatalogCsvDeps = {
	db: Db;
	images: ImageStore;
	tools: Pick<ToolUseCases, "forgetCatalogVersion">;
	log: { error(object: object, message: string): void };
};

/**
 * The catalog and order history as CSV files for spreadsheets and the books (streamed a batch at
 * a time, docs/csv.md), and imports of tools from such a file (tool-import.service.ts).
 */
export function createCatalogCsvUseCases({
	db,
	images,
	tools,
	log,
}: CatalogCsvDeps) {
	const imports = createToolImports({
		db,
		images,
		forgetCatalogVersion: tools.forgetCatalogVersion,
		log,
	});
	return {
		exportToolsCsv: (): CsvDownload => ({
			fileName: `tools-${utcDay()}.csv`,
			chunks: toolsCsv(db),
		}),
		exportOrdersCsv: (query: OrdersExportQuery) => exportOrdersCsv(db, query),
		startToolImport: imports.startToolImport,
		getImportJob: imports.getImportJob,
		close: imports.close,
	};
}

export type CatalogCsvUseCases = ReturnType<typeof createCatalogCsvUseCases>;
