import type { Page } from "@playwright/test";
import {
	grantAdmin,
	signUpInContext,
	uniqueEmail,
} from "./fixtures/accounts.ts";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { expect, test } from "./fixtures/test.ts";

async function scanDashboardPage(page: Page, path: string, heading: string) {
	await page.goto(path);
	await expect(
		page.getByRole("heading", { level: 1, name: heading }),
	).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), `${path}`).toEqual([]);
}

test("every customer dashboard page and the open account menu have no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpInContext(page, String(baseURL), "Axel Access");
	await scanDashboardPage(page, "/dashboard/profile", "My Profile");
	await scanDashboardPage(page, "/dashboard/my-orders", "My Orders");
	await scanDashboardPage(page, "/dashboard/review", "Add A Review");

	await page
		.getByRole("navigation", { name: "Main" })
		.getByRole("button", { name: "Axel Access" })
		.click();
	await expect(page.getByRole("menu")).toBeVisible();
	expect(await findBlockingViolations(page)).toEqual([]);
});

test("every admin dashboard page has no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	// Every page of the admin menu, each scanned whole: longer than one journey's default time.
	test.slow();
	const admin = await signUpInContext(
		page,
		String(baseURL),
		"Ada Access",
		uniqueEmail("ada"),
	);
	grantAdmin(admin.email);
	await scanDashboardPage(page, "/dashboard/profile", "My Profile");
	await scanDashboardPage(
		page,
		"/dashboard/manage-products",
		"Manage Products",
	);
	await scanDashboardPage(page, "/dashboard/all-order", "Manage All Orders");
	await scanDashboardPage(page, "/dashboard/add-a-product", "Add A Product");
	await scanDashboardPage(page, "/dashboard/make-admin", "Make Admin");
});
