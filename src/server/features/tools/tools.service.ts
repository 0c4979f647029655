import * as z from "zod/mini";
import type { Page } from "../../../shared/paging.schemas.ts";
import { checkPurchase } from "../../../shared/purchase-rule.ts";
import {
	dollarsToCents,
	searchTerms,
	TOOL_IMAGE_FIELD,
	TOOL_QUANTITY_MAX,
	type Tool,
	ToolEditFormSchema,
	ToolFormSchema,
	type ToolPage,
	ToolPageSchema,
} from "../../../shared/tools.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Clock, monotonicClock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import { parseFormFields } from "../../platform/http/form-fields.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import {
	type ImageSize,
	processUploadedImage,
} from "../../platform/images/process-upload.ts";
import {
	countToolMatches,
	countTools,
	findCatalogVersion,
	findToolById,
	findToolSnapshot,
	findToolsPage,
	insertTools,
	markToolDeleted,
	returnStock,
	searchToolsPage,
	type ToolChanges,
	type ToolForOrder,
	takeStock,
	updateToolAtVersion,
} from "./tools.repository.ts";

export type ToolListQuery = { page: number; page_size: number; q?: string };

/**
 * A page of the catalog, or of a search in it. `countMatches` says how many tools there are in
 * all; by default it asks the database.
 */
export async function listTools(
	db: Db,
	query: ToolListQuery,
	countMatches: (terms: string[]) => Promise<number> = (terms) =>
		countListed(db, terms),
): Promise<Page<Tool>> {
	const terms = searchTerms(query.q ?? "");
	return readPage(
		query,
		(offset, limit) =>
			terms.length === 0
				? findToolsPage(db, offset, limit)
				: searchToolsPage(db, terms, offset, limit),
		() => countMatches(terms),
	);
}

function countListed(db: Db, terms: string[]): Promise<number> {
	return terms.length === 0 ? countTools(db) : countToolMatches(db, terms);
}

export async function getTool(db: Db, id: string): Promise<Tool> {
	const tool = await findToolById(db, id);
	if (!tool) throw new NotFoundError("Tool not found");
	return tool;
}

/**
 * A tool as last stored, even once deleted from the catalog: orders keep referring to it.
 * Undefined only for an id that never was a tool.
 */
export async function getToolSnapshot(db: Db, id: string) {
	return findToolSnapshot(db, id);
}

const MAX_CACHED_PAGES = 200;
/** How long a read of the catalog version is trusted before it is read again. */
export const CATALOG_VERSION_TTL_MS = 100;

/** Serialized tool-list pages of one server instance, each stamped with the catalog version. */
export type ToolListCache = {
	pages: Map<string, { version: string; json: Buffer }>;
	/** How many tools each search (by its words; "" for the whole catalog) finds, per version. */
	totals: Map<string, { version: string; total: number }>;
	clock: Clock;
	version?: { value: string; readAt: number };
	/** The version read in flight: requests arriving meanwhile wait for it instead of reading again. */
	reading?: Promise<string>;
};

/** What the tools routes and every tools writer share: one list cache per app (decision 006). */
export type ToolsDeps = {
	db: Db;
	listCache: ToolListCache;
	images: ImageStore;
};

export function createToolListCache(
	clock: Clock = monotonicClock,
): ToolListCache {
	return { pages: new Map(), totals: new Map(), clock };
}

/**
 * For a writer through this instance, once its change to tools has committed: the next list
 * read reads the version again instead of trusting the last one for up to CATALOG_VERSION_TTL_MS.
 */
export function forgetCatalogVersion(cache: ToolListCache): void {
	cache.version = undefined;
	cache.reading = undefined;
}

async function currentCatalogVersion(
	db: Db,
	cache: ToolListCache,
): Promise<string> {
	const now = cache.clock();
	if (cache.version && now - cache.version.readAt < CATALOG_VERSION_TTL_MS)
		return cache.version.value;
	if (cache.reading) return cache.reading;
	const reading: Promise<string> = findCatalogVersion(db)
		.then((value) => {
			// A read that forgetCatalogVersion dropped may predate the write: it answers only its callers.
			if (cache.reading === reading) cache.version = { value, readAt: now };
			return value;
		})
		.finally(() => {
			if (cache.reading === reading) cache.reading = undefined;
		});
	cache.reading = reading;
	return reading;
}

/**
 * The tool list is the most read answer of the shop. It is served from bytes serialized once per
 * catalog version (docs/decisions/006-catalog-list-cache.md), searches included. Any change to a
 * tool, by any writer on any instance, bumps the version in its transaction; an instance reads the
 * version at most every CATALOG_VERSION_TTL_MS, so another writer's change shows within that
 * time. The version is read before the rows, so a cached page is never older than its stamp.
 */
export async function listToolsSerialized(
	{ db, listCache }: Pick<ToolsDeps, "db" | "listCache">,
	query: ToolListQuery,
): Promise<Buffer> {
	const version = await currentCatalogVersion(db, listCache);
	const words = searchTerms(query.q ?? "").join(" ");
	const key = `${query.page}:${query.page_size}:${words}`;
	const cached = listCache.pages.get(key);
	if (cached?.version === version) return cached.json;
	// Every page of one list has the same total: it is counted once per version, not per page.
	const page: ToolPage = await listTools(db, query, async (terms) => {
		const known = listCache.totals.get(words);
		if (known?.version === version) return known.total;
		const total = await countListed(db, terms);
		if (listCache.totals.size >= MAX_CACHED_PAGES) listCache.totals.clear();
		listCache.totals.set(words, { version, total });
		return total;
	});
	const json = Buffer.from(JSON.stringify(z.encode(ToolPageSchema, page)));
	if (listCache.pages.size >= MAX_CACHED_PAGES) listCache.pages.clear();
	listCache.pages.set(key, { version, json });
	return json;
}

/** The photo of a tool at the sizes its pages show: the card, and the purchase page. */
const TOOL_PHOTO_SIZES: readonly ImageSize[] = [
	{ width: 800, height: 600 },
	{ width: 1600, height: 1200, withoutEnlargement: true },
];

function toChanges(form: z.infer<typeof ToolFormSchema>): ToolChanges {
	return {
		tool_name: form.tool_name,
		description: form.description,
		price_cents: dollarsToCents(form.price),
		available_quantity: Number(form.available_quantity),
		minimum_quantity: Number(form.minimum_quantity),
	};
}

async function storeToolPhoto(
	images: ImageStore,
	bytes: Buffer,
): Promise<{ img: string; img_large: string }> {
	const [card, large] = await processUploadedImage(bytes, TOOL_PHOTO_SIZES);
	if (!card || !large) throw new Error("the tool photo was not encoded");
	return {
		img: await images.putWebp("tool", card),
		img_large: await images.putWebp("tool", large),
	};
}

export type ToolFormInput = {
	fields: Record<string, string>;
	photo: Buffer | undefined;
};

/**
 * Adds a tool from the Add A Product form. The supplier is the signed-in admin; nothing else of
 * the request but the form's own fields is read.
 */
export async function addTool(
	{ db, listCache, images }: ToolsDeps,
	viewer: Viewer,
	{ fields, photo }: ToolFormInput,
): Promise<Tool> {
	const form = parseFormFields(
		ToolFormSchema,
		fields,
		photo === undefined
			? [{ field: TOOL_IMAGE_FIELD, message: "Image is required" }]
			: [],
	);
	const stored = await storeToolPhoto(images, photo ?? Buffer.alloc(0));
	const now = new Date().toISOString();
	const id = crypto.randomUUID();
	await insertTools(db, [
		{
			id,
			...toChanges(form),
			...stored,
			supplier_name: viewer.name,
			supplier_email: viewer.email,
			created_at: now,
		},
	]);
	forgetCatalogVersion(listCache);
	return getTool(db, id);
}

class StaleEditError extends ConflictError {
	constructor() {
		super(
			"Someone else changed this tool since you opened it. Reload it to see their changes, then save again.",
		);
	}
}

/**
 * Edits a tool (restocking included) if nobody changed it since `version` was read; otherwise a
 * 409 tells the editor to reload, and nothing is written.
 */
export async function editTool(
	{ db, listCache, images }: ToolsDeps,
	id: string,
	{ fields, photo }: ToolFormInput,
): Promise<Tool> {
	const form = parseFormFields(ToolEditFormSchema, fields);
	const version = Number(form.version);
	// Checked before the photo is processed, so a stale edit stores nothing; checked again by the
	// update itself, which is what decides.
	const current = await getTool(db, id);
	if (current.version !== version) throw new StaleEditError();
	const stored = photo ? await storeToolPhoto(images, photo) : undefined;
	const { available_quantity, ...changes } = toChanges(form);
	const stockChange = available_quantity - Number(form.available_quantity_seen);
	const isUpdated = await updateToolAtVersion(
		db,
		id,
		version,
		{ ...changes, ...stored },
		stockChange,
		new Date().toISOString(),
	);
	if (!isUpdated) {
		const now = await getTool(db, id);
		if (now.version !== version) throw new StaleEditError();
		const message =
			now.available_quantity + stockChange < 0
				? `Only ${now.available_quantity} pieces are in stock now: orders took some after the form was opened. Reload and try again.`
				: `${now.available_quantity} pieces are in stock now: orders were cancelled after the form was opened, and this change would take the stock above ${TOOL_QUANTITY_MAX.toLocaleString("en-US")}. Reload and try again.`;
		throw new ConflictError(message, [
			{ field: "available_quantity", message },
		]);
	}
	forgetCatalogVersion(listCache);
	if (stored) await removeReplacedPhotos(images, current, stored);
	return getTool(db, id);
}

/**
 * The photos an edit replaced, once the edit is saved. A photo an order was placed with, or
 * another tool shows, stays.
 */
async function removeReplacedPhotos(
	images: ImageStore,
	before: { img: string; img_large: string },
	after: { img: string; img_large: string },
): Promise<void> {
	const kept = new Set([after.img, after.img_large]);
	for (const url of new Set([before.img, before.img_large]))
		if (!kept.has(url)) await images.removeIfUnused(url);
}

/** Takes a tool out of the catalog; its row stays for the orders that refer to it. */
export async function deleteTool(
	{ db, listCache }: ToolsDeps,
	id: string,
): Promise<void> {
	if (!(await markToolDeleted(db, id, new Date().toISOString())))
		throw new NotFoundError("Tool not found");
	forgetCatalogVersion(listCache);
}

/**
 * Takes the pieces of an order from a tool's stock, inside the caller's transaction, or explains
 * with a 404 or 409 why it cannot: the tool is gone, out of stock, or the quantity is outside
 * its minimum order and current stock (the message shows the current figures).
 */
export async function takeToolStock(
	db: Db,
	toolId: string,
	quantity: number,
): Promise<ToolForOrder> {
	const taken = await takeStock(db, toolId, quantity);
	if (taken) return taken;
	const tool = await getTool(db, toolId);
	const check = checkPurchase(tool, quantity);
	const message = check.canOrder
		? "The stock changed while ordering. Please try again."
		: check.message;
	throw new ConflictError(message, [{ field: "order_quantity", message }]);
}

/** Puts the pieces of a cancelled or deleted unpaid order back, inside the caller's transaction. */
export async function returnToolStock(
	db: Db,
	toolId: string,
	quantity: number,
): Promise<void> {
	await returnStock(db, toolId, quantity);
}

/**
 * The catalog's use cases on one database, list cache and image store, as app.ts hands them to
 * the routes: every writer among them forgets the catalog version of the same cache.
 */
export function createToolUseCases(deps: ToolsDeps) {
	return {
		listToolsSerialized: (query: ToolListQuery) =>
			listToolsSerialized(deps, query),
		getTool: (id: string) => getTool(deps.db, id),
		addTool: (viewer: Viewer, input: ToolFormInput) =>
			addTool(deps, viewer, input),
		editTool: (id: string, input: ToolFormInput) => editTool(deps, id, input),
		deleteTool: (id: string) => deleteTool(deps, id),
	};
}

export type ToolUseCases = ReturnType<typeof createToolUseCases>;
