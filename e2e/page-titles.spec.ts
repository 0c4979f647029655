import type { Locator, Page } from "@playwright/test";
import { signUpInContext } from "./fixtures/accounts.ts";
import { expect, test } from "./fixtures/test.ts";

/** The polite live region, once it reads out `title`. */
function announcement(page: Page, title: string): Locator {
	return page
		.locator("[aria-live='polite']")
		.and(page.getByText(title, { exact: true }));
}

const PAGES = [
	{ link: "Blog", title: "Blog · Tools Gallery", heading: "Blog" },
	{
		link: "Reviews",
		title: "Reviews · Tools Gallery",
		heading: "Customer Review",
	},
	{
		link: "My Portfolio",
		title: "About Me · My Portfolio · Tools Gallery",
		heading: "My Portfolio",
	},
	{ link: "Login", title: "Login · Tools Gallery", heading: "Login" },
	{ link: "Home", title: "Tools Gallery", heading: "Welcome to Tools Gallery" },
] as const;

test("each page names itself in the title; after a navigation focus is on its main heading and the title is announced", async ({
	page,
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto("/");
	await expect(page).toHaveTitle("Tools Gallery");
	// The first load leaves focus where the browser puts it.
	await expect(
		page.getByRole("heading", { level: 1, name: "Welcome to Tools Gallery" }),
	).not.toBeFocused();

	const navbar = page.getByRole("navigation", { name: "Main" });
	for (const target of PAGES) {
		await navbar.getByRole("link", { name: target.link, exact: true }).click();
		await expect(page).toHaveTitle(target.title);
		await expect(
			page.getByRole("heading", {
				level: 1,
				name: target.heading,
				exact: true,
			}),
		).toBeFocused();
		await expect(announcement(page, target.title)).toBeAttached();
	}
});

test("a dashboard page reached from its menu has its own title and the focus on its heading", async ({
	page,
	baseURL,
}) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await signUpInContext(page, String(baseURL), "Tia Title");
	await page.goto("/dashboard/profile");
	await expect(page).toHaveTitle("My Profile · Tools Gallery");

	await page
		.getByRole("navigation", { name: "Dashboard" })
		.getByRole("link", { name: "My Orders" })
		.click();
	await expect(page).toHaveTitle("My Orders · Tools Gallery");
	await expect(
		page.getByRole("heading", { level: 1, name: "My Orders" }),
	).toBeFocused();
	await expect(announcement(page, "My Orders · Tools Gallery")).toBeAttached();
});
