import { expect, test } from "vitest";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { ToolPageSchema, ToolSchema } from "../../../shared/tools.schemas.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import { CATALOG_VERSION_TTL_MS } from "./tools.service.ts";

test("lists tools newest first, a page at a time", async () => {
	const t = await createTestApp();
	const oldest = await insertTestTool(t.db, { tool_name: "Oldest" });
	const middle = await insertTestTool(t.db, { tool_name: "Middle" });
	const newest = await insertTestTool(t.db, { tool_name: "Newest" });

	const first = await t.app.inject({ url: "/api/tools?page=1&page_size=2" });
	expect(first.statusCode).toBe(200);
	expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
	const firstPage = ToolPageSchema.parse(first.json());
	expect(firstPage.items.map((tool) => tool.id)).toEqual([
		newest.id,
		middle.id,
	]);
	expect(firstPage).toMatchObject({ page: 1, page_size: 2, total: 3 });

	const second = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools?page=2&page_size=2" })).json(),
	);
	expect(second.items.map((tool) => tool.id)).toEqual([oldest.id]);
});

test("a tool is listed with the spec's fields, its part number, address and order terms, money in cents, and no supplier email", async () => {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		price_cents: 2499,
		available_quantity: 40,
		minimum_quantity: 5,
	});
	const body = (await t.app.inject({ url: "/api/tools" })).json();
	expect(body.items[0]).toEqual({
		id: tool.id,
		tool_name: tool.tool_name,
		description: tool.description,
		price_cents: 2499,
		available_quantity: 40,
		minimum_quantity: 5,
		img: tool.img,
		img_large: tool.img,
		supplier_name: tool.supplier_name,
		created_at: tool.created_at,
		updated_at: tool.created_at,
		version: 1,
		sku: tool.sku,
		slug: `${tool.tool_name.toLowerCase().replaceAll(" ", "-")}-${tool.sku.toLowerCase()}`,
		pack_size: 1,
		price_breaks: [],
	});
	expect(JSON.stringify(body)).not.toContain("supplier@example.com");
});

test("the list and a search give each tool exactly as its own address does, field for field, whatever characters its text holds", async () => {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		tool_name: 'Größe ½″ "Pro" Wrench \\ 🔧',
		description:
			'Line one\nline two\ttabbed, a \u0001 control, a "quote", a back\\slash, </script> and 20 % off.',
		price_breaks: [
			{ min_quantity: 20, price_cents: 1800 },
			{ min_quantity: 100, price_cents: 1650 },
		],
	});
	const own = (await t.app.inject({ url: `/api/tools/${tool.id}` })).json();
	expect(own.description).toBe(tool.description);
	for (const url of ["/api/tools", "/api/tools?q=wrench"]) {
		const listed = (await t.app.inject({ url })).json().items[0];
		expect(listed).toEqual(own);
	}
});

test("the list defaults to the first page of 12", async () => {
	const t = await createTestApp();
	for (let i = 0; i < 13; i++) await insertTestTool(t.db);
	const page = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools" })).json(),
	);
	expect(page.items).toHaveLength(12);
	expect(page).toMatchObject({ page: 1, page_size: 12, total: 13 });
});

test("deleted tools are neither listed nor readable", async () => {
	const t = await createTestApp();
	const kept = await insertTestTool(t.db);
	const removed = await insertTestTool(t.db);
	await t.db
		.updateTable("tools")
		.set({ deleted_at: new Date().toISOString() })
		.where("id", "=", removed.id)
		.execute();

	const page = ToolPageSchema.parse(
		(await t.app.inject({ url: "/api/tools" })).json(),
	);
	expect(page.items.map((tool) => tool.id)).toEqual([kept.id]);
	expect(page.total).toBe(1);
	expect(
		(await t.app.inject({ url: `/api/tools/${removed.id}` })).statusCode,
	).toBe(404);
});

test.each([
	["page=0", "page"],
	["page=abc", "page"],
	["page=1.5", "page"],
	["page_size=0", "page_size"],
	["page_size=101", "page_size"],
])("a bad list query (%s) is a 400 naming %s", async (query, field) => {
	const t = await createTestApp();
	const response = await t.app.inject({ url: `/api/tools?${query}` });
	expect(response.statusCode).toBe(400);
	const body = ApiErrorBodySchema.parse(response.json());
	expect(body.error.code).toBe("VALIDATION_FAILED");
	expect(body.error.details?.map((detail) => detail.field)).toContain(field);
});

test("reads one tool", async () => {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, { tool_name: "Bench Vise" });
	const response = await t.app.inject({ url: `/api/tools/${tool.id}` });
	expect(response.statusCode).toBe(200);
	expect(ToolSchema.parse(response.json())).toMatchObject({
		id: tool.id,
		tool_name: "Bench Vise",
	});
});

test("an unknown tool is a 404 in the error envelope", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({
		url: "/api/tools/0b5e4bb4-5a3e-4a55-9d4c-1f7d6c1f2e3a",
	});
	expect(response.statusCode).toBe(404);
	expect(response.json()).toEqual({
		error: { code: "NOT_FOUND", message: "Tool not found" },
	});
});

test("a malformed tool id is a 400 naming toolId", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({ url: "/api/tools/not-a-uuid" });
	expect(response.statusCode).toBe(400);
	expect(response.json()).toEqual({
		error: {
			code: "VALIDATION_FAILED",
			message: "Invalid params: toolId",
			details: [{ field: "toolId", message: "Tool id must be a UUID" }],
		},
	});
});

test("the list is served from cache between version checks and shows any write after the next one", async () => {
	let now = 0;
	const t = await createTestApp({ clock: () => now });
	const list = async () =>
		ToolPageSchema.parse((await t.app.inject({ url: "/api/tools" })).json());
	const tool = await insertTestTool(t.db, { available_quantity: 40 });
	expect((await list()).items[0]?.available_quantity).toBe(40);

	// A write straight to the database, as another instance or an operator would make it.
	await t.db
		.updateTable("tools")
		.set({ available_quantity: 25 })
		.where("id", "=", tool.id)
		.execute();
	now += CATALOG_VERSION_TTL_MS - 1;
	expect((await list()).items[0]?.available_quantity).toBe(40);
	now += 1;
	expect((await list()).items[0]?.available_quantity).toBe(25);

	const added = await insertTestTool(t.db);
	now += CATALOG_VERSION_TTL_MS;
	expect((await list()).items.map((item) => item.id)).toEqual([
		added.id,
		tool.id,
	]);

	await t.db.deleteFrom("tools").where("id", "=", added.id).execute();
	now += CATALOG_VERSION_TTL_MS;
	expect((await list()).items.map((item) => item.id)).toEqual([tool.id]);
});
