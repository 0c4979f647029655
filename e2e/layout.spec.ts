import type { Page } from "@playwright/test";
import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

test("the footer shows the brand line, the 'Social' heading and three social links without a target", async ({
	page,
}) => {
	await page.goto("/blog");
	await expect(
		page.getByRole("heading", { level: 1, name: "Blog" }),
	).toBeVisible();
	// The footer comes as the reader nears the end of the page.
	await page.mouse.wheel(0, 20_000);
	const footer = page.getByRole("contentinfo");
	await expect(footer).toContainText(
		"Tools Gallery. Providing reliable services since 1992",
	);
	await expect(footer.getByRole("heading", { name: "Social" })).toBeVisible();
	const social = footer
		.getByRole("navigation", { name: "Social" })
		.getByRole("link");
	await expect(social).toHaveText([
		"Tools Gallery on Twitter",
		"Tools Gallery on YouTube",
		"Tools Gallery on Facebook",
	]);
	for (const link of await social.all()) {
		await expect(link).toBeVisible();
		await expect(link).not.toHaveAttribute("target", /.*/);
	}
});

/** The card of the named tool in "Latest Tools", showing more tools until it is there. */
async function showToolCard(page: Page, name: string) {
	const section = page.getByRole("region", { name: "Latest Tools" });
	const cards = section.getByRole("article");
	const card = section.getByRole("article", { name, exact: true });
	await expect(cards.first()).toBeVisible();
	while ((await card.count()) === 0) {
		const shown = await cards.count();
		await section.getByRole("button", { name: "Show more tools" }).click();
		await expect(cards).not.toHaveCount(shown);
	}
	return card;
}

test("a tool whose stock is below its minimum order is marked 'Stock Out'", async ({
	page,
}) => {
	await openHomeSections(page);
	// The demo catalog's circular saw has 3 pieces left and a minimum order of 5.
	const stockOut = await showToolCard(page, "185 mm Circular Saw 1400 W");
	await expect(stockOut.getByRole("definition")).toContainText([
		"3 pieces",
		"5 pieces",
	]);
	await expect(stockOut.getByText("Stock Out", { exact: true })).toBeVisible();

	const inStock = await showToolCard(page, "Forged Claw Hammer 16 oz");
	await expect(inStock.getByRole("definition")).toContainText([
		"240 pieces",
		"10 pieces",
	]);
	await expect(inStock.getByText("Stock Out", { exact: true })).toHaveCount(0);
});

test("'Show more tools' loads the next tools of the catalog", async ({
	page,
}) => {
	await openHomeSections(page);
	const cards = page
		.getByRole("region", { name: "Latest Tools" })
		.getByRole("article");
	await expect(cards).toHaveCount(6);
	await page.getByRole("button", { name: "Show more tools" }).click();
	await expect(cards).toHaveCount(12);
});

test("a tool pushed onto the next page by a newer one is shown once", async ({
	page,
}) => {
	// Page 2 answered as if a tool had been added after page 1 loaded: its first item is the last
	// item of page 1.
	let lastOfFirstPage: unknown;
	await page.route("**/api/tools?page=*", async (route) => {
		const response = await route.fetch();
		const body = (await response.json()) as { page: number; items: unknown[] };
		if (body.page === 1) lastOfFirstPage = body.items.at(-1);
		if (body.page === 2 && lastOfFirstPage)
			body.items = [lastOfFirstPage, ...body.items.slice(0, -1)];
		await route.fulfill({ response, json: body });
	});
	await openHomeSections(page);
	const cards = page
		.getByRole("region", { name: "Latest Tools" })
		.getByRole("article");
	await expect(cards).toHaveCount(6);
	await page.getByRole("button", { name: "Show more tools" }).click();
	await expect(cards).toHaveCount(11);
	const names = await cards.getByRole("heading").allTextContents();
	expect(new Set(names).size).toBe(names.length);
});
