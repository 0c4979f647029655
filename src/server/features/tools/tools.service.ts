import type * as z from "zod/mini";
import { groupThousands } from "../../../shared/money.ts";
import { toStoredTime } from "../../../shared/paging.schemas.ts";
import { checkPurchase } from "../../../shared/purchase-rule.ts";
import {
	dollarsToCents,
	formatPriceBreaks,
	parsePriceBreaks,
	SEARCH_COUNT_AHEAD,
	searchTerms,
	TOOL_IMAGE_FIELD,
	TOOL_QUANTITY_MAX,
	type Tool,
	ToolEditFormSchema,
	ToolFormSchema,
	type ToolPage,
	toolSlug,
	toolTermsProblems,
} from "../../../shared/tools.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Clock, monotonicClock } from "../../platform/clock.ts";
import { byCodeUnits } from "../../platform/code-unit-order.ts";
import { type Db, isUniqueViolation } from "../../platform/db/database.ts";
import {
	ConflictError,
	GoneError,
	NotFoundError,
	ValidationError,
} from "../../platform/http/errors.ts";
import { parseFormFields } from "../../platform/http/form-fields.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import {
	type ImageSize,
	processUploadedImage,
} from "../../platform/images/process-upload.ts";
import {
	countTools,
	type ExportedTool,
	findCatalogVersion,
	findLastToolChange,
	findListedToolKeyAt,
	findListedToolKeysEvery,
	findListedToolLinks,
	findListedToolsAfterSku,
	findListedToolsByIds,
	findListedToolsBySkus,
	findStockOf,
	findTakenSlugs,
	findToolById,
	findToolBySlug,
	findToolChangesAfter,
	findToolSnapshot,
	findToolsChangedSince,
	findToolsForOrder,
	findToolsPage,
	findToolsPageFrom,
	insertTools,
	isSkuTaken,
	type ListedToolJson,
	type ListedToolKey,
	markToolDeleted,
	type NewTool,
	nextFreeSku,
	returnStock,
	searchTools,
	setListedToolStock,
	type ToolChange,
	type ToolChanges,
	type ToolTermsForOrder,
	takeStocksAtVersions,
	updateImportedTool,
	updateToolAtVersion,
} from "./tools.repository.ts";

export type ToolListQuery = {
	page: number;
	page_size: number;
	q?: string;
	updated_since?: string;
};

/** How the plain list (no search) reads its rows and its total; by default straight from the database. */
export type ListedToolReads = {
	page(offset: number, limit: number): Promise<ListedToolJson[]>;
	count(): Promise<number>;
};

/** A page of the list as it is answered, each tool as its JSON with its stock apart. */
type ListedPage = Omit<ToolPage, "items"> & { items: ListedToolJson[] };

/**
 * A page of the catalog, or of a search in it. The catalog's total is exact; a search counts its
 * matches up to SEARCH_COUNT_AHEAD past the end of the page and says when it stopped there
 * (`total_is_capped`), so a search for "s" does not count 40,000 tools on every request.
 */
export async function listTools(
	db: Db,
	query: ToolListQuery,
	listed: ListedToolReads = {
		page: (offset, limit) => findToolsPage(db, offset, limit),
		count: () => countTools(db),
	},
): Promise<ListedPage> {
	const terms = searchTerms(query.q ?? "");
	const offset = (query.page - 1) * query.page_size;
	const paging = { page: query.page, page_size: query.page_size };
	if (terms.length === 0) {
		const [items, total] = await Promise.all([
			listed.page(offset, query.page_size),
			listed.count(),
		]);
		return { items, ...paging, total, total_is_capped: false };
	}
	const cap = offset + query.page_size + SEARCH_COUNT_AHEAD;
	const found = await searchTools(db, terms, offset, query.page_size, cap + 1);
	return {
		items: found.tools,
		...paging,
		total: Math.min(found.matches, cap),
		total_is_capped: found.matches > cap,
	};
}

/** The changes of tools' own fields after a place, oldest first: for webhooks. */
export function listToolChangesAfter(
	db: Db,
	after: { updatedAt: string; id: string },
	before: string,
	limit: number,
): Promise<ToolChange[]> {
	return findToolChangesAfter(db, after, before, limit);
}

/** Where the tools' changes end now: a reader that starts now starts after it. */
export async function lastToolChange(
	db: Db,
): Promise<{ updatedAt: string; id: string }> {
	return (await findLastToolChange(db)) ?? { updatedAt: "", id: "" };
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

/** How long a read of the catalog version is trusted before it is read again. */
export const CATALOG_VERSION_TTL_MS = 100;
/**
 * What the list cache of one instance holds at most: the bytes of its pages' JSON (and their
 * keys), and the number of pages. A page of 24 tools is about 15 KB, of 100 about 64 KB.
 */
export const LIST_CACHE_MAX_BYTES = 8 * 1024 * 1024;
export const LIST_CACHE_MAX_ENTRIES = 1000;
/**
 * How many places apart the list cache keeps the keys of listed tools, per catalog version: a
 * deep page starts from the key before it and skips fewer than this many index entries.
 */
const LIST_ANCHOR_STEP = 250;

export type ListCacheLimits = { maxBytes: number; maxEntries: number };

/**
 * A page's JSON cut around its tools' stock: the bytes are `head`, then for each tool
 * `{"available_quantity":<stock>,` and its tail, joined by commas, then `foot`. The stock is not
 * part of the catalog version (decision 016): it is read on its own and put in.
 */
type PageParts = { ids: string[]; head: string; tails: string[]; foot: string };

type CachedPage = {
	version: string;
	parts: PageParts;
	stock: number[];
	json: Buffer;
	/** The stock notice (`ToolListCache.stockEpoch`) and the time the stock was last read at. */
	stockEpoch: number;
	stockReadAt: number;
	/** The stock read in flight, for the notice it started after: later readers wait for it. */
	stockReading?: { epoch: number; done: Promise<Buffer> };
	bytes: number;
};

/** Serialized tool-list pages of one server instance, each stamped with the catalog version. */
export type ToolListCache = {
	/**
	 * Least recently used first: a page read from the cache moves to the end, and the first ones
	 * are evicted while the pages pass either limit. Never cleared whole.
	 */
	pages: Map<string, CachedPage>;
	/** What the pages in `pages` weigh, as `limits.maxBytes` counts. */
	bytes: number;
	limits: ListCacheLimits;
	/** How many tools the catalog lists, per version. */
	listedTotal?: { version: string; total: number };
	/** The keys of the listed tools at places LIST_ANCHOR_STEP, 2 × LIST_ANCHOR_STEP, …, per version. */
	anchors?: { version: string; keys: ListedToolKey[] };
	clock: Clock;
	version?: { value: string; readAt: number };
	/** The version read in flight: requests arriving meanwhile wait for it instead of reading again. */
	reading?: Promise<string>;
	/** Goes up at every notice of a stock change through this instance: cached stock is read again. */
	stockEpoch: number;
};

/** What the tools routes and every tools writer share: one list cache per app (decision 006). */
export type ToolsDeps = {
	db: Db;
	listCache: ToolListCache;
	images: ImageStore;
};

export function createToolListCache(
	clock: Clock = monotonicClock,
	limits: ListCacheLimits = {
		maxBytes: LIST_CACHE_MAX_BYTES,
		maxEntries: LIST_CACHE_MAX_ENTRIES,
	},
): ToolListCache {
	return { pages: new Map(), bytes: 0, limits, clock, stockEpoch: 0 };
}

/** The cached page at `version`, now the most recently used; undefined on a miss. */
function readCachedPage(
	cache: ToolListCache,
	key: string,
	version: string,
): CachedPage | undefined {
	const cached = cache.pages.get(key);
	if (cached?.version !== version) return undefined;
	cache.pages.delete(key);
	cache.pages.set(key, cached);
	return cached;
}

function cutAroundStock(page: ListedPage): {
	parts: PageParts;
	stock: number[];
} {
	const { items, ...rest } = page;
	return {
		parts: {
			ids: items.map((tool) => tool.id),
			head: '{"items":[',
			// Without its stock, from after the opening brace: `"id":…}`.
			tails: items.map((tool) => tool.json.slice(1)),
			foot: `],${JSON.stringify(rest).slice(1)}`,
		},
		stock: items.map((tool) => tool.available_quantity),
	};
}

function joinPage(parts: PageParts, stock: readonly number[]): Buffer {
	let json = parts.head;
	for (let index = 0; index < parts.tails.length; index++)
		json += `${index > 0 ? "," : ""}{"available_quantity":${stock[index]},${parts.tails[index]}`;
	return Buffer.from(json + parts.foot);
}

/**
 * The page's bytes with its tools' stock as it is now: read again when this instance noticed a
 * stock change since the last read, or after CATALOG_VERSION_TTL_MS (another instance's orders).
 * Requests arriving while a read is in flight wait for it, unless they came after a newer notice.
 */
function withCurrentStock(
	db: Db,
	cache: ToolListCache,
	page: CachedPage,
): Buffer | Promise<Buffer> {
	const now = cache.clock();
	const epoch = cache.stockEpoch;
	if (
		page.stockEpoch === epoch &&
		now - page.stockReadAt < CATALOG_VERSION_TTL_MS
	)
		return page.json;
	if (page.stockReading?.epoch === epoch) return page.stockReading.done;
	const done = findStockOf(db, page.parts.ids)
		.then((found) => {
			// A read that started after an older notice never overwrites a newer one's.
			if (epoch < page.stockEpoch) return page.json;
			const stock = page.parts.ids.map(
				(id, index) => found.get(id) ?? page.stock[index] ?? 0,
			);
			if (stock.some((pieces, index) => pieces !== page.stock[index])) {
				page.stock = stock;
				page.json = joinPage(page.parts, stock);
			}
			page.stockEpoch = epoch;
			page.stockReadAt = now;
			return page.json;
		})
		.finally(() => {
			if (page.stockReading?.done === done) page.stockReading = undefined;
		});
	page.stockReading = { epoch, done };
	return done;
}

/**
 * Keeps a page as the most recently used, then evicts the least recently used pages until the
 * cache is within its limits again. A page heavier than the whole cache is not kept.
 */
function cachePage(
	cache: ToolListCache,
	key: string,
	page: Omit<CachedPage, "bytes">,
): void {
	const replaced = cache.pages.get(key);
	if (replaced) {
		cache.pages.delete(key);
		cache.bytes -= replaced.bytes;
	}
	// The bytes and the parts they are cut into: about twice the JSON.
	const bytes = 2 * page.json.length + key.length;
	if (bytes > cache.limits.maxBytes) return;
	cache.pages.set(key, { ...page, bytes });
	cache.bytes += bytes;
	for (const [oldestKey, oldest] of cache.pages) {
		if (
			cache.bytes <= cache.limits.maxBytes &&
			cache.pages.size <= cache.limits.maxEntries
		)
			break;
		cache.pages.delete(oldestKey);
		cache.bytes -= oldest.bytes;
	}
}

/**
 * For a writer through this instance, once its change to tools has committed: the next list
 * read reads the version again instead of trusting the last one for up to CATALOG_VERSION_TTL_MS.
 */
export function forgetCatalogVersion(cache: ToolListCache): void {
	cache.version = undefined;
	cache.reading = undefined;
	forgetStock(cache);
}

/**
 * For a change of stock through this instance (an order), once committed: the next list read
 * reads the stock of its page's tools again (decision 016). The catalog version stays.
 */
export function forgetStock(cache: ToolListCache): void {
	cache.stockEpoch++;
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
 * The key of the listed tool at place `index` × LIST_ANCHOR_STEP (newest first) at `version`, or
 * undefined past the end of the catalog. The keys are found once per version, as far as the
 * deepest page asked for, each pass continuing from the last key found.
 */
async function listedAnchor(
	db: Db,
	cache: ToolListCache,
	version: string,
	index: number,
): Promise<ListedToolKey | undefined> {
	let anchors = cache.anchors;
	if (anchors?.version !== version) {
		anchors = { version, keys: [] };
		cache.anchors = anchors;
	}
	const known = anchors.keys.length;
	if (known >= index) return anchors.keys[index - 1];
	const found = await findListedToolKeysEvery(
		db,
		anchors.keys.at(-1),
		LIST_ANCHOR_STEP,
		index - known,
	);
	// Requests of the same version may look for keys at the same time: the first one keeps its.
	if (anchors.keys.length === known) anchors.keys.push(...found);
	return found[index - known - 1];
}

/** A page of the plain list: from the top, or from the nearest key above it when deep. */
async function findListedPage(
	db: Db,
	cache: ToolListCache,
	version: string,
	offset: number,
	limit: number,
): Promise<ListedToolJson[]> {
	const index = Math.floor(offset / LIST_ANCHOR_STEP);
	if (index === 0) return findToolsPage(db, offset, limit);
	const anchor = await listedAnchor(db, cache, version, index);
	return anchor
		? findToolsPageFrom(db, anchor, offset - index * LIST_ANCHOR_STEP, limit)
		: [];
}

/**
 * The tool list is the most read answer of the shop. It is served from bytes serialized once per
 * catalog version (docs/decisions/006-catalog-list-cache.md), searches included. Any change to a
 * tool, by any writer on any instance, bumps the version in its transaction; an instance reads the
 * version at most every CATALOG_VERSION_TTL_MS, so another writer's change shows within that
 * time. The version is read before the rows, so a cached page is never older than its stamp.
 * A page is cached under its number, size and the words of its search as searchTerms reads them
 * (lower case, at most SEARCH_TERMS_MAX, q at most SEARCH_QUERY_MAX_LENGTH characters), so the
 * keys stay short whatever a caller sends.
 */
export async function listToolsSerialized(
	{ db, listCache }: Pick<ToolsDeps, "db" | "listCache">,
	query: ToolListQuery,
): Promise<Buffer> {
	if (query.updated_since !== undefined)
		return listToolsChangedSince(db, {
			...query,
			updated_since: query.updated_since,
		});
	const version = await currentCatalogVersion(db, listCache);
	const words = searchTerms(query.q ?? "").join(" ");
	const key = `${query.page}:${query.page_size}:${words}`;
	const cached = readCachedPage(listCache, key, version);
	if (cached) return withCurrentStock(db, listCache, cached);
	// Taken before the rows are read: a stock notice meanwhile makes the next read read it again.
	const stockEpoch = listCache.stockEpoch;
	const stockReadAt = listCache.clock();
	const page = await listTools(db, query, {
		page: (offset, limit) =>
			findListedPage(db, listCache, version, offset, limit),
		// Every page of the list has the same total: it is counted once per version, not per page.
		count: async () => {
			const known = listCache.listedTotal;
			if (known?.version === version) return known.total;
			const total = await countTools(db);
			listCache.listedTotal = { version, total };
			return total;
		},
	});
	// Each tool's JSON has the schema's fields and no others (toTool's, or SQLite's json_object
	// of the same columns): encoding the page with ToolPageSchema again would only check what the
	// types already hold, and costs more than the page.
	const { parts, stock } = cutAroundStock(page);
	const json = joinPage(parts, stock);
	cachePage(listCache, key, {
		version,
		parts,
		stock,
		json,
		stockEpoch,
		stockReadAt,
	});
	return json;
}

/**
 * The listed tools changed since a time, oldest change first, read afresh (never cached: each
 * caller asks from its own last visit). Not with a search: `q` is refused beside it.
 */
async function listToolsChangedSince(
	db: Db,
	query: ToolListQuery & { updated_since: string },
): Promise<Buffer> {
	if (searchTerms(query.q ?? "").length > 0)
		throw new ValidationError("Invalid querystring: q", [
			{ field: "q", message: "q cannot be used with updated_since" },
		]);
	const { tools, total } = await findToolsChangedSince(
		db,
		toStoredTime(query.updated_since),
		(query.page - 1) * query.page_size,
		query.page_size,
	);
	const page: ToolPage = {
		items: tools,
		page: query.page,
		page_size: query.page_size,
		total,
		total_is_capped: false,
	};
	return Buffer.from(JSON.stringify(page));
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
		sku: form.sku,
		pack_size: Number(form.pack_size),
		// Checked by the form schema: the text is in the pairs' form.
		price_breaks: parsePriceBreaks(form.price_breaks) ?? [],
	};
}

/** A 409 on the part number field: another tool in the catalog has it. */
function skuTakenError(sku: string): ConflictError {
	const message = `Part Number ${sku} is already used by another tool`;
	return new ConflictError(message, [{ field: "sku", message }]);
}

/** Runs an insert or update that may hit the unique part number index, as a clear 409. */
async function withUniqueSku<T>(
	sku: string,
	write: () => Promise<T>,
): Promise<T> {
	try {
		return await write();
	} catch (error) {
		if (isUniqueViolation(error)) throw skuTakenError(sku);
		throw error;
	}
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
	const changes = toChanges(form);
	if (changes.sku !== "" && (await isSkuTaken(db, changes.sku)))
		throw skuTakenError(changes.sku);
	const stored = await storeToolPhoto(images, photo ?? Buffer.alloc(0));
	const now = new Date().toISOString();
	const id = crypto.randomUUID();
	// A part number left blank is the next free TG- number; two adds racing for the same one
	// meet at the unique index, and the later takes the number after.
	for (let attempt = 1; ; attempt++) {
		const sku = changes.sku || (await nextFreeSku(db));
		try {
			await withUniqueSku(sku, () =>
				insertTools(db, [
					{
						id,
						...changes,
						sku,
						...stored,
						supplier_name: viewer.name,
						supplier_email: viewer.email,
						created_at: now,
					},
				]),
			);
			break;
		} catch (error) {
			if (changes.sku !== "" || attempt === 5) throw error;
		}
	}
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
	const { available_quantity, ...changes } = toChanges({
		...form,
		sku: form.sku ?? current.sku,
		pack_size: form.pack_size ?? String(current.pack_size),
		price_breaks: form.price_breaks ?? formatPriceBreaks(current.price_breaks),
	});
	// The terms kept from the tool must fit the ones changed (a new minimum, the old packs).
	const problems = toolTermsProblems(changes);
	const [problem] = problems;
	if (problem) throw new ValidationError(problem.message, problems);
	const stored = photo ? await storeToolPhoto(images, photo) : undefined;
	const stockChange = available_quantity - Number(form.available_quantity_seen);
	const isUpdated = await withUniqueSku(changes.sku, () =>
		updateToolAtVersion(
			db,
			id,
			version,
			{ ...changes, ...stored },
			stockChange,
			new Date().toISOString(),
		),
	);
	if (!isUpdated) {
		const now = await getTool(db, id);
		if (now.version !== version) throw new StaleEditError();
		const message =
			now.available_quantity + stockChange < 0
				? `Only ${now.available_quantity} pieces are in stock now: orders took some after the form was opened. Reload and try again.`
				: `${now.available_quantity} pieces are in stock now: orders were cancelled after the form was opened, and this change would take the stock above ${groupThousands(TOOL_QUANTITY_MAX)}. Reload and try again.`;
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
 * The tools of an order's lines as the order copies them, in the order of `lines`, read without
 * locking their rows: the stock is taken at the end of the order's transaction by takeStockAsRead,
 * so a tool's row stays locked for as short a time as can be. A line that cannot be ordered as the
 * tool now stands is refused here, as takeStockAsRead would refuse it.
 */
export async function readToolsForLines(
	db: Db,
	lines: readonly { tool_id: string; quantity: number }[],
	isOneLine: boolean,
): Promise<ToolTermsForOrder[]> {
	const found = new Map(
		(
			await findToolsForOrder(
				db,
				lines.map((line) => line.tool_id),
			)
		).map((tool) => [tool.id, tool]),
	);
	// Refused now, by the same rule and in the same words as the stock update would be; that
	// update stays the judge of what the stock is when it is taken.
	const refused = lines.filter((line) => {
		const tool = found.get(line.tool_id);
		return !tool || !checkPurchase(tool, line.quantity).canOrder;
	});
	if (refused.length > 0) await refuseLines(db, refused, isOneLine);
	return lines.map((line) => found.get(line.tool_id) as ToolTermsForOrder);
}

/**
 * The lines in the order their tools' rows are locked: by id, compared as plain strings.
 */
export function inLockOrder<Line extends { tool_id: string }>(
	lines: readonly Line[],
): Line[] {
	return [...lines].sort((a, b) => byCodeUnits(a.tool_id, b.tool_id));
}

/**
 * Takes the stock of every line inside the caller's transaction, at the version its tool was read
 * at, in the order of the tools' ids (two checkouts of the same tools on PostgreSQL lock their rows
 * in the same order, so they never deadlock). When any line does not fit (stock, minimum, packs,
 * or an edit of the tool since it was read), the refused lines are named in a 409 (field
 * `order_quantity` for the purchase page's one line, `lines.{toolId}` for a checkout's) and the
 * caller's transaction must roll back: nothing is taken.
 */
export async function takeStockAsRead(
	db: Db,
	lines: readonly { tool_id: string; quantity: number; version: number }[],
	isOneLine: boolean,
): Promise<void> {
	const refused = await takeStocksAtVersions(db, inLockOrder(lines));
	if (refused.length > 0) await refuseLines(db, refused, isOneLine);
}

/** Throws the 409 (or, for the purchase page's one line of an unknown tool, the 404) that says why. */
async function refuseLines(
	db: Db,
	lines: readonly { tool_id: string; quantity: number }[],
	isOneLine: boolean,
): Promise<never> {
	const [only] = lines;
	if (isOneLine && only) {
		const tool = await getTool(db, only.tool_id);
		const check = checkPurchase(tool, only.quantity);
		const message = check.canOrder
			? "The stock changed while ordering. Please try again."
			: check.message;
		throw new ConflictError(message, [{ field: "order_quantity", message }]);
	}
	const refused = await Promise.all(
		lines.map(async (line) => ({
			field: `lines.${line.tool_id}`,
			message: await explainRefusedLine(db, line.tool_id, line.quantity),
		})),
	);
	const [first] = refused;
	throw new ConflictError(
		refused.length === 1 && first
			? first.message
			: `${refused.length} lines of your cart cannot be ordered as they are; nothing was ordered.`,
		refused,
	);
}

/** The listed tools among `ids`, by id; a deleted or unknown id has no entry. */
export async function getListedTools(
	db: Db,
	ids: readonly string[],
): Promise<Map<string, Tool>> {
	const tools = await findListedToolsByIds(db, ids);
	return new Map(tools.map((tool) => [tool.id, tool]));
}

/**
 * Why a line cannot be ordered as it is, in the words the customer sees, starting with the tool's
 * name; for a line whose stock was not taken.
 */
async function explainRefusedLine(
	db: Db,
	toolId: string,
	quantity: number,
): Promise<string> {
	const tool = await findToolById(db, toolId);
	if (!tool) {
		const snapshot = await findToolSnapshot(db, toolId);
		return snapshot
			? `${snapshot.tool_name}: this tool is no longer sold. Remove it from your cart.`
			: "A tool in your cart does not exist. Remove it from your cart.";
	}
	const check = checkPurchase(tool, quantity);
	return `${tool.tool_name}: ${
		check.canOrder
			? "The stock changed while ordering. Please try again."
			: check.message
	}`;
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
 * Sets a tool's stock to a counted figure (a stock system's): the stock moves, the tool's own
 * fields and version do not. The list shows it at its next read (decision 016).
 */
async function setStock(
	{ db, listCache }: Pick<ToolsDeps, "db" | "listCache">,
	id: string,
	availableQuantity: number,
): Promise<Tool> {
	if (!(await setListedToolStock(db, id, availableQuantity)))
		throw new NotFoundError("Tool not found");
	forgetStock(listCache);
	return getTool(db, id);
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
		setStock: (id: string, availableQuantity: number) =>
			setStock(deps, id, availableQuantity),
		/** For a writer outside this feature (an import), once its change to tools has committed. */
		forgetCatalogVersion: () => forgetCatalogVersion(deps.listCache),
		forgetStock: () => forgetStock(deps.listCache),
	};
}

export type ToolUseCases = ReturnType<typeof createToolUseCases>;

/** What a tool's public address shows: the listed tool, or that it was deleted (410 Gone). */
export type ToolAtAddress =
	| { status: "listed"; tool: Tool; updated_at: string }
	| { status: "deleted"; tool_name: string };

/** The tool at a public address (/tools/{slug}); undefined when no tool ever had it. */
export async function findToolAtAddress(
	db: Db,
	slug: string,
): Promise<ToolAtAddress | undefined> {
	const found = await findToolBySlug(db, slug);
	if (!found) return undefined;
	const { deleted_at, ...tool } = found;
	return deleted_at === null
		? { status: "listed", tool, updated_at: tool.updated_at }
		: { status: "deleted", tool_name: tool.tool_name };
}

/** The listed tool at a public address: 404 when none ever had it, 410 once it was deleted. */
export async function getToolBySlug(db: Db, slug: string): Promise<Tool> {
	const found = await findToolAtAddress(db, slug);
	if (!found) throw new NotFoundError("Tool not found");
	if (found.status === "deleted")
		throw new GoneError(`${found.tool_name} is no longer sold`);
	return found.tool;
}

/** How many tools the catalog lists. */
export function countListedTools(db: Db): Promise<number> {
	return countTools(db);
}

/** A listed tool's public address and when it last changed, as a sitemap lists it. */
export type ToolLink = { slug: string; updated_at: string };

/**
 * `count` listed tools' addresses from the `offset`-th oldest on, in batches of `batchSize`:
 * the start is found in the listed-tools index, then each batch is a range scan after the last,
 * so the 50,000th tool costs what the first does.
 */
export async function* listToolLinks(
	db: Db,
	offset: number,
	count: number,
	batchSize: number,
): AsyncGenerator<ToolLink[]> {
	let key = await findListedToolKeyAt(db, offset);
	let isKeyIncluded = true;
	for (let left = count; key && left > 0; ) {
		const rows = await findListedToolLinks(
			db,
			key,
			isKeyIncluded,
			Math.min(batchSize, left),
		);
		if (rows.length === 0) return;
		yield rows.map(({ slug, updated_at }) => ({ slug, updated_at }));
		left -= rows.length;
		key = rows.at(-1);
		isKeyIncluded = false;
	}
}

/** The listed tools with these part numbers, by part number: what an import compares its rows with. */
export async function getListedToolsBySkus(
	db: Db,
	skus: readonly string[],
): Promise<Map<string, Tool>> {
	const tools = await findListedToolsBySkus(db, skus);
	return new Map(tools.map((tool) => [tool.sku, tool]));
}

/**
 * Every listed tool by part number, in batches of `batchSize`: each batch is a range scan after
 * the last one's part number, so a catalog of any size is read without holding it whole.
 */
export async function* listToolsForExport(
	db: Db,
	batchSize: number,
): AsyncGenerator<ExportedTool[]> {
	let afterSku: string | undefined;
	for (;;) {
		const tools = await findListedToolsAfterSku(db, afterSku, batchSize);
		if (tools.length > 0) yield tools;
		if (tools.length < batchSize) return;
		afterSku = tools.at(-1)?.sku;
	}
}

/** A tool's terms and stock as an import row gives them. */
export type ImportedToolTerms = Omit<ToolChanges, "img" | "img_large" | "sku">;

/** What an import writes: new tools by part number, and changes to listed tools by id. */
export type ToolImportWrites = {
	creates: (ImportedToolTerms & { sku: string })[];
	updates: { id: string; terms: ImportedToolTerms }[];
};

/**
 * Writes an import's new and changed tools inside the caller's transaction. New tools get the
 * photo given (the shop's placeholder) and the importing admin as supplier; a public address
 * another tool has (a deleted one keeps its own) gets a number after it. Throws a 409 when a part
 * number was taken or a tool deleted since the rows were read: the caller's transaction must
 * then roll back.
 */
export async function writeImportedTools(
	db: Db,
	{ creates, updates }: ToolImportWrites,
	author: { name: string; email: string },
	photo: { img: string; img_large: string },
	now: string,
): Promise<void> {
	for (let start = 0; start < creates.length; start += IMPORT_WRITE_BATCH) {
		const batch = creates.slice(start, start + IMPORT_WRITE_BATCH);
		const slugs = await freeSlugs(
			db,
			batch.map((tool) => toolSlug(tool.tool_name, tool.sku)),
		);
		const rows: NewTool[] = batch.map((tool, index) => ({
			id: crypto.randomUUID(),
			...tool,
			...photo,
			slug: slugs[index],
			supplier_name: author.name,
			supplier_email: author.email,
			created_at: now,
		}));
		try {
			await insertTools(db, rows);
		} catch (error) {
			if (isUniqueViolation(error))
				throw new ConflictError(
					"A part number of the file was given to another tool while it was imported; nothing was imported. Check the file again.",
				);
			throw error;
		}
	}
	for (const { id, terms } of updates)
		if (!(await updateImportedTool(db, id, terms, now)))
			throw new ConflictError(
				"A tool of the file was deleted while it was imported; nothing was imported. Check the file again.",
			);
}

/** How many new tools one insert statement carries (16 columns each, within both databases' limits). */
const IMPORT_WRITE_BATCH = 500;

/**
 * Each address as wanted, or with -2, -3, … after it where a tool (deleted ones included) or an
 * earlier one of the batch has it.
 */
async function freeSlugs(db: Db, wanted: readonly string[]): Promise<string[]> {
	const taken = new Set(await findTakenSlugs(db, wanted));
	const free: string[] = [];
	for (const slug of wanted) {
		let chosen = slug;
		if (taken.has(slug)) {
			const numbered = Array.from(
				{ length: 50 },
				(_, index) => `${slug}-${index + 2}`,
			);
			const alsoTaken = new Set(await findTakenSlugs(db, numbered));
			chosen =
				numbered.find((next) => !taken.has(next) && !alsoTaken.has(next)) ??
				`${slug}-${crypto.randomUUID().slice(0, 8)}`;
		}
		taken.add(chosen);
		free.push(chosen);
	}
	return free;
}
