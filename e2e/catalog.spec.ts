import type { Locator, Page } from "@playwright/test";
import {
	makePngPhoto,
	signUpAdmin,
	uniqueToolName,
} from "./fixtures/catalog.ts";
import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

const NOT_FOUND = "Sorry, we couldn't find this page.";

function dashboardMenu(page: Page): Locator {
	return page.getByRole("navigation", { name: "Dashboard" });
}

/** The figure of 'Total Products N' on Manage Products, once the list has loaded. */
async function readTotalProducts(page: Page): Promise<number> {
	const total = page.getByRole("heading", {
		level: 2,
		name: /^Total Products \d+$/,
	});
	await expect(total).toBeVisible();
	const text = (await total.textContent()) ?? "";
	return Number(text.replace("Total Products ", ""));
}

async function expectImageLoaded(image: Locator) {
	await expect(image).toBeVisible();
	await expect
		.poll(() =>
			image.evaluate((img: HTMLImageElement) =>
				img.complete ? img.naturalWidth : 0,
			),
		)
		.toBeGreaterThan(0);
}

/** Types in the home page's search box; the results follow the address (?q=). */
async function searchHomePage(page: Page, text: string) {
	await page
		.getByRole("searchbox", { name: "Search tools by name" })
		.fill(text);
	await expect(page).toHaveURL(
		new RegExp(`\\?q=${encodeURIComponent(text).replace(/%20/g, "\\+")}$`),
	);
}

test.describe("a tool's whole life in the catalog", () => {
	// Its purchase page, opened after the delete, asks the API for the tool and gets a 404.
	test.use({
		expectedConsoleErrors: [
			{ text: /status of 404/, url: /\/api\/tools\/[0-9a-f-]{36}$/ },
		],
	});

	test("an admin adds a tool with a photo, finds it on the home page and in Manage Products, edits its price and stock, then deletes it", async ({
		page,
		baseURL,
	}) => {
		const name = uniqueToolName("Journey Rubber Mallet");
		await signUpAdmin(page, String(baseURL), "Ada Adder");

		await page.goto("/dashboard/manage-products");
		const totalBefore = await readTotalProducts(page);

		await dashboardMenu(page)
			.getByRole("link", { name: "Add A Product" })
			.click();
		await expect(
			page.getByRole("heading", { level: 1, name: "Add A Product" }),
		).toBeVisible();
		await page.getByLabel("Product Name").fill(name);
		await page
			.getByLabel("Description")
			.fill("A two-pound rubber mallet that sets joints without marking them.");
		await page.getByLabel("Price", { exact: true }).fill("12.5");
		await page.getByLabel("Available Quantity").fill("40");
		await page.getByLabel("Minimum Order Quantity").fill("2");
		await expect(
			page.getByRole("img", { name: "The chosen picture" }),
		).toHaveCount(0);
		await page
			.getByLabel("Image", { exact: true })
			.setInputFiles(await makePngPhoto("mallet.png"));
		await expectImageLoaded(
			page.getByRole("img", { name: "The chosen picture" }),
		);

		await page.getByRole("button", { name: "Add Product" }).click();
		await expect(page.getByText("Tool added successfully")).toBeVisible();
		// The form empties for the next tool.
		await expect(page.getByLabel("Product Name")).toHaveValue("");
		await expect(
			page.getByRole("img", { name: "The chosen picture" }),
		).toHaveCount(0);

		await openHomeSections(page);
		await searchHomePage(page, name);
		const results = page.getByRole("region", { name: "Search results" });
		const homeCard = results.getByRole("article", { name, exact: true });
		await expect(homeCard).toBeVisible();
		await expectImageLoaded(homeCard.getByRole("img", { name, exact: true }));
		await expect(homeCard.getByRole("definition")).toHaveText([
			"$12.50",
			/^TG-\d{6}$/,
			"40 pieces",
			"2 pieces",
			"Ada Adder",
		]);

		await page.goto("/dashboard/manage-products");
		expect(await readTotalProducts(page)).toBe(totalBefore + 1);
		const manageCard = page.getByRole("article", { name, exact: true });
		await expect(manageCard).toBeVisible();
		await expect(manageCard.getByRole("link", { name: /Buy Now/ })).toHaveCount(
			0,
		);

		await manageCard.getByRole("link", { name: `Edit: ${name}` }).click();
		await expect(
			page.getByRole("heading", { level: 1, name: `Edit ${name}` }),
		).toBeVisible();
		await expect(page.getByLabel("Product Name")).toHaveValue(name);
		await expect(page.getByLabel("Description")).toHaveValue(
			"A two-pound rubber mallet that sets joints without marking them.",
		);
		await expect(page.getByLabel("Price", { exact: true })).toHaveValue(
			"12.50",
		);
		await expect(page.getByLabel("Available Quantity")).toHaveValue("40");
		await expect(page.getByLabel("Minimum Order Quantity")).toHaveValue("2");
		await expectImageLoaded(
			page.getByRole("img", { name: "The current picture" }),
		);
		await page.getByLabel("Price", { exact: true }).fill("19.95");
		await page.getByLabel("Available Quantity").fill("75");
		await page.getByRole("button", { name: "Save changes" }).click();
		await expect(page.getByText("Tool updated successfully")).toBeVisible();
		await expect(page).toHaveURL(/\/dashboard\/manage-products$/);
		await expect(manageCard.getByRole("definition")).toHaveText([
			"$19.95",
			/^TG-\d{6}$/,
			"75 pieces",
			"2 pieces",
			"Ada Adder",
		]);

		await openHomeSections(page);
		await searchHomePage(page, name);
		await homeCard.getByRole("link", { name: `Buy Now: ${name}` }).click();
		await expect(page).toHaveURL(/\/tool-purchase\/[0-9a-f-]{36}$/);
		const purchasePage = page.url();
		await expect(
			page.getByRole("heading", { level: 1, name, exact: true }),
		).toBeVisible();
		await expect(page.getByRole("definition")).toHaveText([
			purchasePage.split("/").at(-1) ?? "",
			/^TG-\d{6}$/,
			"$19.95",
			"75 pieces",
			"2 pieces",
			"Ada Adder",
		]);

		await page.goto("/dashboard/manage-products");
		await manageCard
			.getByRole("button", { name: `Delete Tools: ${name}` })
			.click();
		const dialog = page.getByRole("dialog", { name: "Delete this tool?" });
		await expect(dialog).toContainText(`“${name}” will no longer be on sale.`);
		await dialog.getByRole("button", { name: "Delete" }).click();
		await expect(page.getByText("Item deleted")).toBeVisible();
		await expect(dialog).toBeHidden();
		await expect(manageCard).toHaveCount(0);
		expect(await readTotalProducts(page)).toBe(totalBefore);

		await openHomeSections(page);
		await searchHomePage(page, name);
		await expect(page.getByText(`No tools match “${name}”.`)).toBeVisible();
		await expect(homeCard).toHaveCount(0);

		await page.goto(purchasePage);
		await expect(
			page.getByRole("heading", { level: 1, name: NOT_FOUND }),
		).toBeVisible();
		await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(
			0,
		);
	});
});

test("the empty Add A Product form shows every required-field message", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Ema Empty");
	await page.goto("/dashboard/add-a-product");
	await expect(
		page.getByRole("heading", { level: 1, name: "Add A Product" }),
	).toBeVisible();
	await page.getByRole("button", { name: "Add Product" }).click();

	for (const [label, message] of [
		["Product Name", "Product Name is required"],
		["Description", "Description is required"],
		["Price", "Price is required"],
		["Available Quantity", "Quantity is required"],
		["Minimum Order Quantity", "Minimum order quantity is required"],
	] as const) {
		await expect(page.getByText(message, { exact: true })).toBeVisible();
		const field = page.getByLabel(label, { exact: true });
		await expect(field).toHaveAttribute("aria-invalid", "true");
		await expect(field).toHaveAccessibleDescription(message);
	}
	await expect(
		page.getByText("Image is required", { exact: true }),
	).toBeVisible();
	const image = page.getByLabel("Image", { exact: true });
	await expect(image).toHaveAttribute("aria-invalid", "true");
	await expect(image).toHaveAccessibleDescription(/Image is required$/);
	await expect(page.getByLabel("Product Name")).toBeFocused();
});

test("a visitor searches the catalog by part of a name, by a ?q= address, and without a match", async ({
	page,
}) => {
	await openHomeSections(page);
	const searchBox = page.getByRole("searchbox", {
		name: "Search tools by name",
	});
	await searchBox.fill("drill");
	await expect(page).toHaveURL(/\?q=drill$/);
	const results = page.getByRole("region", { name: "Search results" });
	await expect(
		results.getByRole("article", { name: "18 V Brushless Drill Driver Kit" }),
	).toBeVisible();
	await expect(
		results.getByRole("article", { name: "Forged Claw Hammer 16 oz" }),
	).toHaveCount(0);

	await page.goto("/home?q=screw");
	await expect(searchBox).toHaveValue("screw");
	await expect(
		results.getByRole("article", {
			name: "Precision Screwdriver Set, 8 Piece",
		}),
	).toBeVisible();

	await searchBox.fill("zzqxv");
	await expect(page).toHaveURL(/\/home\?q=zzqxv$/);
	await expect(page.getByText("No tools match “zzqxv”.")).toBeVisible();
	await expect(results.getByRole("article")).toHaveCount(0);

	await page.getByRole("button", { name: "Clear search" }).click();
	await expect(page).toHaveURL(/\/home$/);
	await expect(searchBox).toHaveValue("");
	await expect(
		page.getByRole("region", { name: "Latest Tools" }).getByRole("article"),
	).toHaveCount(6);
});
