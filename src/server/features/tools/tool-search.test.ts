import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import {
	SEARCH_COUNT_AHEAD,
	ToolPageSchema,
} from "../../../shared/tools.schemas.ts";
import { authHeaders, signUpAdmin } from "../../test-support/accounts.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";
import { insertTools, type NewTool } from "./tools.repository.ts";
import { CATALOG_VERSION_TTL_MS } from "./tools.service.ts";

async function search(t: TestApp, q: string, paging = "") {
	const response = await t.app.inject({
		url: `/api/tools?q=${encodeURIComponent(q)}${paging}`,
	});
	expect(response.statusCode, response.body).toBe(200);
	return ToolPageSchema.parse(response.json());
}

async function searchNames(t: TestApp, q: string): Promise<string[]> {
	return (await search(t, q)).items.map((tool) => tool.tool_name);
}

async function insertCatalog(t: TestApp) {
	await insertTestTool(t.db, {
		tool_name: "18 V Brushless Drill Driver Kit",
		description: "Two speeds, two batteries and a case.",
	});
	await insertTestTool(t.db, {
		tool_name: "Precision Screwdriver Set",
		description: "Thirty-two bits for electronics.",
	});
	await insertTestTool(t.db, {
		tool_name: "Circular Saw",
		description: "A 190 mm blade with a laser guide.",
	});
}

test("a word of a name finds the tool, as a whole word or the start of one", async () => {
	const t = await createTestApp();
	await insertCatalog(t);
	expect(await searchNames(t, "drill")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "screw")).toEqual(["Precision Screwdriver Set"]);
	expect(await searchNames(t, "saw")).toEqual(["Circular Saw"]);
});

test("search ignores case", async () => {
	const t = await createTestApp();
	await insertCatalog(t);
	expect(await searchNames(t, "DRILL")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "pReCiSiOn")).toEqual([
		"Precision Screwdriver Set",
	]);
});

test("every word of the search must match", async () => {
	const t = await createTestApp();
	await insertCatalog(t);
	expect(await searchNames(t, "drill kit")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await search(t, "drill saw")).toMatchObject({ items: [], total: 0 });
});

test("a tool matching in its name comes before a newer one matching only in its description", async () => {
	const t = await createTestApp();
	await insertTestTool(t.db, {
		tool_name: "Hammer Drill",
		description: "Drills into brick.",
	});
	await insertTestTool(t.db, {
		tool_name: "Drill Bit Set",
		description: "Titanium coated.",
	});
	await insertTestTool(t.db, {
		tool_name: "Workshop Vacuum",
		description: "Keeps the drill dust off the bench.",
	});
	expect(await searchNames(t, "drill")).toEqual([
		"Drill Bit Set",
		"Hammer Drill",
		"Workshop Vacuum",
	]);
});

test("search results come a page at a time, without overlap, name matches newest first", async () => {
	const t = await createTestApp();
	await insertTestTool(t.db, { tool_name: "Sander One" });
	await insertTestTool(t.db, {
		tool_name: "Dust Bag",
		description: "For any sander.",
	});
	await insertTestTool(t.db, { tool_name: "Sander Two" });
	await insertTestTool(t.db, { tool_name: "Unrelated Clamp" });
	await insertTestTool(t.db, { tool_name: "Sander Three" });
	await insertTestTool(t.db, {
		tool_name: "Sanding Sheets",
		description: "Fits the sander pad.",
	});

	const pages = [];
	for (const page of [1, 2, 3])
		pages.push(await search(t, "sander", `&page=${page}&page_size=2`));
	for (const [index, page] of pages.entries())
		expect(page).toMatchObject({ page: index + 1, page_size: 2, total: 5 });
	expect(pages.map((page) => page.items.map((tool) => tool.tool_name))).toEqual(
		[
			["Sander Three", "Sander Two"],
			["Sander One", "Sanding Sheets"],
			["Dust Bag"],
		],
	);
	const ids = pages.flatMap((page) => page.items.map((tool) => tool.id));
	expect(new Set(ids).size).toBe(5);
	expect((await search(t, "sander", "&page=4&page_size=2")).items).toEqual([]);
});

test("a search that matches nothing is a 200 with no items", async () => {
	const t = await createTestApp();
	await insertCatalog(t);
	const response = await t.app.inject({ url: "/api/tools?q=chainsaw" });
	expect(response.statusCode).toBe(200);
	expect(ToolPageSchema.parse(response.json())).toMatchObject({
		items: [],
		total: 0,
	});
});

test.each([
	['"drill"', ["18 V Brushless Drill Driver Kit"]],
	["drill*", ["18 V Brushless Drill Driver Kit"]],
	["(drill", ["18 V Brushless Drill Driver Kit"]],
	["drill OR saw", []],
	["-saw", ["Circular Saw"]],
	["tool_name:saw", []],
	["'; drop table tools; --", []],
	["NEAR(drill kit)", []],
])(
	"punctuation and query syntax in q (%s) are only words",
	async (q, names) => {
		const t = await createTestApp();
		await insertCatalog(t);
		expect(await searchNames(t, q)).toEqual(names);
		expect((await search(t, "")).total).toBe(3);
	},
);

test("a q of only symbols lists the catalog instead of failing", async () => {
	const t = await createTestApp();
	await insertCatalog(t);
	for (const q of ["%_", "*", '"', "'", "&|!:*", "()"]) {
		const response = await t.app.inject({
			url: `/api/tools?q=${encodeURIComponent(q)}`,
		});
		expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
		expect(ToolPageSchema.parse(response.json()).total).toBe(3);
	}
});

test("a q over 100 characters is a 400", async () => {
	const t = await createTestApp();
	await insertCatalog(t);
	expect((await search(t, "d".repeat(100))).total).toBe(0);
	const response = await t.app.inject({
		url: `/api/tools?q=${"d".repeat(101)}`,
	});
	expect(response.statusCode).toBe(400);
	expect(ApiErrorBodySchema.parse(response.json()).error).toMatchObject({
		code: "VALIDATION_FAILED",
		details: [{ field: "q", message: "q must be 100 characters or fewer" }],
	});
});

test("a deleted tool is not found", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const tool = await addToolAsAdmin(t.app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Orbital Sander",
	});
	expect(await searchNames(t, "orbital")).toEqual(["Orbital Sander"]);
	const deleted = await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${tool.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(deleted.statusCode).toBe(204);
	expect(await search(t, "orbital")).toMatchObject({ items: [], total: 0 });
});

test("an edited name is found under its new name and no longer under its old one, at once", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const tool = await addToolAsAdmin(t.app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Bench Grinder",
	});
	expect(await searchNames(t, "grinder")).toEqual(["Bench Grinder"]);
	const edited = await sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${tool.id}`, cookie: admin.cookie },
		{
			...VALID_TOOL_FIELDS,
			tool_name: "Bench Polisher",
			version: "1",
			available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
		},
	);
	expect(edited.statusCode, edited.body).toBe(200);
	expect(await searchNames(t, "polisher")).toEqual(["Bench Polisher"]);
	expect(await search(t, "grinder")).toMatchObject({ items: [], total: 0 });
});

test("a tool written straight to the database is found: the index is kept by the database", async () => {
	let now = 0;
	const t = await createTestApp({ clock: () => now });
	await insertCatalog(t);
	expect(await search(t, "router")).toMatchObject({ items: [], total: 0 });

	const inserted = await insertTestTool(t.db, {
		tool_name: "Plunge Router",
		description: "Variable speed.",
	});
	// The list cache trusts the catalog version it read for CATALOG_VERSION_TTL_MS (decision 006).
	now += CATALOG_VERSION_TTL_MS;
	const page = await search(t, "router");
	expect(page.items.map((tool) => tool.id)).toEqual([inserted.id]);
	expect(await searchNames(t, "variable")).toEqual(["Plunge Router"]);

	await t.db
		.updateTable("tools")
		.set({ tool_name: "Trim Router", description: "Single speed." })
		.where("id", "=", inserted.id)
		.execute();
	now += CATALOG_VERSION_TTL_MS;
	expect(await searchNames(t, "trim")).toEqual(["Trim Router"]);
	expect(await searchNames(t, "plunge")).toEqual([]);
	expect(await searchNames(t, "variable")).toEqual([]);
});

/** `count` tools whose names hold `name`, added a second apart in one statement, oldest first. */
async function insertNamed(
	t: TestApp,
	name: string,
	count: number,
	{ description = "A tool.", sku = name, at = Date.UTC(2026, 0, 1) } = {},
): Promise<NewTool[]> {
	const tools: NewTool[] = Array.from({ length: count }, (_, index) => ({
		id: randomUUID(),
		tool_name: `${name} ${index + 1}`,
		description,
		price_cents: 1000,
		available_quantity: 10,
		minimum_quantity: 1,
		img: "/images/test-tool.webp",
		supplier_name: "Test Supplier",
		supplier_email: null,
		sku: `${sku.toUpperCase().replaceAll(" ", "-")}-${index + 1}`,
		created_at: new Date(at + index * 1000).toISOString(),
	}));
	await insertTools(t.db, tools);
	return tools;
}

test(`a search counts its matches up to ${SEARCH_COUNT_AHEAD} past the end of the page, and says when it stopped`, async () => {
	const t = await createTestApp();
	await insertNamed(t, "Clamp", SEARCH_COUNT_AHEAD + 30);
	const matches = SEARCH_COUNT_AHEAD + 30;

	expect(await search(t, "clamp", "&page=1&page_size=10")).toMatchObject({
		total: SEARCH_COUNT_AHEAD + 10,
		total_is_capped: true,
	});
	expect(await search(t, "clamp", "&page=2&page_size=10")).toMatchObject({
		total: SEARCH_COUNT_AHEAD + 20,
		total_is_capped: true,
	});
	// Near the end the count reaches every match, and says it is exact.
	for (const paging of ["&page=4&page_size=10", "&page=13&page_size=10"])
		expect(await search(t, "clamp", paging), paging).toMatchObject({
			total: matches,
			total_is_capped: false,
		});
	const past = await search(t, "clamp", "&page=40&page_size=10");
	expect(past).toMatchObject({ items: [], total: matches });
	// The plain list is always counted in full.
	expect(await search(t, "")).toMatchObject({
		total: matches,
		total_is_capped: false,
	});
});

test("every match of a large search comes once, page after page: name matches newest first, then the others", async () => {
	const t = await createTestApp();
	const named = await insertNamed(t, "Socket Wrench", 30);
	const described = await insertNamed(t, "Ratchet Handle", 25, {
		description: "Takes every socket of the set.",
		at: Date.UTC(2026, 5, 1),
	});
	await insertNamed(t, "Hex Key", 10);
	const expected = [
		...named.map((tool) => tool.id).reverse(),
		...described.map((tool) => tool.id).reverse(),
	];
	const ids: string[] = [];
	for (let page = 1; page <= 8; page++) {
		const found = await search(t, "socket", `&page=${page}&page_size=7`);
		ids.push(...found.items.map((tool) => tool.id));
	}
	expect(ids).toEqual(expected);
	// A page that starts among the other matches, past every name match.
	expect(
		(await search(t, "socket", "&page=5&page_size=10")).items.map(
			(tool) => tool.id,
		),
	).toEqual(expected.slice(40, 50));
});

/** The catalog of insertCatalog, with part numbers that start no word the tests search for. */
async function insertLetteredCatalog(t: TestApp) {
	await insertTestTool(t.db, {
		tool_name: "18 V Brushless Drill Driver Kit",
		description: "Two speeds, two batteries and a case.",
		sku: "KIT-1",
	});
	await insertTestTool(t.db, {
		tool_name: "Precision Screwdriver Set",
		description: "Thirty-two bits for electronics.",
		sku: "SET-2",
	});
	await insertTestTool(t.db, {
		tool_name: "Circular Saw",
		description: "A 190 mm blade with a laser guide.",
		sku: "SAW-3",
	});
}

test("one- and two-letter prefixes find what they start, alone or beside a longer word", async () => {
	const t = await createTestApp();
	await insertLetteredCatalog(t);
	expect(await searchNames(t, "d")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "dr")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "c")).toEqual([
		"Circular Saw",
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "b")).toEqual([
		"18 V Brushless Drill Driver Kit",
		"Circular Saw",
		"Precision Screwdriver Set",
	]);
	expect(await searchNames(t, "drill k")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "18 v")).toEqual([
		"18 V Brushless Drill Driver Kit",
	]);
	expect(await searchNames(t, "bl ci")).toEqual(["Circular Saw"]);
	expect(await searchNames(t, "saw z")).toEqual([]);
	expect(await searchNames(t, "x y")).toEqual([]);
});

test("a long prefix finds every word it starts, however many tools each word has", async () => {
	const t = await createTestApp();
	await insertNamed(t, "Screwdriver", 3);
	await insertNamed(t, "Screwdrivers Rack", 2, { sku: "rack" });
	await insertNamed(t, "Screws Box", 2, { sku: "box" });
	expect((await search(t, "screwdriver")).total).toBe(5);
	expect((await search(t, "screwd")).total).toBe(5);
	expect((await search(t, "screw")).total).toBe(7);
	expect((await search(t, "screwdrivers")).total).toBe(2);
	expect((await search(t, "screwdriverz")).total).toBe(0);
});

test("tools added in the same moment are all found, each once, a page at a time", async () => {
	const t = await createTestApp();
	const at = "2026-03-01T09:00:00.000Z";
	const tools = [];
	for (let index = 0; index < 5; index++)
		tools.push(
			await insertTestTool(t.db, {
				tool_name: `Grease Gun ${index + 1}`,
				created_at: at,
			}),
		);
	const ids: string[] = [];
	for (const page of [1, 2, 3])
		ids.push(
			...(await search(t, "grease", `&page=${page}&page_size=2`)).items.map(
				(tool) => tool.id,
			),
		);
	expect([...ids].sort()).toEqual(tools.map((tool) => tool.id).sort());
});

test("a tool removed from the database altogether leaves search", async () => {
	const t = await createTestApp();
	await insertLetteredCatalog(t);
	await t.db
		.deleteFrom("tools")
		.where("tool_name", "=", "Circular Saw")
		.execute();
	expect(await search(t, "saw")).toMatchObject({ items: [], total: 0 });
	expect(await searchNames(t, "b")).toEqual([
		"18 V Brushless Drill Driver Kit",
		"Precision Screwdriver Set",
	]);
});
