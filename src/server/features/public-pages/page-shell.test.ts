import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { toolSlug } from "../../../shared/tools.schemas.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import {
	BUILT_INDEX_HTML,
	createPublicPagesApp,
	deleteTestTool,
	insertTestPosts,
	parseHtml,
} from "../../test-support/public-pages.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import { fillShell } from "./page-shell.ts";

/** The web app's own sources: the style sheet has a class only when one of them names it. */
function webSources(): string {
	const root = path.join(PROJECT_ROOT, "src", "web");
	return fs
		.readdirSync(root, { recursive: true })
		.map(String)
		.filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
		.map((file) => fs.readFileSync(path.join(root, file), "utf8"))
		.join("\n");
}

test("every class the server-rendered pages use is one the web app's sources use, so the app's style sheet draws it", async () => {
	const { app, db } = await createPublicPagesApp();
	const tool = await insertTestTool(db, {
		price_breaks: [{ min_quantity: 50, price_cents: 1500 }],
	});
	const gone = await insertTestTool(db, { available_quantity: 0 });
	await deleteTestTool(db, gone.id);
	await insertTestPosts(db, [
		{
			id: randomUUID(),
			slug: "a-post",
			title: "A post",
			excerpt: "Summary.",
			body: "# One\n\n## Two\n\n### Three\n\nText `code` [link](https://example.com)\n\n- a\n\n1. b\n\n> quote\n\n![picture](/images/x.webp)",
			author: "Ada",
			published_at: "2026-01-01T00:00:00.000Z",
			created_at: "2026-01-01T00:00:00.000Z",
			cover_img: "/images/cover.webp",
		},
	]);
	const pages = [
		`/tools/${toolSlug(tool.tool_name, tool.sku)}`,
		`/tools/${toolSlug(gone.tool_name, gone.sku)}`,
		"/tools/nothing-here",
		"/blog/a-post",
	];
	const classes = new Set<string>();
	for (const url of pages) {
		const page = parseHtml((await app.inject({ url })).body);
		for (const element of page.querySelectorAll("#root [class]"))
			for (const name of element.getAttribute("class")?.split(/\s+/) ?? [])
				classes.add(name);
	}
	expect(classes.size).toBeGreaterThan(50);
	const sources = webSources();
	expect([...classes].filter((name) => !sources.includes(name))).toEqual([]);
});

test("without a web build the pages come in a plain HTML document of their own", async () => {
	const { app, db } = await createTestApp();
	const tool = await insertTestTool(db, { tool_name: "Mallet" });

	const answer = await app.inject({
		url: `/tools/${toolSlug(tool.tool_name, tool.sku)}`,
	});

	expect(answer.statusCode).toBe(200);
	const page = parseHtml(answer.body);
	expect(page.title).toBe("Mallet · Tools Gallery");
	expect(page.querySelector("#root h1")?.textContent).toBe("Mallet");
	expect(page.querySelectorAll("script[type=module]")).toHaveLength(0);
});

test("text of a page with $ patterns in it is put in as written", () => {
	const html = fillShell(BUILT_INDEX_HTML, {
		title: "Price $& $1 $$",
		description: "$'",
		head: "",
		main: "<p>$`</p>",
	});

	const page = parseHtml(html);
	expect(page.title).toBe("Price $& $1 $$");
	expect(
		page.querySelector('meta[name="description"]')?.getAttribute("content"),
	).toBe("$'");
	expect(page.querySelector("main p")?.textContent).toBe("$`");
});
