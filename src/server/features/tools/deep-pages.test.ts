import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import {
	findToolsPage,
	findToolsPageFrom,
	insertTools,
	type NewTool,
} from "./tools.repository.ts";
import { CATALOG_VERSION_TTL_MS } from "./tools.service.ts";

/**
 * `count` tools a second apart, newest last, and every tenth one added in the same second as the
 * one before it: the list orders those by id.
 */
async function insertCatalog(
	t: TestApp,
	count: number,
	{ start = Date.UTC(2026, 0, 1), sku = "DEEP" } = {},
): Promise<NewTool[]> {
	const tools: NewTool[] = Array.from({ length: count }, (_, index) => ({
		id: randomUUID(),
		tool_name: `Catalog Tool ${index + 1}`,
		description: "A tool of a large catalog.",
		price_cents: 1000,
		available_quantity: 10,
		minimum_quantity: 1,
		img: "/images/test-tool.webp",
		supplier_name: "Test Supplier",
		supplier_email: null,
		sku: `${sku}-${index + 1}`,
		created_at: new Date(
			start + (index - (index % 10 === 9 ? 1 : 0)) * 1000,
		).toISOString(),
	}));
	for (let begin = 0; begin < tools.length; begin += 200)
		await insertTools(t.db, tools.slice(begin, begin + 200));
	return tools;
}

const newestFirst = (tools: readonly NewTool[]) =>
	[...tools]
		.sort((a, b) =>
			a.created_at === b.created_at
				? b.id.localeCompare(a.id)
				: b.created_at.localeCompare(a.created_at),
		)
		.map((tool) => tool.id);

async function listIds(t: TestApp, page: number, pageSize: number) {
	const response = await t.app.inject({
		url: `/api/tools?page=${page}&page_size=${pageSize}`,
	});
	expect(response.statusCode, response.body).toBe(200);
	const body = ToolPageSchema.parse(response.json());
	return { ids: body.items.map((tool) => tool.id), total: body.total };
}

test("every page of a catalog of 620 tools, the deepest included, holds the tools it should, newest first", async () => {
	const t = await createTestApp();
	const expected = newestFirst(await insertCatalog(t, 620));

	const pages = [];
	for (let page = 1; page <= 7; page++) pages.push(await listIds(t, page, 100));
	expect(pages.map((page) => page.total)).toEqual(Array(7).fill(620));
	expect(pages.flatMap((page) => page.ids)).toEqual(expected);
	expect((await listIds(t, 8, 100)).ids).toEqual([]);

	// Read in any order and at any size, a page starts where it should.
	for (const [page, size] of [
		[89, 7],
		[36, 7],
		[26, 24],
		[2, 100],
		[13, 48],
		[620, 1],
	] as const)
		expect(
			(await listIds(t, page, size)).ids,
			`page ${page} of ${size}`,
		).toEqual(expected.slice((page - 1) * size, page * size));
});

test("a deep page follows the catalog once it changes: added and deleted tools move it", async () => {
	let now = 0;
	const t = await createTestApp({ clock: () => now });
	const tools = await insertCatalog(t, 600);
	expect((await listIds(t, 6, 100)).ids).toEqual(
		newestFirst(tools).slice(500, 600),
	);

	const removed = newestFirst(tools).slice(10, 13);
	await t.db
		.updateTable("tools")
		.set({ deleted_at: new Date().toISOString() })
		.where("id", "in", removed)
		.execute();
	const [added] = await insertCatalog(t, 1, {
		start: Date.UTC(2027, 0, 1),
		sku: "ADDED",
	});
	now += CATALOG_VERSION_TTL_MS;

	const listed = [
		...(added ? [added.id] : []),
		...newestFirst(tools).filter((id) => !removed.includes(id)),
	];
	const deep = await listIds(t, 6, 100);
	expect(deep.total).toBe(598);
	expect(deep.ids).toEqual(listed.slice(500, 600));
	expect((await listIds(t, 3, 100)).ids).toEqual(listed.slice(200, 300));
});

test("a page read from the top or from a key holds the same tools whether it is near its start or far from it", async () => {
	const t = await createTestApp();
	const expected = newestFirst(await insertCatalog(t, 700));
	const ids = (tools: readonly { id: string }[]) =>
		tools.map((tool) => tool.id);
	// Near the start (the statement that scans at most a few hundred index entries) and far from it.
	for (const [offset, limit] of [
		[0, 24],
		[226, 24],
		[249, 100],
		[420, 100],
		[600, 100],
	] as const) {
		expect(
			ids(await findToolsPage(t.db, offset, limit)),
			`from the top, ${offset} + ${limit}`,
		).toEqual(expected.slice(offset, offset + limit));
		const from = expected[50];
		const key = await t.db
			.selectFrom("tools")
			.select(["created_at", "id"])
			.where("id", "=", from ?? "")
			.executeTakeFirstOrThrow();
		expect(
			ids(await findToolsPageFrom(t.db, key, offset, limit)),
			`from the 51st tool, ${offset} + ${limit}`,
		).toEqual(expected.slice(50 + offset, 50 + offset + limit));
	}
});
