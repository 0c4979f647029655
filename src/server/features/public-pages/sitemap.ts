import { toolPagePath } from "../../../shared/public-pages.schemas.ts";
import { blogPostPath } from "./blog-post-page.ts";
import { absoluteUrl } from "./page-meta.ts";

/** The sitemap protocol's limit of addresses in one file; past it, /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the database at a time while a sitemap is written out. */
export const SITEMAP_BATCH = 1_000;

/** One address of a sitemap; `lastmod` an ISO timestamp, written as its date. */
export type SitemapUrl = { path: string; lastmod?: string };

/** Where the sitemap's addresses come from, batch by batch, oldest first. */
export type SitemapSource = {
	countTools: () => Promise<number>;
	countPosts: () => Promise<number>;
	toolLinks: (
		offset: number,
		count: number,
	) => AsyncIterable<{ slug: string; updated_at: string }[]>;
	postLinks: (
		offset: number,
		count: number,
	) => AsyncIterable<{ slug: string; modified_at: string }[]>;
};

export type SitemapKind = "tools" | "posts";

/** The pages every sitemap lists before the posts: the home page and the blog. */
const FIXED_PAGES: readonly SitemapUrl[] = [{ path: "/" }, { path: "/blog" }];

/** How the addresses split into files of at most `pageSize`; one file when they all fit. */
export async function planSitemap(source: SitemapSource, pageSize: number) {
	const [tools, posts] = await Promise.all([
		source.countTools(),
		source.countPosts(),
	]);
	const others = FIXED_PAGES.length + posts;
	return {
		isIndex: tools + others > pageSize,
		tools,
		posts,
		pages: {
			tools: Math.ceil(tools / pageSize),
			posts: Math.ceil(others / pageSize),
		},
	};
}

export type SitemapPlan = Awaited<ReturnType<typeof planSitemap>>;

const XML_START = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** Text made safe inside an XML element. */
export function escapeXml(text: string): string {
	return text
		.replaceAll("&", "&amp;")
		.replaceAll("<", "&lt;")
		.replaceAll(">", "&gt;")
		.replaceAll('"', "&quot;")
		.replaceAll("'", "&apos;");
}

function urlElement(publicUrl: string, url: SitemapUrl): string {
	const lastmod = url.lastmod
		? `<lastmod>${escapeXml(url.lastmod.slice(0, 10))}</lastmod>`
		: "";
	return `<url><loc>${escapeXml(absoluteUrl(publicUrl, url.path))}</loc>${lastmod}</url>\n`;
}

/** A <urlset> written out batch by batch, never holding more than one batch of rows. */
async function* urlset(
	publicUrl: string,
	batches: AsyncIterable<SitemapUrl[]>,
): AsyncGenerator<string> {
	yield `${XML_START}<urlset ${NAMESPACE}>\n`;
	for await (const batch of batches)
		yield batch.map((url) => urlElement(publicUrl, url)).join("");
	yield "</urlset>\n";
}

async function* toolUrls(
	source: SitemapSource,
	offset: number,
	count: number,
): AsyncGenerator<SitemapUrl[]> {
	for await (const links of source.toolLinks(offset, count))
		yield links.map((link) => ({
			path: toolPagePath(link.slug),
			lastmod: link.updated_at,
		}));
}

/** The home page and the blog, then the published posts: entries [start, start + count). */
async function* postUrls(
	source: SitemapSource,
	start: number,
	count: number,
): AsyncGenerator<SitemapUrl[]> {
	const fixed = FIXED_PAGES.slice(start, start + count);
	if (fixed.length > 0) yield [...fixed];
	const offset = Math.max(0, start - FIXED_PAGES.length);
	const left = count - fixed.length;
	if (left <= 0) return;
	for await (const links of source.postLinks(offset, left))
		yield links.map((link) => ({
			path: blogPostPath(link.slug),
			lastmod: link.modified_at,
		}));
}

/** /sitemap.xml of a shop whose addresses fit one file: every page in one <urlset>. */
export async function* wholeSitemap(
	publicUrl: string,
	source: SitemapSource,
	plan: SitemapPlan,
): AsyncGenerator<string> {
	async function* all() {
		yield* postUrls(source, 0, FIXED_PAGES.length + plan.posts);
		yield* toolUrls(source, 0, plan.tools);
	}
	yield* urlset(publicUrl, all());
}

/** The address of one file of a sitemap index. */
export function sitemapPartPath(kind: SitemapKind, page: number): string {
	return `/sitemap-${kind}-${page}.xml`;
}

/** /sitemap.xml past SITEMAP_MAX_URLS addresses: the index of every tools and posts file. */
export function sitemapIndex(publicUrl: string, plan: SitemapPlan): string {
	const parts = (["tools", "posts"] as const).flatMap((kind) =>
		Array.from(
			{ length: plan.pages[kind] },
			(_, index) =>
				`<sitemap><loc>${escapeXml(absoluteUrl(publicUrl, sitemapPartPath(kind, index + 1)))}</loc></sitemap>\n`,
		),
	);
	return `${XML_START}<sitemapindex ${NAMESPACE}>\n${parts.join("")}</sitemapindex>\n`;
}

/** One file of the index: the `page`-th run of `pageSize` tools, or of pages and posts. */
export function sitemapPart(
	publicUrl: string,
	source: SitemapSource,
	{
		kind,
		page,
		pageSize,
	}: { kind: SitemapKind; page: number; pageSize: number },
): AsyncGenerator<string> {
	const start = (page - 1) * pageSize;
	return urlset(
		publicUrl,
		kind === "tools"
			? toolUrls(source, start, pageSize)
			: postUrls(source, start, pageSize),
	);
}

/** Everything may be crawled but the dashboard and the API; the sitemap says what there is. */
export function robotsTxt(publicUrl: string): string {
	return `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}\n`;
}
