import type { Tool } from "../../../shared/tools.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { ConflictError } from "../../platform/http/errors.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import {
	getListedToolsBySkus,
	type ToolImportWrites,
	writeImportedTools,
} from "../tools/tools.service.ts";
import { storePlaceholderPhoto } from "./placeholder-photo.ts";
import {
	type JudgedRow,
	judgeToolRows,
	normalizeSku,
} from "./tool-import-rows.ts";
import type { ToolsCsv } from "./tools-csv-reader.ts";

/** Rows judged between two progress reports: one lookup of their part numbers each. */
export const IMPORT_CHUNK_ROWS = 500;

/** The part numbers of the rows, a chunk at a time, with the listed tools that have them. */
async function* toolsByChunk(db: Db, csv: ToolsCsv) {
	for (let start = 0; start < csv.rows.length; start += IMPORT_CHUNK_ROWS) {
		const chunk = csv.rows.slice(start, start + IMPORT_CHUNK_ROWS);
		const skus = [
			...new Set(chunk.map((row) => normalizeSku(row.cells.sku))),
		].filter((sku) => sku !== "");
		yield { chunk, existing: await getListedToolsBySkus(db, skus) };
	}
}

/**
 * What a judgement of the rows depends on in the catalog: which listed tool has each part number,
 * at which version and stock (orders move the stock without a new version).
 */
function stateOf(existing: ReadonlyMap<string, Tool>): string {
	return [...existing.values()]
		.map(
			(tool) =>
				`${tool.sku}=${tool.id}/${tool.version}/${tool.available_quantity}`,
		)
		.sort()
		.join(";");
}

export type Judgement = { rows: JudgedRow[]; catalogState: string };

/**
 * Judges every row against the listed tools of its part numbers, a chunk at a time; `onProgress`
 * hears how many rows are judged after each chunk.
 */
export async function judgeAll(
	db: Db,
	csv: ToolsCsv,
	onProgress: (processed: number) => Promise<void> = async () => {},
): Promise<Judgement> {
	const firstLines = new Map<string, number>();
	const rows: JudgedRow[] = [];
	const states: string[] = [];
	for await (const { chunk, existing } of toolsByChunk(db, csv)) {
		rows.push(...judgeToolRows(chunk, csv.columns, existing, firstLines));
		states.push(stateOf(existing));
		await onProgress(rows.length);
	}
	return { rows, catalogState: states.join("\n") };
}

/** The catalog state a judgement of the rows would depend on now (see stateOf). */
async function readCatalogState(db: Db, csv: ToolsCsv): Promise<string> {
	const states: string[] = [];
	for await (const { existing } of toolsByChunk(db, csv))
		states.push(stateOf(existing));
	return states.join("\n");
}

function writesOf(rows: readonly JudgedRow[]): ToolImportWrites {
	const writes: ToolImportWrites = { creates: [], updates: [] };
	for (const row of rows) {
		if (row.result === "create")
			writes.creates.push({ ...row.terms, sku: row.sku });
		else if (row.result === "update")
			writes.updates.push({ id: row.toolId, terms: row.terms });
	}
	return writes;
}

const CHANGED_MEANWHILE =
	"The catalog changed while the file was imported; nothing was imported. Check the file again.";

/**
 * Writes every row or none, in one transaction. The rows are judged again inside it, against the
 * tools as they are now, so what is written (and reported) is what the transaction saw.
 */
export async function applyRows(
	deps: {
		db: Db;
		images: ImageStore;
		forgetCatalogVersion: () => void;
	},
	job: { csv: ToolsCsv; author: { name: string; email: string } },
	checked: Judgement,
): Promise<JudgedRow[]> {
	const planned = writesOf(checked.rows);
	if (planned.creates.length === 0 && planned.updates.length === 0)
		return checked.rows;
	// Stored before the transaction: on SQLite the image store's own connection would wait for it.
	const photo =
		planned.creates.length > 0
			? await storePlaceholderPhoto(deps.images)
			: undefined;
	const written = await deps.db.transaction().execute(async (trx) => {
		// Judged again only if a tool of the file changed since the check: the usual case reads
		// the tools once more and writes what the check found.
		const rows =
			(await readCatalogState(trx, job.csv)) === checked.catalogState
				? checked.rows
				: (await judgeAll(trx, job.csv)).rows;
		const writes = writesOf(rows);
		if (
			rows.some((row) => row.result === "error") ||
			(writes.creates.length > 0 && !photo)
		)
			throw new ConflictError(CHANGED_MEANWHILE);
		await writeImportedTools(
			trx,
			writes,
			job.author,
			photo ?? { img: "", img_large: "" },
			new Date().toISOString(),
		);
		return rows;
	});
	deps.forgetCatalogVersion();
	return written;
}
