import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { toolSlug } from "../../../shared/tools.schemas.ts";
import {
	createPublicPagesApp,
	deleteTestTool,
	insertTestPosts,
	sitemapEntries,
} from "../../test-support/public-pages.ts";
import { insertTestTool } from "../../test-support/test-app.ts";

const ORIGIN = "http://localhost:3000";

function post(slug: string, changes: { is_published?: boolean } = {}) {
	return {
		id: randomUUID(),
		slug,
		title: slug,
		excerpt: "A summary.",
		body: "Text.",
		author: "Ada Smith",
		published_at: "2026-02-01T00:00:00.000Z",
		updated_at: "2026-02-10T08:00:00.000Z",
		created_at: "2026-02-01T00:00:00.000Z",
		...changes,
	};
}

test("the sitemap lists the home page, the blog, every published post and every listed tool with its last change; a deleted tool leaves it", async () => {
	const { app, db } = await createPublicPagesApp();
	const drill = await insertTestTool(db, {
		tool_name: "Drill",
		updated_at: "2026-04-02T09:30:00.000Z",
	});
	const saw = await insertTestTool(db, { tool_name: "Saw" });
	await insertTestPosts(db, [
		post("first-post"),
		post("a-draft", { is_published: false }),
	]);

	const answer = await app.inject({ url: "/sitemap.xml" });

	expect(answer.statusCode).toBe(200);
	expect(answer.headers["content-type"]).toBe("application/xml; charset=utf-8");
	expect(answer.body).toMatch(
		/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
	);
	const drillUrl = `${ORIGIN}/tools/${toolSlug("Drill", drill.sku)}`;
	const sawUrl = `${ORIGIN}/tools/${toolSlug("Saw", saw.sku)}`;
	expect(sitemapEntries(answer.body)).toEqual([
		{ loc: `${ORIGIN}/` },
		{ loc: `${ORIGIN}/blog` },
		{ loc: `${ORIGIN}/blog/first-post`, lastmod: "2026-02-10" },
		{ loc: drillUrl, lastmod: "2026-04-02" },
		{ loc: sawUrl, lastmod: String(saw.created_at).slice(0, 10) },
	]);

	await deleteTestTool(db, drill.id);
	const after = sitemapEntries(
		(await app.inject({ url: "/sitemap.xml" })).body,
	).map((entry) => entry.loc);
	expect(after).not.toContain(drillUrl);
	expect(after).toContain(sawUrl);
});

test("past the page size the sitemap is an index of tools and posts files, each at most that long, together listing every page once", async () => {
	const { app, db } = await createPublicPagesApp({
		config: { sitemapPageSize: 3 },
	});
	const tools = [];
	for (let index = 0; index < 7; index++)
		tools.push(await insertTestTool(db, { tool_name: `Tool ${index}` }));
	await insertTestPosts(db, [post("one"), post("two")]);

	const index = await app.inject({ url: "/sitemap.xml" });

	expect(index.statusCode).toBe(200);
	expect(index.body).toContain(
		'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
	);
	const files = sitemapEntries(index.body).map((entry) => entry.loc);
	expect(files).toEqual([
		`${ORIGIN}/sitemap-tools-1.xml`,
		`${ORIGIN}/sitemap-tools-2.xml`,
		`${ORIGIN}/sitemap-tools-3.xml`,
		`${ORIGIN}/sitemap-posts-1.xml`,
		`${ORIGIN}/sitemap-posts-2.xml`,
	]);
	const listed: string[] = [];
	for (const file of files) {
		const part = await app.inject({ url: file.replace(ORIGIN, "") });
		expect(part.statusCode).toBe(200);
		expect(part.body).toContain("<urlset");
		const locs = sitemapEntries(part.body).map((entry) => entry.loc);
		expect(locs.length).toBeGreaterThan(0);
		expect(locs.length).toBeLessThanOrEqual(3);
		listed.push(...locs);
	}
	expect(listed.sort()).toEqual(
		[
			`${ORIGIN}/`,
			`${ORIGIN}/blog`,
			`${ORIGIN}/blog/one`,
			`${ORIGIN}/blog/two`,
			...tools.map(
				(tool) => `${ORIGIN}/tools/${toolSlug(tool.tool_name, tool.sku)}`,
			),
		].sort(),
	);
	for (const missing of [
		"/sitemap-tools-4.xml",
		"/sitemap-posts-3.xml",
		"/sitemap-tools-0.xml",
		"/sitemap-tools-x.xml",
	])
		expect((await app.inject({ url: missing })).statusCode, missing).toBe(404);
});

test("robots.txt lets everything be crawled but the dashboard and the API, and names the sitemap", async () => {
	const { app } = await createPublicPagesApp({
		config: { publicUrl: "https://shop.example.com" },
	});

	const answer = await app.inject({ url: "/robots.txt" });

	expect(answer.statusCode).toBe(200);
	expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
	expect(answer.body).toBe(
		"User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: https://shop.example.com/sitemap.xml\n",
	);
});
