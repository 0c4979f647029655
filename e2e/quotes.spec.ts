import type { Page } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { addToolAsNewAdmin, newCustomerPage } from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

/** The row of Quote Requests for the customer's request, on the admin's page. */
async function requestRowOf(adminPage: Page, email: string) {
	await adminPage.goto("/dashboard/quote-requests");
	const row = adminPage
		.getByRole("table", { name: "Quote requests, newest first" })
		.getByRole("row")
		.filter({ has: adminPage.getByText(email, { exact: true }) });
	await expect(row).toHaveCount(1);
	return row;
}

/** Asks for a quote through the API as the customer signed in on `page`; answers its id. */
async function requestQuoteThroughApi(
	page: Page,
	origin: string,
	toolId: string,
	quantity: number,
): Promise<string> {
	const response = await page.request.post("/api/quotes", {
		headers: { origin },
		data: { tool_id: toolId, quantity, note: "For the accessibility scan" },
	});
	if (response.status() !== 201)
		throw new Error(
			`asking for a quote failed: ${response.status()} ${await response.text()}`,
		);
	return ((await response.json()) as { id: string }).id;
}

test("a customer asks for a quote from the purchase page, an admin answers it, and the customer accepts it for delivery and pays the order at the quoted price", async ({
	page,
	browser,
	baseURL,
}) => {
	// Two accounts and seven pages, and the order paid: on a busy 2-core machine running journeys
	// side by side this takes longer than the default 30 s, though nothing in it waits.
	test.slow();
	const origin = String(baseURL);
	const anvil = await addToolAsNewAdmin(page, origin, {
		label: "Quoted Anvil",
		price: "80.00",
		available: 30,
		minimum: 1,
	});
	const customer = await newCustomerPage(browser, origin, "Quincy Quote");
	const shopper = customer.page;

	await shopper.goto(`/tool-purchase/${anvil.id}`);
	await shopper.getByRole("link", { name: "Request a quote" }).click();
	await expect(
		shopper.getByRole("heading", { level: 1, name: "Request a quote" }),
	).toBeVisible();
	await expect(
		shopper.getByRole("heading", { level: 2, name: anvil.tool_name }),
	).toBeVisible();
	await shopper.getByLabel("Quantity").fill("25");
	await shopper
		.getByLabel("Wanted unit price in dollars (optional)")
		.fill("70");
	await shopper
		.getByLabel("Note for the shop (optional)")
		.fill("For our training centre");
	await shopper.getByRole("button", { name: "Request quote" }).click();
	await expect(shopper).toHaveURL("/dashboard/my-quotes");
	const card = shopper.getByRole("article", { name: anvil.tool_name });
	await expect(card.getByText("Requested", { exact: true })).toBeVisible();
	await expect(card).toContainText("Wanted price$70.00 each");

	const row = await requestRowOf(page, customer.email);
	await expect(row).toContainText("25 pieces");
	await expect(row).toContainText("“For our training centre”");
	await row
		.getByRole("button", {
			name: `Answer the request of ${customer.email} for ${anvil.tool_name}`,
		})
		.click();
	const dialog = page.getByRole("dialog", { name: "Answer the request" });
	await dialog.getByLabel("Unit price in dollars").fill("72.50");
	await dialog
		.getByLabel("Note for the customer (optional)")
		.fill("Delivered within a week.");
	await dialog.getByRole("button", { name: "Send answer" }).click();
	await expect(
		page.getByText(`Answer sent to ${customer.email}`),
	).toBeVisible();
	await expect(row.getByText("Answered", { exact: true })).toBeVisible();
	await expect(row).toContainText("$1,812.50 in all");

	await shopper.reload();
	await expect(card).toContainText("Unit price$72.50");
	await expect(card).toContainText("From the shop: Delivered within a week.");
	await card
		.getByRole("link", { name: `Accept the quote for ${anvil.tool_name}` })
		.click();
	await shopper.getByLabel("Recipient").fill("Quincy Quote");
	await shopper.getByLabel("Address", { exact: true }).fill("3 Anvil Row");
	await shopper.getByLabel("City").fill("Sheffield");
	await shopper.getByLabel("Zip").fill("S2 4QQ");
	await expect(
		shopper.getByText("You order 25 pieces at the quoted $72.50 each"),
	).toBeVisible();
	await shopper.getByRole("button", { name: "Accept and order" }).click();

	// The new order's page, where it is paid like any other.
	await expect(shopper).toHaveURL(/\/dashboard\/my-orders\/[0-9a-f-]{36}$/);
	await expect(
		shopper.getByRole("heading", { level: 1, name: "Your order" }),
	).toBeVisible();
	await shopper.getByRole("button", { name: "Pay $1,812.50" }).click();
	await shopper
		.getByRole("dialog", { name: `Pay for ${anvil.tool_name}` })
		.getByRole("button", { name: "Pay $1,812.50" })
		.click();
	await expect(shopper.getByText("Payment Done Successfully")).toBeVisible();

	await shopper.goto("/dashboard/my-quotes");
	await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
	await expect(
		card.getByRole("link", { name: `View the order of ${anvil.tool_name}` }),
	).toBeVisible();
	// The stock was taken when the quote was accepted, not before.
	const tool = await (await page.request.get(`/api/tools/${anvil.id}`)).json();
	expect(tool.available_quantity).toBe(5);
	await customer.close();
});

test("My Quotes, a quote's page with its accept form, the request form and Quote Requests with the answer dialog open have no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	// Four full-page scans besides the accounts: as the journey above, slower than 30 s when busy.
	test.slow();
	const origin = String(baseURL);
	const vise = await addToolAsNewAdmin(page, origin, {
		label: "Scanned Vise",
		price: "30.00",
		available: 10,
		minimum: 2,
	});
	const customer = await newCustomerPage(browser, origin, "Ally Scan");
	const shopper = customer.page;
	const quoteId = await requestQuoteThroughApi(shopper, origin, vise.id, 40);
	const nextWeek = new Date(Date.now() + 7 * 86_400_000)
		.toISOString()
		.slice(0, 10);
	const answered = await page.request.post(
		`/api/admin/quotes/${quoteId}/answer`,
		{ headers: { origin }, data: { unit_price: "27", valid_until: nextWeek } },
	);
	expect(answered.status()).toBe(200);
	await requestQuoteThroughApi(shopper, origin, vise.id, 20);

	await shopper.goto("/dashboard/my-quotes");
	await expect(
		shopper.getByRole("article", { name: vise.tool_name }),
	).toHaveCount(2);
	expect(await findBlockingViolations(shopper), "My Quotes").toEqual([]);

	await shopper.goto(`/dashboard/my-quotes/${quoteId}`);
	await expect(
		shopper.getByRole("button", { name: "Accept and order" }),
	).toBeVisible();
	expect(await findBlockingViolations(shopper), "a quote's page").toEqual([]);

	// The request form with a refused quantity: its message is tied to the field.
	await shopper.goto(`/dashboard/quotes/new?tool=${vise.id}`);
	await shopper.getByLabel("Quantity").fill("1");
	await shopper.getByRole("button", { name: "Request quote" }).click();
	await expect(
		shopper.getByText("Your minimum order is 2 pieces."),
	).toBeVisible();
	expect(await findBlockingViolations(shopper), "the request form").toEqual([]);
	await customer.close();

	await page.goto("/dashboard/quote-requests");
	await page
		.getByRole("button", {
			name: `Answer the request of ${customer.email} for ${vise.tool_name}`,
		})
		.click();
	await expect(
		page.getByRole("dialog", { name: "Answer the request" }),
	).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"Quote Requests with the answer dialog",
	).toEqual([]);
});
