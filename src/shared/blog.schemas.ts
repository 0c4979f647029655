import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";
import {
	requiredText,
	slugify as slugifyText,
	versionText,
} from "./text.schemas.ts";

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_SLUG_MAX_LENGTH = 120;

export const BlogSlugSchema = z
	.string()
	.check(
		z.minLength(1),
		z.maxLength(BLOG_SLUG_MAX_LENGTH),
		z.regex(SLUG_PATTERN, "slug must be lowercase words joined by hyphens"),
	);

export const BlogPostSummarySchema = z.object({
	id: z.uuid(),
	slug: BlogSlugSchema,
	title: z.string(),
	excerpt: z.string(),
	author: z.string(),
	published_at: z.iso.datetime(),
	/** The cover picture; the demo posts have none. */
	cover_img: z.nullable(z.string()),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** body: Markdown (no raw HTML); the demo posts' paragraphs and "## " subheadings are Markdown too. */
export const BlogPostSchema = z.extend(BlogPostSummarySchema, {
	body: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogPostPageSchema = pageSchemaOf(BlogPostSummarySchema);
export const BlogPostParamsSchema = z.object({ slug: BlogSlugSchema });

/** A post as the admins see it: drafts too, with what editing needs. */
export const AdminBlogPostSchema = z.extend(BlogPostSchema, {
	is_published: z.boolean(),
	/** Goes up by one at every save; a save names the version it started from. */
	version: z.int().check(z.positive()),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogPostPageSchema = pageSchemaOf(AdminBlogPostSchema);

export const BlogPostIdSchema = z.uuid("Post id must be a UUID");
export const BlogPostIdParamsSchema = z.object({ postId: BlogPostIdSchema });

/** The multipart field of a post's cover picture; a post may have none (it is shown without). */
export const BLOG_COVER_FIELD = "cover";
export const BLOG_TITLE_MAX_LENGTH = 160;
export const BLOG_EXCERPT_MAX_LENGTH = 300;
export const BLOG_BODY_MAX_LENGTH = 50_000;
/** Manage Blog shows this many posts a page. */
export const MANAGE_BLOG_PAGE_SIZE = 20;

/** A post's address made from its title. */
export function slugify(title: string): string {
	return slugifyText(title, BLOG_SLUG_MAX_LENGTH);
}

/** A day that exists: Date.parse would roll "2023-02-29" over to 1 March instead of refusing it. */
const CalendarDaySchema = z.iso.date();

/**
 * The post editor's fields, as the browser sends them (all text). An empty slug is made from the
 * title. The publication date is a day (YYYY-MM-DD). The form and the server use this one schema.
 */
export const BlogPostFormSchema = z.object({
	title: requiredText("Title", BLOG_TITLE_MAX_LENGTH),
	slug: z._default(
		z
			.string()
			.check(
				z.trim(),
				z.maxLength(
					BLOG_SLUG_MAX_LENGTH,
					`Slug must be ${BLOG_SLUG_MAX_LENGTH} characters or fewer`,
				),
				z.regex(
					/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/,
					"Slug must be lowercase letters, digits and single hyphens",
				),
			),
		"",
	),
	excerpt: requiredText("Summary", BLOG_EXCERPT_MAX_LENGTH),
	body: requiredText("Body", BLOG_BODY_MAX_LENGTH),
	published_on: z.string("Publication date is required").check(
		z.regex(/^\d{4}-\d{2}-\d{2}$/, {
			error: "Publication date is required",
			abort: true,
		}),
		z.refine(
			(day) => CalendarDaySchema.safeParse(day).success,
			"Publication date is not a real day",
		),
	),
	is_published: z._default(z.enum(["true", "false"]), "false"),
});
export type BlogPostForm = z.infer<typeof BlogPostFormSchema>;

export const BlogPostEditFormSchema = z.extend(BlogPostFormSchema, {
	version: versionText("The version you started from is required"),
});
