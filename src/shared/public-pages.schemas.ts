import * as z from "zod/mini";

/** The longest public address a tool can have (the column's width). */
export const TOOL_SLUG_MAX_LENGTH = 200;

/** A tool's public address, as toolSlug makes it: lowercase words and digits joined by hyphens. */
export const ToolSlugSchema = z
	.string()
	.check(
		z.minLength(1),
		z.maxLength(TOOL_SLUG_MAX_LENGTH),
		z.regex(
			/^[a-z0-9]+(?:-[a-z0-9]+)*$/,
			"slug must be lowercase words and digits joined by hyphens",
		),
	);

export const ToolSlugParamsSchema = z.object({ slug: ToolSlugSchema });

/** The path of a tool's public page, which search engines and shared links know it by. */
export function toolPagePath(slug: string): string {
	return `/tools/${encodeURIComponent(slug)}`;
}
