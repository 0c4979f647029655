import { expect, test } from "vitest";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	createToolListCache,
	type ListCacheLimits,
	listToolsSerialized,
	type ToolListQuery,
	type ToolsDeps,
} from "./tools.service.ts";

/**
 * A cache on a clock that never moves, so the catalog version it read first is trusted for good:
 * a page read from the cache shows the catalog as it was, a page read afresh shows it as it is.
 */
async function createCachedList(t: TestApp, limits: ListCacheLimits) {
	const deps: ToolsDeps = {
		db: t.db,
		images: t.images,
		listCache: createToolListCache(() => 0, limits),
	};
	const read = async (query: ToolListQuery) => listToolsSerialized(deps, query);
	const names = async (query: ToolListQuery) =>
		ToolPageSchema.parse(JSON.parse((await read(query)).toString("utf8")))
			.items.map((tool) => tool.tool_name)
			.join();
	return { cache: deps.listCache, read, names };
}

/** Four tools with descriptions long enough that a page's bytes grow with its size. */
async function insertFourTools(t: TestApp): Promise<void> {
	for (const number of [1, 2, 3, 4])
		await insertTestTool(t.db, {
			tool_name: `Old Name ${number}`,
			description: `Tool ${number}. ${"A sturdy tool for the workshop. ".repeat(20)}`,
		});
}

/** Renames every tool behind the cache's back: only pages read afresh show it. */
async function renameEveryTool(t: TestApp): Promise<void> {
	await t.db
		.updateTable("tools")
		.set((eb) => ({
			tool_name: eb.fn<string>("replace", [
				eb.ref("tool_name"),
				eb.val("Old"),
				eb.val("New"),
			]),
		}))
		.execute();
}

const pageOf = (size: number): ToolListQuery => ({ page: 1, page_size: size });

test("past its page limit, the list cache evicts the least recently used page, one at a time", async () => {
	const t = await createTestApp();
	await insertFourTools(t);
	const list = await createCachedList(t, {
		maxBytes: 10_000_000,
		maxEntries: 3,
	});
	for (const size of [1, 2, 3]) await list.read(pageOf(size));
	// Reading the page of 1 again makes it the most recently used: the page of 2 is now the oldest.
	await list.read(pageOf(1));
	await list.read(pageOf(4));
	expect(list.cache.pages.size).toBe(3);

	await renameEveryTool(t);
	expect(await list.names(pageOf(1))).toContain("Old Name");
	expect(await list.names(pageOf(3))).toContain("Old Name");
	expect(await list.names(pageOf(4))).toContain("Old Name");
	expect(await list.names(pageOf(2))).not.toContain("Old Name");
});

test("the list cache holds at most its bytes: the least recently used pages go until the new one fits", async () => {
	const t = await createTestApp();
	await insertFourTools(t);
	const sizing = await createCachedList(t, {
		maxBytes: 10_000_000,
		maxEntries: 100,
	});
	// What each page weighs in the cache (its bytes and the parts they are cut into, its key).
	const bytes = new Map<number, number>();
	for (const size of [1, 2, 3, 4]) {
		const before = sizing.cache.bytes;
		await sizing.read(pageOf(size));
		bytes.set(size, sizing.cache.bytes - before);
	}
	const bytesOf = (size: number) => bytes.get(size) ?? 0;
	expect(bytesOf(4)).toBeGreaterThan(bytesOf(1) + 100);

	// Room for the pages of 1, 2 and 3, not for the page of 4 beside them.
	const maxBytes = bytesOf(1) + bytesOf(2) + bytesOf(3) + 100;
	const list = await createCachedList(t, { maxBytes, maxEntries: 100 });
	for (const size of [1, 2, 3]) await list.read(pageOf(size));
	expect(list.cache.pages.size).toBe(3);
	await list.read(pageOf(1));
	await list.read(pageOf(4));
	// The page of 2 (the least recently used), then the page of 3, made room for the page of 4.
	expect(list.cache.pages.size).toBe(2);
	expect(list.cache.bytes).toBeLessThanOrEqual(maxBytes);

	await renameEveryTool(t);
	expect(await list.names(pageOf(1))).toContain("Old Name");
	expect(await list.names(pageOf(4))).toContain("Old Name");
	expect(await list.names(pageOf(2))).not.toContain("Old Name");
	expect(list.cache.bytes).toBeLessThanOrEqual(maxBytes);
});

test("a page heavier than the whole list cache is served but not kept, and evicts nothing", async () => {
	const t = await createTestApp();
	await insertFourTools(t);
	const sizing = await createCachedList(t, {
		maxBytes: 10_000_000,
		maxEntries: 100,
	});
	await sizing.read(pageOf(1));
	const small = sizing.cache.bytes;
	const list = await createCachedList(t, {
		maxBytes: small + 100,
		maxEntries: 100,
	});
	await list.read(pageOf(1));
	expect(await list.names(pageOf(4))).toContain("Old Name 4");
	expect(list.cache.pages.size).toBe(1);

	await renameEveryTool(t);
	expect(await list.names(pageOf(1))).toContain("Old Name");
	expect(await list.names(pageOf(4))).not.toContain("Old Name");
});

test("searches that differ only in case, punctuation and spacing share one cached page", async () => {
	const t = await createTestApp();
	await insertFourTools(t);
	const list = await createCachedList(t, {
		maxBytes: 10_000_000,
		maxEntries: 100,
	});
	const search = (q: string): ToolListQuery => ({ page: 1, page_size: 4, q });
	await list.read(search("old name"));
	await renameEveryTool(t);
	for (const q of ["OLD  NAME", "  old, name!", '"Old" (name)'])
		expect(await list.names(search(q)), q).toContain("Old Name");
	expect(list.cache.pages.size).toBe(1);
	expect(await list.names(search("new name"))).toContain("New Name");
});
