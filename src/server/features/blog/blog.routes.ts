import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	AdminBlogPostPageSchema,
	AdminBlogPostSchema,
	BLOG_COVER_FIELD,
	BlogPostIdParamsSchema,
	BlogPostPageSchema,
	BlogPostParamsSchema,
	BlogPostSchema,
	MANAGE_BLOG_PAGE_SIZE,
} from "../../../shared/blog.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import {
	clientErrorResponses,
	readErrorResponses,
} from "../../platform/http/api-schemas.ts";
import { readMultipartForm } from "../../platform/http/multipart-form.ts";
import type { BlogUseCases } from "./blog.service.ts";

const FORM_FIELDS =
	'title, slug (empty: made from the title), excerpt (the summary), body (Markdown), published_on (YYYY-MM-DD) and is_published ("true" or "false")';

const AdminPageQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, MANAGE_BLOG_PAGE_SIZE),
});

export async function blogRoutes(
	app: FastifyInstance,
	{ blog }: { blog: BlogUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/blog-posts",
		{
			schema: {
				operationId: "listBlogPosts",
				tags: ["content"],
				summary: "Published blog posts without their bodies, newest first",
				querystring: PageQuerySchema,
				response: { 200: BlogPostPageSchema, 400: readErrorResponses[400] },
			},
			config: { access: "public" },
		},
		async (request) => blog.listBlogPosts(request.query),
	);

	routes.get(
		"/blog-posts/:slug",
		{
			schema: {
				operationId: "getBlogPost",
				tags: ["content"],
				summary: "One published blog post with its Markdown body",
				params: BlogPostParamsSchema,
				response: { 200: BlogPostSchema, ...readErrorResponses },
			},
			config: { access: "public" },
		},
		async (request) => blog.getBlogPost(request.params.slug),
	);

	routes.get(
		"/admin/blog-posts",
		{
			schema: {
				operationId: "listAllBlogPosts",
				tags: ["content"],
				summary: "Admin: every post, drafts too, newest first",
				querystring: AdminPageQuerySchema,
				response: { 200: AdminBlogPostPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => blog.listAdminBlogPosts(request.query),
	);

	routes.get(
		"/admin/blog-posts/:postId",
		{
			schema: {
				operationId: "getAnyBlogPost",
				tags: ["content"],
				summary: "Admin: one post, draft or published, to edit",
				params: BlogPostIdParamsSchema,
				response: { 200: AdminBlogPostSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => blog.getAdminBlogPost(request.params.postId),
	);

	routes.post(
		"/admin/blog-posts",
		{
			schema: {
				operationId: "addBlogPost",
				tags: ["content"],
				summary: `Admin: write a post: multipart/form-data with ${FORM_FIELDS}, and its cover (JPEG, PNG or WebP) in the field "${BLOG_COVER_FIELD}". The author is the signed-in admin.`,
				consumes: ["multipart/form-data"],
				response: { 201: AdminBlogPostSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: ["admin-writes", "admin-uploads"] },
		},
		async (request, reply) => {
			const form = await readMultipartForm(request, BLOG_COVER_FIELD);
			const post = await blog.addBlogPost(signedInViewer(request), {
				fields: form.fields,
				cover: form.file,
			});
			return reply.code(201).send(post);
		},
	);

	routes.put(
		"/admin/blog-posts/:postId",
		{
			schema: {
				operationId: "editBlogPost",
				tags: ["content"],
				summary: `Admin: save a post: the same form plus version (the one it was read at); the cover is optional. 409 when someone saved it since.`,
				consumes: ["multipart/form-data"],
				params: BlogPostIdParamsSchema,
				response: { 200: AdminBlogPostSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: ["admin-writes", "admin-uploads"] },
		},
		async (request) => {
			const form = await readMultipartForm(request, BLOG_COVER_FIELD);
			return blog.editBlogPost(request.params.postId, {
				fields: form.fields,
				cover: form.file,
			});
		},
	);

	for (const action of ["publish", "unpublish"] as const)
		routes.post(
			`/admin/blog-posts/:postId/${action}`,
			{
				schema: {
					operationId:
						action === "publish" ? "publishBlogPost" : "unpublishBlogPost",
					tags: ["content"],
					summary:
						action === "publish"
							? "Admin: publish a post (visitors see it from its publication date)"
							: "Admin: take a post back to draft: visitors no longer see it",
					params: BlogPostIdParamsSchema,
					response: { 200: AdminBlogPostSchema, ...clientErrorResponses },
				},
				config: { access: "admin", quota: "admin-writes" },
			},
			async (request) =>
				blog.publishBlogPost(request.params.postId, action === "publish"),
		);

	routes.delete(
		"/admin/blog-posts/:postId",
		{
			schema: {
				operationId: "deleteBlogPost",
				tags: ["content"],
				summary: "Admin: delete a post",
				params: BlogPostIdParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await blog.removeBlogPost(request.params.postId);
			return reply.code(204).send(null);
		},
	);
}
