import type { Page } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

/** Waits until nothing is loading any more, so axe sees what the admin sees. */
async function expectLoaded(page: Page, heading: string | RegExp) {
	await expect(
		page.getByRole("heading", { level: 1, name: heading }),
	).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
}

test("Add A Product, empty and after a failed submit, has no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Axel Adder");
	await page.goto("/dashboard/add-a-product");
	await expectLoaded(page, "Add A Product");
	expect(await findBlockingViolations(page), "empty form").toEqual([]);

	await page.getByRole("button", { name: "Add Product" }).click();
	await expect(page.getByText("Product Name is required")).toBeVisible();
	await expect(page.getByText("Image is required")).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"form showing its messages",
	).toEqual([]);
});

test("Manage Products and a tool's edit form have no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Axel Editor");
	await page.goto("/dashboard/manage-products");
	await expectLoaded(page, "Manage Products");
	await expect(
		page.getByRole("heading", { level: 2, name: /^Total Products \d+$/ }),
	).toBeVisible();
	expect(await findBlockingViolations(page), "Manage Products").toEqual([]);

	// A demo tool: the journeys of catalog.spec.ts delete only the tools they add.
	const tool = "Forged Claw Hammer 16 oz";
	await page.getByRole("link", { name: `Edit: ${tool}` }).click();
	await expectLoaded(page, `Edit ${tool}`);
	await expect(page.getByLabel("Product Name")).toHaveValue(tool);
	await expect(
		page.getByRole("img", { name: "The current picture" }),
	).toBeVisible();
	expect(await findBlockingViolations(page), "edit form").toEqual([]);

	// A rejected edit is never sent, so the demo tool stays as it is.
	await page.getByLabel("Product Name").fill("");
	await page.getByLabel("Price", { exact: true }).fill("");
	await page.getByRole("button", { name: "Save changes" }).click();
	await expect(page.getByText("Product Name is required")).toBeVisible();
	await expect(page.getByText("Price is required")).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"edit form showing its messages",
	).toEqual([]);
});
