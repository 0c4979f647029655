import * as z from "zod/mini";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import { type Tool, ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { type Clock, monotonicClock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import {
	countTools,
	findCatalogVersion,
	findToolById,
	findToolsPage,
} from "./tools.repository.ts";

export async function listTools(db: Db, query: PageQuery): Promise<Page<Tool>> {
	return readPage(
		query,
		(offset, limit) => findToolsPage(db, offset, limit),
		() => countTools(db),
	);
}

export async function getTool(db: Db, id: string): Promise<Tool> {
	const tool = await findToolById(db, id);
	if (!tool) throw new NotFoundError("Tool not found");
	return tool;
}

const MAX_CACHED_PAGES = 200;
/** How long a read of the catalog version is trusted before it is read again. */
export const CATALOG_VERSION_TTL_MS = 100;

/** Serialized tool-list pages of one server instance, each stamped with the catalog version. */
export type ToolListCache = {
	pages: Map<string, { version: string; json: Buffer }>;
	clock: Clock;
	version?: { value: string; readAt: number };
	/** The version read in flight: requests arriving meanwhile wait for it instead of reading again. */
	reading?: Promise<string>;
};

/** What the tools routes and every tools writer share: one list cache per app (decision 006). */
export type ToolsDeps = { db: Db; listCache: ToolListCache };

export function createToolListCache(
	clock: Clock = monotonicClock,
): ToolListCache {
	return { pages: new Map(), clock };
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
 * catalog version (docs/decisions/006-catalog-list-cache.md). Any change to a tool, by any
 * writer on any instance, bumps the version in its transaction; an instance reads the version at
 * most every CATALOG_VERSION_TTL_MS, so another writer's change shows within that time. The
 * version is read before the rows, so a cached page is never older than its stamp.
 */
export async function listToolsSerialized(
	{ db, listCache }: ToolsDeps,
	query: PageQuery,
): Promise<Buffer> {
	const version = await currentCatalogVersion(db, listCache);
	const key = `${query.page}:${query.page_size}`;
	const cached = listCache.pages.get(key);
	if (cached?.version === version) return cached.json;
	const json = Buffer.from(
		JSON.stringify(z.encode(ToolPageSchema, await listTools(db, query))),
	);
	if (listCache.pages.size >= MAX_CACHED_PAGES) listCache.pages.clear();
	listCache.pages.set(key, { version, json });
	return json;
}
