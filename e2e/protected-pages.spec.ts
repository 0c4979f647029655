import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

test("a visitor opening a purchase page is sent to the login page", async ({
	page,
}) => {
	await page.goto("/tool-purchase/0b6e6a59-3c8c-4d0e-9f3e-2f4a8f2d6c11");
	await expect(page).toHaveURL("/login");
	await expect(
		page.getByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
});

test("a visitor clicking 'Buy Now' on the home page is sent to the login page", async ({
	page,
}) => {
	await openHomeSections(page);
	const firstCard = page
		.getByRole("region", { name: "Latest Tools" })
		.getByRole("article")
		.first();
	await firstCard.getByRole("link", { name: /Buy Now/ }).click();
	await expect(page).toHaveURL("/login");
	await expect(
		page.getByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
});

test("a visitor opening the dashboard is sent to the login page", async ({
	page,
}) => {
	await page.goto("/dashboard/my-orders");
	await expect(page).toHaveURL("/login");
	await expect(
		page.getByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
});
