import type { Locator, Page } from "@playwright/test";
import { signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import {
	addToolAsNewAdmin,
	addToolInOwnContext,
	newCustomerPage,
	placeOrderThroughApi,
} from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

/** The figure the purchase page shows beside a term of its list ("Available", "Price"…). */
function figure(page: Page, term: string): Locator {
	return page
		.getByRole("term")
		.filter({ hasText: new RegExp(`^${term}$`) })
		.locator("xpath=following-sibling::dd[1]");
}

/** The card of My Orders for the order of `pieces` pieces of `toolName`. */
function orderCard(page: Page, toolName: string, pieces: number): Locator {
	return page
		.getByRole("article", { name: toolName, exact: true })
		.filter({ has: page.getByText(`${pieces} pieces`, { exact: true }) });
}

test("a customer orders within the quantity rule, pays one order in test mode and sees its Transaction ID, then cancels the other and finds its pieces back in stock", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolInOwnContext(browser, origin, {
		label: "Journey Pipe Wrench",
		price: "2.50",
		available: 12,
		minimum: 3,
	});
	await signUpInContext(page, origin, "Bea Buyer", uniqueEmail("buyer"));

	await page.goto(`/tool-purchase/${tool.id}`);
	await expect(
		page.getByRole("heading", { level: 1, name: tool.tool_name }),
	).toBeVisible();
	await expect(figure(page, "Available")).toHaveText("12 pieces");
	await expect(figure(page, "Minimum order")).toHaveText("3 pieces");
	const quantity = page.getByLabel("Quantity");
	const confirm = page.getByRole("button", { name: "Order Confirm" });
	const order = page.getByRole("form", { name: "Order this tool" });
	await expect(quantity).toHaveValue("3");
	await expect(order.getByText("$7.50", { exact: true })).toBeVisible();

	// Above the stock, then below the minimum: the message says why and ordering waits.
	await quantity.fill("13");
	await expect(page.getByRole("alert")).toHaveText(
		"Your maximum order is 12 pieces.",
	);
	await expect(confirm).toBeDisabled();
	await quantity.fill("2");
	await expect(page.getByRole("alert")).toHaveText(
		"Your minimum order is 3 pieces.",
	);
	await expect(confirm).toBeDisabled();

	await quantity.fill("4");
	await expect(page.getByRole("alert")).toHaveCount(0);
	await expect(order.getByText("$10.00", { exact: true })).toBeVisible();
	await confirm.click();
	await expect(page.getByText("Order Added")).toBeVisible();
	await expect(quantity).toHaveValue("3");
	await expect(figure(page, "Available")).toHaveText("8 pieces");

	// A second order at the minimum, to cancel later.
	await confirm.click();
	await expect(figure(page, "Available")).toHaveText("5 pieces");

	await page.goto("/dashboard/my-orders");
	const toPay = orderCard(page, tool.tool_name, 4);
	const toCancel = orderCard(page, tool.tool_name, 3);
	await expect(toPay).toBeVisible();
	await expect(toCancel).toBeVisible();

	await toPay
		.getByRole("button", { name: `Payment for ${tool.tool_name}` })
		.click();
	const payment = page.getByRole("dialog", {
		name: `Pay for ${tool.tool_name}`,
	});
	await expect(payment.getByLabel("Amount due")).toHaveValue("$10.00");
	await expect(payment.getByText("Test mode: no money is taken")).toBeVisible();
	await payment.getByRole("button", { name: "Pay $10.00" }).click();
	await expect(page.getByText("Payment Done Successfully")).toBeVisible();
	await expect(payment).toBeHidden();
	await expect(
		toPay.getByText(/^Transaction ID: test_[0-9a-f-]{36}$/),
	).toBeVisible();
	await expect(toPay.getByText("Paid", { exact: true })).toBeVisible();
	await expect(toPay.getByRole("button")).toHaveCount(0);

	await toCancel
		.getByRole("button", { name: `Cancel order of ${tool.tool_name}` })
		.click();
	const cancel = page.getByRole("dialog", { name: "Cancel this order?" });
	await cancel.getByRole("button", { name: "Cancel order" }).click();
	await expect(page.getByText("Order cancelled")).toBeVisible();
	await expect(toCancel.getByText("Cancelled", { exact: true })).toBeVisible();
	await expect(toCancel.getByRole("button")).toHaveCount(0);

	await page.goto(`/tool-purchase/${tool.id}`);
	await expect(figure(page, "Available")).toHaveText("8 pieces");
});

test("a new account's My Orders says 'Please Order First!'", async ({
	page,
	baseURL,
}) => {
	await signUpInContext(page, String(baseURL), "Nia Newcomer");
	await page.goto("/dashboard/my-orders");
	await expect(page.getByText("Please Order First!")).toBeVisible();
	await expect(page.getByRole("article")).toHaveCount(0);
});

test("an admin deletes a customer's unpaid order through the dialog: its pieces go back into stock and the deletion is listed with who did it", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolAsNewAdmin(page, origin, {
		label: "Journey Hex Key Set",
		price: "4.00",
		available: 20,
		minimum: 1,
	});
	const adminEmail = (
		(await (await page.request.get("/api/session")).json()) as {
			me: { email: string };
		}
	).me.email;
	const customer = await newCustomerPage(browser, origin, "Cal Customer");
	await placeOrderThroughApi(customer.page, origin, tool.id, 5);
	await customer.close();

	await page.goto("/dashboard/all-order");
	await page.getByLabel("Search by customer email").fill(customer.email);
	const row = page
		.getByRole("table", { name: "Orders, newest first" })
		.getByRole("row")
		.filter({ has: page.getByText(customer.email, { exact: true }) });
	await expect(row).toHaveCount(1);
	await expect(row.getByRole("cell")).toContainText([
		tool.tool_name,
		"5",
		"$20.00",
	]);
	await row
		.getByRole("button", {
			name: `Delete Order of ${tool.tool_name} for ${customer.email}`,
		})
		.click();
	const dialog = page.getByRole("dialog", { name: "Delete this order?" });
	await dialog
		.getByRole("button", { name: "Delete Order", exact: true })
		.click();
	await expect(page.getByText("Item deleted")).toBeVisible();
	await expect(page.getByText("No orders match.")).toBeVisible();

	const deletions = page.getByRole("region", { name: "Deleted orders" });
	const record = deletions
		.getByRole("listitem")
		.filter({ hasText: customer.email });
	await expect(record).toContainText(`by ${adminEmail}:`);
	await expect(record).toContainText(
		`5 × ${tool.tool_name} for ${customer.email} (Cal Customer), $20.00`,
	);
	await expect(record).toContainText("restocked 5 pieces");

	await page.goto(`/tool-purchase/${tool.id}`);
	await expect(figure(page, "Available")).toHaveText("20 pieces");
});
