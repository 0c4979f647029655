import * as z from "zod/mini";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import { type Tool, ToolPageSchema } from "../../../shared/tools.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import { countTools, findCatalogVersion, findToolById, findToolsPage } from "./tools.repository.ts";

export async function listTools(db: Db, query: PageQuery): Promise<Page<Tool>> {
  const [items, total] = await Promise.all([
    findToolsPage(db, (query.page - 1) * query.page_size, query.page_size),
    countTools(db),
  ]);
  return { items, page: query.page, page_size: query.page_size, total };
}

export async function getTool(db: Db, id: string): Promise<Tool> {
  const tool = await findToolById(db, id);
  if (!tool) throw new NotFoundError("Tool not found");
  return tool;
}

const MAX_CACHED_PAGES = 200;

/** Serialized tool-list pages of one server instance, each stamped with the catalog version. */
export type ToolListCache = Map<string, { version: string; json: Buffer }>;

export function createToolListCache(): ToolListCache {
  return new Map();
}

/**
 * The tool list is the most read answer of the shop. It is served from bytes serialized once per
 * catalog version: each request costs one read of the version row, and any change to a tool (on
 * any instance, by any writer) bumps the version in the same transaction. The version is read
 * before the rows, so a cached page is never older than its stamp.
 */
export async function listToolsSerialized(db: Db, cache: ToolListCache, query: PageQuery): Promise<Buffer> {
  const version = await findCatalogVersion(db);
  const key = `${query.page}:${query.page_size}`;
  const cached = cache.get(key);
  if (cached?.version === version) return cached.json;
  const json = Buffer.from(JSON.stringify(z.encode(ToolPageSchema, await listTools(db, query))));
  if (cache.size >= MAX_CACHED_PAGES) cache.clear();
  cache.set(key, { version, json });
  return json;
}
