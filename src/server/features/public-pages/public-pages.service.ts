import type { Tool } from "../../../shared/tools.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { NotFoundError } from "../../platform/http/errors.ts";
import {
	countPublishedPosts,
	findPublishedPost,
	listPostLinks,
} from "../blog/blog.service.ts";
import { getShopSettings } from "../shop-settings/shop-settings.service.ts";
import {
	countListedTools,
	findToolAtAddress,
	getToolBySlug,
	listToolLinks,
} from "../tools/tools.service.ts";
import { blogPostPage } from "./blog-post-page.ts";
import { createPageShell } from "./page-shell.ts";
import { goneToolPage, notFoundPage, productPage } from "./product-page.ts";
import {
	planSitemap,
	robotsTxt,
	SITEMAP_BATCH,
	SITEMAP_MAX_URLS,
	type SitemapKind,
	type SitemapSource,
	sitemapIndex,
	sitemapPart,
	wholeSitemap,
} from "./sitemap.ts";

export type PublicPagesDeps = {
	db: Db;
	/** The shop's public origin (PUBLIC_URL): canonical links, Open Graph and sitemaps are absolute. */
	publicUrl: string;
	/** The built web app, whose index.html every page fills; without one, a plain HTML shell. */
	webRoot: string | undefined;
	/** Addresses per sitemap file: SITEMAP_MAX_URLS, fewer in tests of the paging. */
	sitemapPageSize?: number;
};

/** A server-rendered page and the status it is answered with. */
export type HtmlAnswer = { statusCode: 200 | 404 | 410; html: string };

/** XML written as it is read, or at once when it is small. */
export type XmlAnswer = string | AsyncIterable<string>;

/**
 * Pages for people and crawlers without the web app's JavaScript: a tool's page and a post's,
 * filled into the web app's own index.html, and the sitemap and robots.txt that point to them.
 */
export function createPublicPageUseCases(deps: PublicPagesDeps) {
	const { db, publicUrl } = deps;
	const shell = createPageShell(deps.webRoot);
	const pageSize = deps.sitemapPageSize ?? SITEMAP_MAX_URLS;
	const source: SitemapSource = {
		countTools: () => countListedTools(db),
		countPosts: () => countPublishedPosts(db),
		toolLinks: (offset, count) =>
			listToolLinks(db, offset, count, SITEMAP_BATCH),
		postLinks: (offset, count) =>
			listPostLinks(db, offset, count, SITEMAP_BATCH),
	};

	/** /tools/{slug}: the tool, 410 with its name once deleted, 404 when no tool had the address. */
	async function renderToolPage(slug: string): Promise<HtmlAnswer> {
		const found = await findToolAtAddress(db, slug);
		if (!found)
			return { statusCode: 404, html: await shell.render(notFoundPage()) };
		if (found.status === "deleted")
			return {
				statusCode: 410,
				html: await shell.render(goneToolPage(found.tool_name)),
			};
		const { currency } = await getShopSettings(db);
		return {
			statusCode: 200,
			html: await shell.render(
				productPage(found.tool, { publicUrl, currency }),
			),
		};
	}

	/** /blog/{slug}: a published post; a draft, a post dated later or none is a 404. */
	async function renderBlogPostPage(slug: string): Promise<HtmlAnswer> {
		const post = await findPublishedPost(db, slug);
		if (!post)
			return { statusCode: 404, html: await shell.render(notFoundPage()) };
		return {
			statusCode: 200,
			html: await shell.render(await blogPostPage(post, { publicUrl })),
		};
	}

	/** /sitemap.xml: every page in one file, or past `pageSize` addresses the index of the files. */
	async function sitemap(): Promise<XmlAnswer> {
		const plan = await planSitemap(source, pageSize);
		return plan.isIndex
			? sitemapIndex(publicUrl, plan)
			: wholeSitemap(publicUrl, source, plan);
	}

	/** /sitemap-{kind}-{page}.xml; a page past the last is a 404. */
	async function sitemapFile(
		kind: SitemapKind,
		page: number,
	): Promise<XmlAnswer> {
		const plan = await planSitemap(source, pageSize);
		if (!Number.isSafeInteger(page) || page < 1 || page > plan.pages[kind])
			throw new NotFoundError("No such sitemap");
		return sitemapPart(publicUrl, source, { kind, page, pageSize });
	}

	return {
		renderToolPage,
		renderBlogPostPage,
		/** The listed tool at `slug` for the web app's tool page: 404 none, 410 deleted. */
		getToolBySlug: (slug: string): Promise<Tool> => getToolBySlug(db, slug),
		sitemap,
		sitemapFile,
		robotsTxt: () => robotsTxt(publicUrl),
	};
}

export type PublicPageUseCases = ReturnType<typeof createPublicPageUseCases>;
