import type { Browser } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import {
	makePngPhoto,
	signUpAdmin,
	uniqueToolName,
} from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

type AddedTool = { id: string; slug: string; sku: string; tool_name: string };

/**
 * A tool of this journey's own with volume prices, added through the API by a new admin in a
 * context of its own (with JavaScript, whatever the journey's own pages have); `remove` deletes it.
 */
async function addVolumeTool(browser: Browser, origin: string) {
	const context = await browser.newContext({
		baseURL: origin,
		javaScriptEnabled: true,
	});
	const page = await context.newPage();
	await signUpAdmin(page, origin, "Petra Pages");
	const added = await page.request.post("/api/tools", {
		headers: { origin },
		multipart: {
			tool_name: uniqueToolName("Pipe Wrench"),
			description: "A cast-iron pipe wrench for plumbers, with a hook jaw.",
			price: "25.00",
			available_quantity: "400",
			minimum_quantity: "10",
			pack_size: "5",
			price_breaks: "50:22.50; 200:19.90",
			image: await makePngPhoto("wrench.png"),
		},
	});
	if (added.status() !== 201)
		throw new Error(`adding the tool failed: ${await added.text()}`);
	const tool = (await added.json()) as AddedTool;
	return {
		tool,
		remove: async () => {
			const removed = await page.request.delete(`/api/tools/${tool.id}`, {
				headers: { origin },
			});
			expect(removed.status()).toBe(204);
		},
		close: () => context.close(),
	};
}

test.describe("without JavaScript", () => {
	test.use({
		javaScriptEnabled: false,
		// The 410 of a deleted tool's page is logged by the browser as a failed load.
		expectedConsoleErrors: [{ text: /status of 410/, url: /\/tools\// }],
	});

	test("a tool's page shows its name, part number and price table, and a deleted tool's page says it is gone (410)", async ({
		page,
		browser,
		baseURL,
	}) => {
		const shop = await addVolumeTool(browser, String(baseURL));
		try {
			const answer = await page.goto(`/tools/${shop.tool.slug}`);
			expect(answer?.status()).toBe(200);
			await expect(
				page.getByRole("heading", { level: 1, name: shop.tool.tool_name }),
			).toBeVisible();
			await expect(page).toHaveTitle(`${shop.tool.tool_name} · Tools Gallery`);
			const figures = page.locator("#main dl");
			await expect(figures.getByText("Part number")).toBeVisible();
			await expect(figures.getByText(shop.tool.sku)).toBeVisible();
			const prices = page.getByRole("table", { name: "Volume prices" });
			await expect(prices.getByRole("row")).toHaveText([
				"QuantityPrice each",
				"10+ pieces$25.00",
				"50+ pieces$22.50",
				"200+ pieces$19.90",
			]);
			await expect(
				page.getByRole("link", { name: `Buy Now: ${shop.tool.tool_name}` }),
			).toHaveAttribute("href", `/tool-purchase/${shop.tool.id}`);

			await shop.remove();
			const gone = await page.goto(`/tools/${shop.tool.slug}`);
			expect(gone?.status()).toBe(410);
			await expect(
				page.getByRole("heading", {
					level: 1,
					name: `${shop.tool.tool_name} is no longer sold`,
				}),
			).toBeVisible();
			await page.getByRole("link", { name: "Back to the homepage" }).click();
			await expect(page).toHaveURL(/\/$/);
		} finally {
			await shop.close();
		}
	});
});

test("with JavaScript the app takes over a tool's page: 'Add to cart' appears and 'Buy Now' asks a visitor to sign in", async ({
	page,
	browser,
	baseURL,
}) => {
	const shop = await addVolumeTool(browser, String(baseURL));
	try {
		await page.goto(`/tools/${shop.tool.slug}`);
		await expect(page.locator("[data-server-rendered]")).toHaveCount(0);
		await expect(
			page.getByRole("heading", { level: 1, name: shop.tool.tool_name }),
		).toBeVisible();
		await expect(
			page.getByRole("button", { name: `Add to cart: ${shop.tool.tool_name}` }),
		).toBeEnabled();
		await page
			.getByRole("link", { name: `Buy Now: ${shop.tool.tool_name}` })
			.click();
		await expect(page).toHaveURL(/\/login/);
		await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
	} finally {
		await shop.close();
	}
});

test("a tool's page has no serious accessibility violations, as the server draws it and once the app has taken over", async ({
	page,
	browser,
	baseURL,
}) => {
	const shop = await addVolumeTool(browser, String(baseURL));
	try {
		// The server's page alone: the app's scripts are answered empty.
		await page.route("**/assets/*.js", (route) =>
			route.fulfill({ contentType: "text/javascript", body: "" }),
		);
		await page.goto(`/tools/${shop.tool.slug}`);
		await expect(page.locator("[data-server-rendered]")).toHaveCount(1);
		expect(await findBlockingViolations(page), "server-rendered").toEqual([]);

		await page.unrouteAll();
		await page.goto(`/tools/${shop.tool.slug}`);
		await expect(page.locator("[data-server-rendered]")).toHaveCount(0);
		await expect(
			page.getByRole("button", { name: `Add to cart: ${shop.tool.tool_name}` }),
		).toBeEnabled();
		expect(await findBlockingViolations(page), "the app's page").toEqual([]);
	} finally {
		await shop.close();
	}
});
