import { BlogPostSchema } from "../src/shared/blog.schemas.ts";
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
