import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import * as z from "zod";
import {
	createPublicPagesApp,
	insertTestPosts,
	metaContent,
	parseHtml,
	structuredDataOf,
	type TestPost,
} from "../../test-support/public-pages.ts";

const BlogPostingSchema = z.object({
	"@context": z.literal("https://schema.org"),
	"@type": z.literal("BlogPosting"),
	headline: z.string().min(1),
	description: z.string().min(1),
	datePublished: z.iso.datetime(),
	dateModified: z.iso.datetime(),
	author: z.object({ "@type": z.literal("Person"), name: z.string().min(1) }),
	url: z.url(),
});

function aPost(changes: Partial<TestPost> = {}): TestPost {
	return {
		id: randomUUID(),
		slug: "keeping-chisels-sharp",
		title: "Keeping Chisels Sharp",
		excerpt: "Three stones, one strop and ten minutes a week.",
		body: "Start with the **coarse** stone.\n\n## Honing\n\nThen the strop. <script>alert(1)</script>\n\n[Our shop](https://example.com) and [no](javascript:alert(2)).",
		author: "Ada Smith",
		published_at: "2026-03-03T00:00:00.000Z",
		created_at: "2026-03-01T00:00:00.000Z",
		...changes,
	};
}

test("a post's page is HTML without JavaScript: title, author, date, the Markdown body as the app draws it, and its head for search engines", async () => {
	const { app, db } = await createPublicPagesApp();
	await insertTestPosts(db, [
		aPost({
			cover_img: "/images/cover.webp",
			updated_at: "2026-03-05T10:00:00.000Z",
		}),
	]);

	const answer = await app.inject({ url: "/blog/keeping-chisels-sharp" });

	expect(answer.statusCode).toBe(200);
	const page = parseHtml(answer.body);
	expect(page.title).toBe("Keeping Chisels Sharp · Tools Gallery");
	expect(metaContent(page, "description")).toBe(
		"Three stones, one strop and ten minutes a week.",
	);
	const url = "http://localhost:3000/blog/keeping-chisels-sharp";
	expect(
		page.querySelector('link[rel="canonical"]')?.getAttribute("href"),
	).toBe(url);
	expect(metaContent(page, "og:type")).toBe("article");
	expect(metaContent(page, "og:image")).toBe(
		"http://localhost:3000/images/cover.webp",
	);
	const article = page.querySelector("#root article");
	expect(article?.querySelector("h1")?.textContent).toBe(
		"Keeping Chisels Sharp",
	);
	expect(article?.querySelector("p")?.textContent).toBe(
		"Ada Smith · March 3, 2026",
	);
	expect(article?.querySelector("time")?.getAttribute("datetime")).toBe(
		"2026-03-03T00:00:00.000Z",
	);
	expect(article?.querySelector("img")?.getAttribute("src")).toBe(
		"/images/cover.webp",
	);
	expect(article?.querySelector("h2")?.textContent).toBe("Honing");
	expect(article?.querySelector("strong")?.textContent).toBe("coarse");
	// Raw HTML in the Markdown is dropped, and so is a javascript: link's address.
	expect(answer.body).not.toContain("<script>alert(1)");
	const links = [...(article?.querySelectorAll(".text-lg a") ?? [])].map(
		(link) => [link.textContent, link.getAttribute("href")],
	);
	expect(links).toEqual([
		["Our shop", "https://example.com"],
		["no", ""],
	]);
	expect(BlogPostingSchema.parse(structuredDataOf(page)[0])).toMatchObject({
		headline: "Keeping Chisels Sharp",
		datePublished: "2026-03-03T00:00:00.000Z",
		dateModified: "2026-03-05T10:00:00.000Z",
		author: { name: "Ada Smith" },
		url,
	});
});

test("a draft, a post dated later and an unknown slug are the not-found page, 404", async () => {
	const { app, db } = await createPublicPagesApp();
	await insertTestPosts(db, [
		aPost({ slug: "a-draft", is_published: false }),
		aPost({
			slug: "next-year",
			published_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
		}),
	]);

	for (const slug of ["a-draft", "next-year", "no-such-post"]) {
		const answer = await app.inject({ url: `/blog/${slug}` });
		expect(answer.statusCode, slug).toBe(404);
		const page = parseHtml(answer.body);
		expect(page.querySelector("h1")?.textContent).toBe(
			"Sorry, we couldn't find this page.",
		);
		expect(metaContent(page, "robots")).toBe("noindex");
	}
});
