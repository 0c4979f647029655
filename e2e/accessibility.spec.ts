import type { Page } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

type Visit = { name: string; open: (page: Page) => Promise<void> };

/** Each visit waits until the page's content has loaded, so axe sees what a visitor sees. */
const visits: Visit[] = [
	{
		name: "home",
		open: async (page) => {
			await openHomeSections(page);
			await expect(
				page.getByRole("region", { name: "Latest Tools" }).getByRole("article"),
			).toHaveCount(6);
			await expect(
				page
					.getByRole("region", { name: "What our customers say" })
					.getByRole("article"),
			).toHaveCount(3);
			await expect(
				page
					.getByRole("region", { name: "Favorite Questions" })
					.getByRole("group"),
			).toHaveCount(5);
		},
	},
	{
		name: "all reviews",
		open: async (page) => {
			await page.goto("/all-reviews");
			await expect(
				page.getByRole("article", { name: /^Review by / }).first(),
			).toBeVisible();
		},
	},
	{
		name: "blog",
		open: async (page) => {
			await page.goto("/blog");
			await expect(
				page.getByRole("main").getByRole("article").first(),
			).toBeVisible();
		},
	},
	{
		name: "blog post",
		open: async (page) => {
			await page.goto("/blog");
			await page
				.getByRole("main")
				.getByRole("article")
				.first()
				.getByRole("heading")
				.getByRole("link")
				.click();
			await expect(page.getByRole("link", { name: "All posts" })).toBeVisible();
		},
	},
	{
		name: "portfolio",
		open: async (page) => {
			await page.goto("/my-portfolio");
			await expect(
				page.getByRole("heading", { level: 2, name: "About Me" }),
			).toBeVisible();
		},
	},
	...(["education", "project", "technology"] as const).map((section) => ({
		name: `portfolio ${section}`,
		open: async (page: Page) => {
			await page.goto(`/my-portfolio/${section}`);
			await expect(
				page.getByRole("heading", { level: 2, name: /^About / }),
			).toBeVisible();
		},
	})),
	{
		name: "sign-up",
		open: async (page) => {
			await page.goto("/sign-up");
			await expect(
				page.getByRole("heading", { level: 1, name: "Sign Up" }),
			).toBeVisible();
		},
	},
	{
		name: "login",
		open: async (page) => {
			await page.goto("/login");
			await expect(
				page.getByRole("heading", { level: 1, name: "Login" }),
			).toBeVisible();
		},
	},
	{
		name: "404",
		open: async (page) => {
			await page.goto("/no-such-page");
			await expect(
				page.getByRole("heading", {
					level: 1,
					name: "Sorry, we couldn't find this page.",
				}),
			).toBeVisible();
		},
	},
];

for (const visit of visits) {
	test(`the ${visit.name} page has no serious accessibility violations and logs no errors`, async ({
		page,
		consoleErrors,
	}) => {
		await visit.open(page);
		await expect(page.getByRole("status")).toHaveCount(0);

		const blocking = await findBlockingViolations(page);
		expect(blocking, `axe found:\n${blocking.join("\n")}`).toEqual([]);
		expect(consoleErrors, "console errors while visiting").toEqual([]);
	});
}
