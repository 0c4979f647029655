import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";

export const BlogSlugSchema = z
	.string()
	.check(
		z.minLength(1),
		z.maxLength(120),
		z.regex(
			/^[a-z0-9]+(?:-[a-z0-9]+)*$/,
			"slug must be lowercase words joined by hyphens",
		),
	);

export const BlogPostSummarySchema = z.object({
	id: z.uuid(),
	slug: BlogSlugSchema,
	title: z.string(),
	excerpt: z.string(),
	author: z.string(),
	published_at: z.iso.datetime(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** body: paragraphs separated by blank lines; a paragraph starting with "## " is a subheading. */
export const BlogPostSchema = z.extend(BlogPostSummarySchema, {
	body: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogPostPageSchema = pageSchemaOf(BlogPostSummarySchema);
export const BlogPostParamsSchema = z.object({ slug: BlogSlugSchema });
