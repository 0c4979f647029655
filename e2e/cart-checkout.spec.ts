import fs from "node:fs";
import type { Page } from "@playwright/test";
import { PASSWORD, signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { addToolInOwnContext, type ShopTool } from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

/**
 * Finds the tool on the home page by its name and puts its minimum order into the cart, which
 * then holds `pieces`.
 */
async function addFromItsCard(
	page: Page,
	tool: ShopTool,
	pieces: number,
): Promise<void> {
	await page.goto(`/?q=${encodeURIComponent(tool.tool_name)}`);
	const card = page.getByRole("article", { name: tool.tool_name, exact: true });
	await card
		.getByRole("button", { name: `Add to cart: ${tool.tool_name}` })
		.click();
	await expect(
		page.getByText(
			`Added ${tool.minimum_quantity} pieces of ${tool.tool_name} to your cart, which holds ${pieces} pieces`,
		),
	).toBeVisible();
}

test("a visitor fills a cart with two tools, signs up, finds the cart in the account, checks out for collection at a receiving point, pays in My Orders, sees the order's lines and downloads its invoice", async ({
	page,
	browser,
	baseURL,
}) => {
	// A whole customer's story, from a visitor's cart to the invoice: longer than the default time.
	test.slow();
	const origin = String(baseURL);
	const wrench = await addToolInOwnContext(browser, origin, {
		label: "Cart Pipe Wrench",
		price: "2.50",
		available: 40,
		minimum: 4,
	});
	const clamp = await addToolInOwnContext(browser, origin, {
		label: "Cart Bar Clamp",
		price: "6.00",
		available: 30,
		minimum: 3,
	});

	// As a visitor: the cart lives in the browser and survives a reload.
	await addFromItsCard(page, wrench, 4);
	await addFromItsCard(page, clamp, 7);
	const cartLink = page
		.getByRole("navigation", { name: "Main" })
		.getByRole("link", { name: "Cart, 7 pieces" });
	await expect(cartLink).toBeVisible();
	await page.reload();
	await cartLink.click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Cart" }),
	).toBeVisible();
	const wrenchQuantity = page.getByLabel(`Quantity of ${wrench.tool_name}`);
	await expect(wrenchQuantity).toHaveValue("4");
	await wrenchQuantity.fill("6");
	await expect(
		page.getByRole("region", { name: "Order summary" }).getByText("$33.00"),
	).toBeVisible();

	// Checking out asks the visitor to sign in; a new account comes back to the checkout.
	await page.getByRole("link", { name: "Checkout" }).click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
	await page.getByRole("link", { name: "Create a new account" }).click();
	await page.getByLabel("Full Name").fill("Cora Cartwright");
	await page.getByLabel("Email").fill(uniqueEmail("cart"));
	await page.getByLabel("Password").fill(PASSWORD);
	await page.getByRole("button", { name: "Sign Up" }).click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Checkout" }),
	).toBeVisible();
	await expect(page).toHaveURL("/checkout");

	// The browser cart was merged into the account's cart, and emptied.
	const review = page.getByRole("region", { name: "Your order" });
	await expect(review.getByText("6 × $2.50")).toBeVisible();
	await expect(review.getByText("3 × $6.00")).toBeVisible();
	await expect(review.getByText("$33.00")).toBeVisible();
	expect(
		await page.evaluate(() =>
			window.localStorage.getItem("tools-gallery.cart"),
		),
	).toBeNull();
	await expect(
		page
			.getByRole("navigation", { name: "Main" })
			.getByRole("link", { name: "Cart, 9 pieces" }),
	).toBeVisible();

	// Collection at one of the demo's receiving points.
	await page.getByLabel("Collection at a receiving point").check();
	const points = page.getByRole("group", { name: "Receiving point" });
	await page.getByRole("button", { name: "Place order" }).click();
	await expect(points.getByRole("alert")).toHaveText(
		"Choose a receiving point",
	);
	const firstPoint = points.getByRole("radio").first();
	const pointName = await firstPoint.evaluate(
		(radio) =>
			document.getElementById(radio.getAttribute("aria-labelledby") ?? "")
				?.textContent ?? "",
	);
	await firstPoint.check();
	await expect(points.getByText(`Collect at ${pointName}`)).toBeVisible();
	await page.getByLabel("Purchase-order number (optional)").fill("PO-7731");
	await page.getByRole("button", { name: "Place order" }).click();

	// The order waits in My Orders, to be paid there.
	await expect(page).toHaveURL("/dashboard/my-orders");
	await expect(
		page.getByText(
			"Order placed for $33.00: pay for it here when you are ready",
		),
	).toBeVisible();
	const order = page.getByRole("article", {
		name: `${wrench.tool_name} and 1 more`,
	});
	const lines = order.getByRole("list", { name: "Tools ordered" });
	await expect(lines.getByRole("listitem")).toHaveText([
		`${wrench.tool_name}6 × $2.50$15.00`,
		`${clamp.tool_name}3 × $6.00$18.00`,
	]);
	await expect(order.getByText(`Collection at`)).toBeVisible();
	await expect(order.getByText(pointName)).toBeVisible();
	await expect(order.getByText("PO-7731")).toBeVisible();

	await order
		.getByRole("button", { name: `Payment for ${wrench.tool_name}` })
		.click();
	const payment = page.getByRole("dialog", {
		name: `Pay for ${wrench.tool_name}`,
	});
	await expect(payment.getByLabel("Amount due")).toHaveValue("$33.00");
	await payment.getByRole("button", { name: "Pay $33.00" }).click();
	await expect(page.getByText("Payment Done Successfully")).toBeVisible();
	await expect(order.getByText("Paid", { exact: true })).toBeVisible();
	await expect(lines.getByRole("listitem")).toHaveCount(2);

	// Paid: its invoice is issued, and downloads from My Orders as a PDF named after its number.
	const downloading = page.waitForEvent("download");
	await order
		.getByRole("link", { name: /^Invoice \d{4}-\d{6} \(PDF\)$/ })
		.click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
	const pdf = fs.readFileSync(await download.path());
	expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");

	// The ordered lines left the cart.
	await page.goto("/cart");
	await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("the cart, the checkout and the receiving points page have no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	// Five pages and dialogs, each scanned whole: longer than one journey's default time.
	test.slow();
	const origin = String(baseURL);
	const tool = await addToolInOwnContext(browser, origin, {
		label: "Scanned Cart Vise",
		price: "35.00",
		available: 9,
		minimum: 2,
	});

	// A visitor's cart, with a quantity the stock cannot fill.
	await addFromItsCard(page, tool, 2);
	await page.goto("/cart");
	const quantity = page.getByLabel(`Quantity of ${tool.tool_name}`);
	await expect(quantity).toHaveValue("2");
	expect(await findBlockingViolations(page), "cart").toEqual([]);
	await quantity.fill("10");
	await expect(page.getByRole("alert")).toHaveText(
		"Your maximum order is 9 pieces.",
	);
	expect(await findBlockingViolations(page), "cart with its message").toEqual(
		[],
	);

	// The checkout, for delivery and for collection without a point chosen.
	await quantity.fill("3");
	// Leaving the box saves the quantity at once.
	await quantity.blur();
	await expect(page.getByRole("alert")).toHaveCount(0);
	// Signed up through the API, not the sign-up page: the first signed-in page hands the cart over.
	await signUpInContext(page, origin, "Axel Cartwright");
	await page.goto("/checkout");
	await expect(
		page.getByRole("region", { name: "Your order" }).getByText("3 × $35.00"),
	).toBeVisible();
	expect(await findBlockingViolations(page), "checkout, delivery").toEqual([]);
	await page.getByLabel("Collection at a receiving point").check();
	await page.getByRole("button", { name: "Place order" }).click();
	await expect(
		page.getByRole("group", { name: "Receiving point" }).getByRole("alert"),
	).toHaveText("Choose a receiving point");
	expect(await findBlockingViolations(page), "checkout, collection").toEqual(
		[],
	);

	// The admin's receiving points, and the dialog that adds one.
	const adminContext = await browser.newContext({ baseURL: origin });
	const adminPage = await adminContext.newPage();
	await signUpAdmin(adminPage, origin, "Rhea Receiver");
	await adminPage.goto("/dashboard/receiving-points");
	await expect(
		adminPage.getByRole("list", { name: "Receiving points by name" }),
	).toBeVisible();
	expect(
		await findBlockingViolations(adminPage),
		"receiving points page",
	).toEqual([]);
	await adminPage
		.getByRole("button", { name: "Add a receiving point" })
		.click();
	await adminPage.getByRole("button", { name: "Add receiving point" }).click();
	await expect(
		adminPage.getByRole("dialog", { name: "Add a receiving point" }),
	).toContainText("Name is required");
	expect(
		await findBlockingViolations(adminPage),
		"adding a receiving point",
	).toEqual([]);
	await adminContext.close();
});
