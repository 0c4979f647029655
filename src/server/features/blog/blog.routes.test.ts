import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import {
	BlogPostPageSchema,
	BlogPostSchema,
} from "../../../shared/blog.schemas.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { insertBlogPosts } from "./blog.repository.ts";

/** An app whose blog holds "older-post" (March) and "newer-post" (April). */
async function createBlogApp() {
	const t = await createTestApp();
	await insertBlogPosts(t.db, [
		post("older-post", "2026-03-01T09:00:00.000Z"),
		post("newer-post", "2026-04-01T09:00:00.000Z"),
	]);
	return t;
}

function post(slug: string, publishedAt: string) {
	return {
		id: randomUUID(),
		slug,
		title: `Title of ${slug}`,
		excerpt: `Excerpt of ${slug}`,
		body: `First paragraph of ${slug}.\n\n## A subheading\n\nSecond paragraph.`,
		author: "Staff Writer",
		published_at: publishedAt,
		created_at: publishedAt,
	};
}

test("lists posts newest first, without their bodies", async () => {
	const t = await createBlogApp();
	const response = await t.app.inject({ url: "/api/blog-posts" });
	expect(response.statusCode).toBe(200);
	const page = BlogPostPageSchema.parse(response.json());
	expect(page.items.map((item) => item.slug)).toEqual([
		"newer-post",
		"older-post",
	]);
	expect(page.total).toBe(2);
	expect(response.json().items[0]).not.toHaveProperty("body");
});

test("reads a post by its slug, with its body", async () => {
	const t = await createBlogApp();
	const response = await t.app.inject({ url: "/api/blog-posts/older-post" });
	expect(response.statusCode).toBe(200);
	expect(BlogPostSchema.parse(response.json())).toMatchObject({
		slug: "older-post",
		title: "Title of older-post",
		body: "First paragraph of older-post.\n\n## A subheading\n\nSecond paragraph.",
	});
});

test("an unknown slug is a 404", async () => {
	const t = await createBlogApp();
	const response = await t.app.inject({ url: "/api/blog-posts/no-such-post" });
	expect(response.statusCode).toBe(404);
	expect(response.json()).toEqual({
		error: { code: "NOT_FOUND", message: "Blog post not found" },
	});
});

test("a malformed slug is a 400 naming slug", async () => {
	const t = await createBlogApp();
	const response = await t.app.inject({
		url: "/api/blog-posts/Not%20A%20Slug",
	});
	expect(response.statusCode).toBe(400);
	expect(response.json().error.details[0].field).toBe("slug");
});
