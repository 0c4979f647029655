import type { Locator, Page } from "@playwright/test";
import { signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import { addToolInOwnContext } from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

test.use({
	expectedConsoleErrors: [
		// The answer dropped on its way back to the page.
		{ text: /ERR_FAILED/, url: /\/api\/orders$/ },
	],
});

/** The figure the purchase page shows beside a term of its list ("Available", …). */
function figure(page: Page, term: string): Locator {
	return page
		.getByRole("term")
		.filter({ hasText: new RegExp(`^${term}$`) })
		.locator("xpath=following-sibling::dd[1]");
}

test("the answer to 'Order Confirm' is lost once: the retry with the same Idempotency-Key shows one order, and the stock drops once", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolInOwnContext(browser, origin, {
		label: "Journey Retry Vise",
		price: "5.00",
		available: 20,
		minimum: 2,
	});
	await signUpInContext(page, origin, "Rae Retry", uniqueEmail("retry"));

	const keys: string[] = [];
	let isFirstAnswer = true;
	await page.route("**/api/orders", async (route) => {
		const request = route.request();
		if (request.method() !== "POST") return route.fallback();
		keys.push(request.headers()["idempotency-key"] ?? "");
		if (!isFirstAnswer) return route.continue();
		isFirstAnswer = false;
		// The order reaches the shop and is placed; its answer never reaches the page.
		const placed = await route.fetch();
		expect(placed.status()).toBe(201);
		return route.abort("failed");
	});

	await page.goto(`/tool-purchase/${tool.id}`);
	await page.getByLabel("Quantity").fill("3");
	await page.getByRole("button", { name: "Order Confirm" }).click();
	await expect(page.getByText("Order Added")).toBeVisible();
	await expect(figure(page, "Available")).toHaveText("17 pieces");
	expect(keys).toHaveLength(2);
	expect(keys[1]).toBe(keys[0]);

	await page.goto("/dashboard/my-orders");
	await expect(
		page.getByRole("heading", { level: 1, name: "My Orders" }),
	).toBeVisible();
	const orders = page.getByRole("article", { name: tool.tool_name });
	await expect(orders).toHaveCount(1);
	await expect(orders.getByText("3 pieces", { exact: true })).toBeVisible();
});
