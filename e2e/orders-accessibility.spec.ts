import { signUpInContext } from "./fixtures/accounts.ts";
import { findBlockingViolations } from "./fixtures/axe.ts";
import {
	addToolAsNewAdmin,
	addToolInOwnContext,
	newCustomerPage,
	placeOrderThroughApi,
} from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

test("the purchase page, as it opens and while it shows a quantity message, has no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolInOwnContext(browser, origin, {
		label: "Scanned Bench Vise",
		price: "35.00",
		available: 9,
		minimum: 2,
	});
	await signUpInContext(page, origin, "Axel Buyer");

	await page.goto(`/tool-purchase/${tool.id}`);
	await expect(
		page.getByRole("heading", { level: 1, name: tool.tool_name }),
	).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "purchase page").toEqual([]);

	await page.getByLabel("Quantity").fill("10");
	await expect(page.getByRole("alert")).toHaveText(
		"Your maximum order is 9 pieces.",
	);
	expect(
		await findBlockingViolations(page),
		"purchase page with its message",
	).toEqual([]);
});

test("My Orders with the payment modal open, and Manage All Orders with orders listed, have no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const adminContext = await browser.newContext({ baseURL: origin });
	const adminPage = await adminContext.newPage();
	const tool = await addToolAsNewAdmin(adminPage, origin, {
		label: "Scanned Socket Set",
		price: "18.00",
		available: 30,
		minimum: 1,
	});
	await signUpInContext(page, origin, "Axel Payer");
	await placeOrderThroughApi(page, origin, tool.id, 2);

	await page.goto("/dashboard/my-orders");
	await page
		.getByRole("button", { name: `Payment for ${tool.tool_name}` })
		.click();
	const payment = page.getByRole("dialog", {
		name: `Pay for ${tool.tool_name}`,
	});
	await expect(payment.getByText("Test mode: no money is taken")).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"My Orders with the payment modal",
	).toEqual([]);

	// Manage All Orders, with this order and a deleted one in the audit list.
	const other = await newCustomerPage(browser, origin, "Axel Other");
	const deletedId = await placeOrderThroughApi(other.page, origin, tool.id, 1);
	await other.close();
	const deleted = await adminPage.request.delete(`/api/orders/${deletedId}`, {
		headers: { origin },
	});
	expect(deleted.status()).toBe(204);
	await adminPage.goto("/dashboard/all-order");
	await expect(
		adminPage.getByRole("heading", { level: 1, name: "Manage All Orders" }),
	).toBeVisible();
	await expect(
		adminPage.getByRole("cell", { name: tool.tool_name }).first(),
	).toBeVisible();
	await expect(
		adminPage
			.getByRole("region", { name: "Deleted orders" })
			.getByRole("listitem")
			.first(),
	).toBeVisible();
	await expect(adminPage.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(adminPage), "Manage All Orders").toEqual(
		[],
	);
	await adminContext.close();
});
