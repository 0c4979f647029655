import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	BlogPostPageSchema,
	BlogPostParamsSchema,
	BlogPostSchema,
} from "../../../shared/blog.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readErrorResponses } from "../../platform/http/api-schemas.ts";
import { getBlogPost, listBlogPosts } from "./blog.service.ts";

export async function blogRoutes(
	app: FastifyInstance,
	{ db }: { db: Db },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/blog-posts",
		{
			schema: {
				operationId: "listBlogPosts",
				tags: ["blog"],
				summary: "List blog posts, newest first (without their bodies)",
				security: [],
				querystring: PageQuerySchema,
				response: { 200: BlogPostPageSchema, 400: readErrorResponses[400] },
			},
		},
		async (request) => listBlogPosts(db, request.query),
	);

	routes.get(
		"/blog-posts/:slug",
		{
			schema: {
				operationId: "getBlogPost",
				tags: ["blog"],
				summary: "One blog post with its body",
				security: [],
				params: BlogPostParamsSchema,
				response: { 200: BlogPostSchema, ...readErrorResponses },
			},
		},
		async (request) => getBlogPost(db, request.params.slug),
	);
}
