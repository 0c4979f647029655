import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Window } from "happy-dom";
import { onTestFinished } from "vitest";
import type { Config } from "../config.ts";
import {
	insertBlogPosts,
	type NewBlogPost,
} from "../features/blog/blog.repository.ts";
import { markToolDeleted } from "../features/tools/tools.repository.ts";
import type { Db } from "../platform/db/database.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** An index.html as Vite builds it: the app's script and style sheet, a title, an empty root. */
export const BUILT_INDEX_HTML = `<!doctype html>
<html lang="en" data-theme="toolsgallery">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Tools Gallery: hand and power tools." />
    <title>Tools Gallery</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-test.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A test app serving a web build (only its index.html), removed when the test ends. */
export async function createPublicPagesApp(
	options: { seed?: boolean; config?: Partial<Config> } = {},
): Promise<TestApp> {
	const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-web-"));
	fs.writeFileSync(path.join(webRoot, "index.html"), BUILT_INDEX_HTML);
	onTestFinished(() => fs.rmSync(webRoot, { recursive: true, force: true }));
	return createTestApp({
		seed: options.seed,
		config: { webRoot, ...options.config },
	});
}

/** A page's HTML as a browser's parser reads it (scripts are not run). */
export function parseHtml(html: string) {
	const window = new Window({ url: "http://localhost:3000/" });
	onTestFinished(() => window.happyDOM.close());
	return new window.DOMParser().parseFromString(html, "text/html");
}

export type ParsedPage = ReturnType<typeof parseHtml>;

/** A <meta> of the head by its property (Open Graph) or name. */
export function metaContent(page: ParsedPage, key: string): string | null {
	return (
		page
			.querySelector(`meta[property="${key}"], meta[name="${key}"]`)
			?.getAttribute("content") ?? null
	);
}

/** Every JSON-LD block of the page, parsed. */
export function structuredDataOf(page: ParsedPage): unknown[] {
	return [...page.querySelectorAll('script[type="application/ld+json"]')].map(
		(script) => JSON.parse(script.textContent ?? ""),
	);
}

/** Every address a sitemap (or a sitemap index) lists, with its lastmod when it has one. */
export function sitemapEntries(
	xml: string,
): { loc: string; lastmod?: string }[] {
	return [
		...xml.matchAll(/<loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g),
	].map(([, loc = "", lastmod]) => (lastmod ? { loc, lastmod } : { loc }));
}

/** Takes a tool out of the catalog as its delete does; its row and address stay. */
export async function deleteTestTool(db: Db, id: string): Promise<void> {
	await markToolDeleted(db, id, new Date().toISOString());
}

/** Blog posts written straight into the database: published unless they say otherwise. */
export async function insertTestPosts(
	db: Db,
	posts: NewBlogPost[],
): Promise<void> {
	await insertBlogPosts(db, posts);
}

export type TestPost = NewBlogPost;
