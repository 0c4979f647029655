import type { Locator, Page } from "@playwright/test";
import { signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import { addToolInOwnContext } from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

const UNPAID_LIMIT =
	"You have 3 unpaid orders, the most an account can hold. Pay or cancel one in My Orders to order again.";

/** The figure the purchase page shows beside a term of its list ("Available", "Price"…). */
function figure(page: Page, term: string): Locator {
	return page
		.getByRole("term")
		.filter({ hasText: new RegExp(`^${term}$`) })
		.locator("xpath=following-sibling::dd[1]");
}

test.describe("the limit on unpaid orders", () => {
	// The 4th order is refused by the API with a 409, which the browser logs.
	test.use({
		expectedConsoleErrors: [{ text: /status of 409/, url: /\/api\/orders$/ }],
	});

	test("a customer places 3 orders, the 4th is refused with the way out; after cancelling one in My Orders, ordering works again", async ({
		page,
		browser,
		baseURL,
	}) => {
		const origin = String(baseURL);
		const tool = await addToolInOwnContext(browser, origin, {
			label: "Journey Chalk Line",
			price: "3.00",
			available: 30,
			minimum: 2,
		});
		await signUpInContext(page, origin, "Hal Holder", uniqueEmail("buyer"));

		await page.goto(`/tool-purchase/${tool.id}`);
		await expect(figure(page, "Available")).toHaveText("30 pieces");
		const confirm = page.getByRole("button", { name: "Order Confirm" });
		for (const left of [28, 26, 24]) {
			await confirm.click();
			await expect(figure(page, "Available")).toHaveText(`${left} pieces`);
		}

		await confirm.click();
		await expect(
			page.getByText(`Failed to order: ${UNPAID_LIMIT}`),
		).toBeVisible();
		const form = page.getByRole("form", { name: "Order this tool" });
		await expect(form.getByRole("alert")).toContainText(UNPAID_LIMIT);
		await expect(figure(page, "Available")).toHaveText("24 pieces");

		await form.getByRole("link", { name: "Go to My Orders" }).click();
		await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
		const orders = page.getByRole("article", {
			name: tool.tool_name,
			exact: true,
		});
		await expect(orders).toHaveCount(3);
		await orders
			.first()
			.getByRole("button", { name: `Cancel order of ${tool.tool_name}` })
			.click();
		const cancel = page.getByRole("dialog", { name: "Cancel this order?" });
		await cancel.getByRole("button", { name: "Cancel order" }).click();
		await expect(page.getByText("Order cancelled")).toBeVisible();

		await page.goto(`/tool-purchase/${tool.id}`);
		await expect(figure(page, "Available")).toHaveText("26 pieces");
		await confirm.click();
		await expect(page.getByText("Order Added")).toBeVisible();
		await expect(figure(page, "Available")).toHaveText("24 pieces");
		await expect(form.getByRole("alert")).toHaveCount(0);
	});
});
