import { randomUUID } from "node:crypto";
import { BlogPostSchema } from "../src/shared/blog.schemas.ts";
import { makePngPhoto, signUpAdmin } from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

test("a reader opens a post from the blog and goes back to the list", async ({
	page,
	request,
}) => {
	await page.goto("/blog");
	await expect(
		page.getByRole("heading", { level: 1, name: "Blog", exact: true }),
	).toBeVisible();
	const posts = page.getByRole("main").getByRole("article");
	await expect(posts.first()).toBeVisible();
	expect(await posts.count()).toBeGreaterThanOrEqual(3);

	const titleLink = posts
		.nth(1)
		.getByRole("heading", { level: 2 })
		.getByRole("link");
	const title = (await titleLink.textContent())?.trim() ?? "";
	expect(title).not.toBe("");
	await titleLink.click();

	await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
	const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
	const response = await request.get(`/api/blog-posts/${slug}`);
	expect(response.ok()).toBe(true);
	const post = BlogPostSchema.parse(await response.json());
	expect(post.title).toBe(title);

	await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
	const paragraphs = post.body
		.split(/\n\s*\n/)
		.map((block) => block.trim())
		.filter((block) => block !== "" && !block.startsWith("## "));
	expect(paragraphs.length).toBeGreaterThanOrEqual(2);
	const article = page.getByRole("main").getByRole("article");
	for (const paragraph of [paragraphs[0], paragraphs.at(-1)]) {
		await expect(
			article.getByText(paragraph ?? "", { exact: true }),
		).toBeVisible();
	}

	await page.getByRole("link", { name: "All posts" }).click();
	await expect(page).toHaveURL("/blog");
	await expect(
		posts.nth(1).getByRole("heading", { level: 2, name: title }),
	).toBeVisible();
});

test.describe("blog administration", () => {
	test("an admin writes a post with a cover and a live preview, publishes it, and a visitor reads it; a draft stays unseen", async ({
		page,
		browser,
		baseURL,
	}) => {
		const origin = String(baseURL);
		const tag = randomUUID().slice(0, 6);
		const title = `Honing Plane Irons ${tag}`;
		const draftTitle = `Unfinished Notes ${tag}`;
		await signUpAdmin(page, origin, "Bea Blogger");

		await page.goto("/dashboard/manage-blog");
		await page.getByRole("link", { name: "Write a post" }).click();
		const form = page.getByRole("form", { name: "Write a post" });
		await form.getByLabel("Title").fill(title);
		await expect(form.getByLabel("Slug")).toHaveValue(
			`honing-plane-irons-${tag}`,
		);
		await form
			.getByLabel("Summary")
			.fill("How we sharpen the irons of our planes.");
		await form
			.getByLabel("Body (Markdown)")
			.fill(
				"## The stones\n\nWe start on a **coarse** stone.\n\nThen a fine stone and a strop finish the edge.",
			);
		const preview = form.getByRole("region", { name: "Preview" });
		await expect(
			preview.getByRole("heading", { level: 2, name: "The stones" }),
		).toBeVisible();
		await expect(preview.locator("strong")).toHaveText("coarse");
		await form
			.getByLabel("Cover image")
			.setInputFiles(await makePngPhoto("cover.png"));
		await expect(
			form.getByRole("img", { name: "The chosen picture" }),
		).toBeVisible();
		await form.getByLabel(/^Published/).check();
		await form.getByRole("button", { name: "Add post" }).click();
		await expect(page.getByText("Post saved")).toBeVisible();
		await expect(page).toHaveURL(/\/dashboard\/manage-blog$/);
		await expect(
			page.getByRole("row").filter({ hasText: title }).getByText("Published"),
		).toBeVisible();

		// A second post, left as a draft.
		await page.getByRole("link", { name: "Write a post" }).click();
		const draft = page.getByRole("form", { name: "Write a post" });
		await draft.getByLabel("Title").fill(draftTitle);
		await draft.getByLabel("Summary").fill("Not ready.");
		await draft.getByLabel("Body (Markdown)").fill("Still writing.");
		await draft
			.getByLabel("Cover image")
			.setInputFiles(await makePngPhoto("draft.png"));
		await draft.getByRole("button", { name: "Add post" }).click();
		await expect(
			page.getByRole("row").filter({ hasText: draftTitle }).getByText("Draft"),
		).toBeVisible();

		const visitor = await browser.newContext({ baseURL: origin });
		const reader = await visitor.newPage();
		await reader.goto("/blog");
		await reader.getByRole("link", { name: `Read: ${title}` }).click();
		await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
		await expect(
			reader.getByRole("heading", { level: 2, name: "The stones" }),
		).toBeVisible();
		const cover = reader.getByRole("main").locator("img[src^='/images/blog-']");
		await expect(cover).toBeVisible();
		await expect
			.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
			.toBeGreaterThan(0);
		await reader.goto("/blog");
		await expect(
			reader.getByRole("link", { name: `Read: ${title}` }),
		).toBeVisible();
		await expect(reader.getByText(draftTitle)).toHaveCount(0);
		const draftPage = await reader.request.get(
			`/api/blog-posts/unfinished-notes-${tag}`,
		);
		expect(draftPage.status()).toBe(404);
		await visitor.close();
	});
});
