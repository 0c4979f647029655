import { expect, test } from "./fixtures/test.ts";

// The missing post's page (drawn by the server, 404) and its API request answer 404, which the
// browser logs.
test.use({
	expectedConsoleErrors: [
		{
			text: /status of 404/,
			url: /\/(blog|api\/blog-posts)\/no-such-post$/,
		},
	],
});

const NOT_FOUND = "Sorry, we couldn't find this page.";

test("an unknown address shows the 404 page, whose link leads back home", async ({
	page,
}) => {
	await page.goto("/no-such-page");
	await expect(
		page.getByRole("heading", { level: 1, name: NOT_FOUND }),
	).toBeVisible();

	await page.getByRole("link", { name: "Back to the homepage" }).click();
	await expect(page).toHaveURL("/");
	await expect(
		page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" }),
	).toBeVisible();
});

test("a blog post that does not exist shows the 404 page", async ({ page }) => {
	await page.goto("/blog/no-such-post");
	await expect(
		page.getByRole("heading", { level: 1, name: NOT_FOUND }),
	).toBeVisible();
	await expect(
		page.getByRole("link", { name: "Back to the homepage" }),
	).toBeVisible();
});
