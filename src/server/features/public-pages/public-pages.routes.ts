import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { ToolSlugParamsSchema } from "../../../shared/public-pages.schemas.ts";
import { ToolSchema } from "../../../shared/tools.schemas.ts";
import { readErrorResponses } from "../../platform/http/api-schemas.ts";
import type {
	HtmlAnswer,
	PublicPageUseCases,
	XmlAnswer,
} from "./public-pages.service.ts";

/** Does an If-None-Match header name this ETag (or `*`)? */
function matchesEtag(header: string | undefined, etag: string): boolean {
	if (!header) return false;
	return header
		.split(",")
		.map((tag) => tag.trim().replace(/^W\//, ""))
		.some((tag) => tag === etag || tag === "*");
}

/**
 * A page is revalidated on every visit (`no-cache`) with an ETag of its bytes: the stock and
 * prices it shows are current, a new release's scripts are linked at once, and a page that did
 * not change costs a 304.
 */
function sendHtml(
	request: FastifyRequest,
	reply: FastifyReply,
	{ statusCode, html }: HtmlAnswer,
): FastifyReply {
	const etag = `"${createHash("sha1").update(html).digest("base64url")}"`;
	reply
		.type("text/html; charset=utf-8")
		.header("cache-control", "no-cache")
		.header("etag", etag);
	if (statusCode === 200 && matchesEtag(request.headers["if-none-match"], etag))
		return reply.code(304).send();
	return reply.code(statusCode).send(html);
}

/** Sitemaps are read by crawlers now and then: an hour in a cache is fresh enough. */
function sendXml(reply: FastifyReply, xml: XmlAnswer): FastifyReply {
	reply
		.type("application/xml; charset=utf-8")
		.header("cache-control", "public, max-age=3600");
	return reply.send(typeof xml === "string" ? xml : Readable.from(xml));
}

const SlugParamsSchema = z.object({ slug: z.string() });
/** The page number of a sitemap file, as the router reads it: digits, or no route. */
const SitemapPageParamsSchema = z.object({ page: z.string() });

const goneResponse = ApiErrorBodySchema.check(
	z.describe("The tool was deleted: GONE, its message naming it"),
);

/**
 * The public pages: HTML for /tools/{slug} and /blog/{slug} that reads without JavaScript, the
 * sitemap and robots.txt, and the JSON the web app's tool page reads. The HTML and XML routes are
 * documents, not API operations: `hide` keeps them out of the OpenAPI document (as /images and
 * /api/openapi.json are), and docs/public-pages.md describes them.
 */
export async function publicPagesRoutes(
	app: FastifyInstance,
	{ publicPages }: { publicPages: PublicPageUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/tools/:slug",
		{
			schema: { hide: true, params: SlugParamsSchema },
			config: { access: "public" },
		},
		async (request, reply) =>
			sendHtml(
				request,
				reply,
				await publicPages.renderToolPage(request.params.slug),
			),
	);

	routes.get(
		"/blog/:slug",
		{
			schema: { hide: true, params: SlugParamsSchema },
			config: { access: "public" },
		},
		async (request, reply) =>
			sendHtml(
				request,
				reply,
				await publicPages.renderBlogPostPage(request.params.slug),
			),
	);

	routes.get(
		"/sitemap.xml",
		{ schema: { hide: true }, config: { access: "public" } },
		async (_request, reply) => sendXml(reply, await publicPages.sitemap()),
	);

	for (const kind of ["tools", "posts"] as const)
		routes.get(
			`/sitemap-${kind}-:page.xml`,
			{
				schema: { hide: true, params: SitemapPageParamsSchema },
				config: { access: "public" },
			},
			async (request, reply) => {
				const page = /^\d{1,9}$/.test(request.params.page)
					? Number(request.params.page)
					: 0;
				return sendXml(reply, await publicPages.sitemapFile(kind, page));
			},
		);

	routes.get(
		"/robots.txt",
		{ schema: { hide: true }, config: { access: "public" } },
		async (_request, reply) =>
			reply
				.type("text/plain; charset=utf-8")
				.header("cache-control", "public, max-age=3600")
				.send(publicPages.robotsTxt()),
	);

	routes.get(
		"/api/tools/by-slug/:slug",
		{
			schema: {
				operationId: "getToolBySlug",
				tags: ["tools"],
				summary:
					"The listed tool at a public address (/tools/{slug}); 410 GONE once it was deleted",
				params: ToolSlugParamsSchema,
				response: { 200: ToolSchema, ...readErrorResponses, 410: goneResponse },
			},
			config: { access: "public" },
		},
		async (request) => publicPages.getToolBySlug(request.params.slug),
	);
}
