import fs from "node:fs";
import type { Page } from "@playwright/test";
import { signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { makePngPhoto, uniqueToolName } from "./fixtures/catalog.ts";
import {
	addToolAsNewAdmin,
	newCustomerPage,
	type ShopTool,
} from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

const ADDRESS = {
	recipient: "Ivy Invoice",
	address: "12 Foundry Lane",
	city: "Sheffield",
	state: "",
	zip: "S1 2BJ",
};

/**
 * Checks `lines` out for delivery and pays for the order through the API, as the customer
 * signed in on `page`; answers the order's id.
 */
async function checkOutAndPayThroughApi(
	page: Page,
	origin: string,
	lines: { tool_id: string; quantity: number }[],
): Promise<string> {
	const checkout = await page.request.post("/api/checkout", {
		headers: { origin },
		data: { lines, fulfilment: { kind: "delivery", address: ADDRESS } },
	});
	if (checkout.status() !== 201)
		throw new Error(
			`checking out failed: ${checkout.status()} ${await checkout.text()}`,
		);
	const { id } = (await checkout.json()) as { id: string };
	const payment = await page.request.post(`/api/orders/${id}/payment`, {
		headers: { origin },
	});
	if (!payment.ok())
		throw new Error(
			`paying failed: ${payment.status()} ${await payment.text()}`,
		);
	return id;
}

/** The admin's page of the customer's order, reached from Manage All Orders. */
async function openFromManageAllOrders(
	adminPage: Page,
	customerEmail: string,
	toolName: string,
): Promise<void> {
	await adminPage.goto("/dashboard/all-order");
	await adminPage.getByLabel("Search by customer email").fill(customerEmail);
	// The search is in the address once typing settles: only then is the list the one searched.
	await expect(adminPage).toHaveURL(/[?&]email=/);
	const row = adminPage
		.getByRole("table", { name: "Orders, newest first" })
		.getByRole("row")
		.filter({ has: adminPage.getByText(customerEmail, { exact: true }) });
	await expect(row).toHaveCount(1);
	await row.getByRole("link", { name: `View order of ${toolName}` }).click();
	await expect(
		adminPage.getByRole("heading", { level: 1, name: "Manage order" }),
	).toBeVisible();
}

test("a customer adds a tool to the cart from its purchase page, checks out for delivery, pays in My Orders and downloads the invoice PDF from the order's page", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const adminContext = await browser.newContext({ baseURL: origin });
	const vise = await addToolAsNewAdmin(await adminContext.newPage(), origin, {
		label: "Invoice Bench Vise",
		price: "12.00",
		available: 30,
		minimum: 2,
	});
	await adminContext.close();
	await signUpInContext(page, origin, "Ivy Invoice", uniqueEmail("invoice"));

	// 'Add to cart' sits beside 'Order Confirm' and adds the quantity typed.
	await page.goto(`/tool-purchase/${vise.id}`);
	await page.getByLabel("Quantity").fill("3");
	await page
		.getByRole("button", { name: `Add to cart: ${vise.tool_name}` })
		.click();
	await expect(
		page.getByText(
			`Added 3 pieces of ${vise.tool_name} to your cart, which holds 3 pieces`,
		),
	).toBeVisible();

	await page.goto("/checkout");
	await expect(
		page.getByRole("region", { name: "Your order" }).getByText("3 × $12.00"),
	).toBeVisible();
	await page.getByLabel("Recipient").fill(ADDRESS.recipient);
	await page.getByLabel("Address", { exact: true }).fill(ADDRESS.address);
	await page.getByLabel("City").fill(ADDRESS.city);
	await page.getByLabel("Zip").fill(ADDRESS.zip);
	await page.getByRole("button", { name: "Place order" }).click();
	await expect(page).toHaveURL("/dashboard/my-orders");

	const card = page.getByRole("article", { name: vise.tool_name, exact: true });
	await card
		.getByRole("button", { name: `Payment for ${vise.tool_name}` })
		.click();
	await page
		.getByRole("dialog", { name: `Pay for ${vise.tool_name}` })
		.getByRole("button", { name: "Pay $36.00" })
		.click();
	await expect(page.getByText("Payment Done Successfully")).toBeVisible();
	await expect(card.getByText("Paid", { exact: true })).toBeVisible();

	await card
		.getByRole("link", { name: `View order of ${vise.tool_name}` })
		.click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Your order" }),
	).toBeVisible();
	await expect(page.getByRole("region", { name: "Delivery" })).toContainText(
		"12 Foundry Lane",
	);
	const documents = page.getByRole("region", { name: "Documents" });
	const invoice = documents.getByRole("link", {
		name: /^Invoice \d{4}-\d{6} \(PDF\)$/,
	});
	const downloading = page.waitForEvent("download");
	await invoice.click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
	const pdf = fs.readFileSync(await download.path());
	expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");
	await expect(
		page.getByRole("list", { name: "Timeline, oldest first" }),
	).toContainText(/Invoice \d{4}-\d{6} issued/);
});

test("an admin marks a paid order shipped with its tracking number, and the customer sees the tracking number on the order's page", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolAsNewAdmin(page, origin, {
		label: "Shipped Torque Wrench",
		price: "45.00",
		available: 10,
		minimum: 1,
	});
	const customer = await newCustomerPage(browser, origin, "Sid Shipper");
	await checkOutAndPayThroughApi(customer.page, origin, [
		{ tool_id: tool.id, quantity: 2 },
	]);

	await openFromManageAllOrders(page, customer.email, tool.tool_name);
	await expect(
		page.getByRole("region", { name: "Order", exact: true }),
	).toContainText(customer.email);
	await page.getByRole("button", { name: "Mark shipped" }).click();
	const dialog = page.getByRole("dialog", { name: "Mark this order shipped" });
	await dialog.getByLabel("Carrier").fill("DHL Express");
	await dialog.getByLabel("Tracking number").fill("JD014600003SE");
	await dialog.getByRole("button", { name: "Mark shipped" }).click();
	await expect(page.getByText("The order is marked shipped")).toBeVisible();
	await expect(dialog).toBeHidden();
	await expect(
		page.getByRole("list", { name: "Timeline, oldest first" }),
	).toContainText("Shipped with DHL Express, tracking number JD014600003SE");
	await expect(
		page.getByRole("button", { name: "Mark delivered" }),
	).toBeVisible();

	const customerPage = customer.page;
	await customerPage.goto("/dashboard/my-orders");
	const card = customerPage.getByRole("article", {
		name: tool.tool_name,
		exact: true,
	});
	await expect(card).toContainText("Tracking number: JD014600003SE");
	await card
		.getByRole("link", { name: `View order of ${tool.tool_name}` })
		.click();
	const delivery = customerPage.getByRole("region", { name: "Delivery" });
	await expect(delivery).toContainText("DHL Express");
	await expect(delivery).toContainText("JD014600003SE");
	await customer.close();

	// The shipping mail went through the outbox: the admins' Mail page lists it once sent.
	await page.goto("/dashboard/mail-outbox?status=sent");
	await expect(
		page
			.getByRole("table", { name: "Outgoing mail, newest first" })
			.getByRole("row")
			.filter({ hasText: customer.email })
			.filter({ hasText: "order-shipped" }),
	).toHaveCount(1);
});

test("an admin refunds one line of a paid order, and the customer's order shows the refund and a credit note to download", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const chisel = await addToolAsNewAdmin(page, origin, {
		label: "Refund Chisel Set",
		price: "20.00",
		available: 20,
		minimum: 1,
	});
	const saw = await addAnotherTool(page, origin);
	const customer = await newCustomerPage(browser, origin, "Rae Refund");
	await checkOutAndPayThroughApi(customer.page, origin, [
		{ tool_id: chisel.id, quantity: 3 },
		{ tool_id: saw.id, quantity: 1 },
	]);

	await openFromManageAllOrders(
		page,
		customer.email,
		`${chisel.tool_name} and 1 more`,
	);
	await page.getByRole("button", { name: "Refund" }).click();
	const dialog = page.getByRole("dialog", { name: "Refund this order" });
	await dialog.getByLabel(`Pieces of ${chisel.tool_name} to refund`).fill("2");
	await dialog.getByLabel("Reason").fill("Two chisels arrived chipped");
	await dialog.getByRole("button", { name: "Refund $40.00" }).click();
	await expect(
		page.getByText("Refunded $40.00", { exact: true }),
	).toBeVisible();
	await expect(dialog).toBeHidden();
	const refunds = page.getByRole("region", { name: "Refunds" });
	await expect(refunds).toContainText(`2 × ${chisel.tool_name}`);
	await expect(refunds).toContainText("Succeeded");

	const customerPage = customer.page;
	await customerPage.goto("/dashboard/my-orders");
	await customerPage
		.getByRole("link", {
			name: `View order of ${chisel.tool_name} and 1 more`,
		})
		.click();
	await expect(
		customerPage.getByRole("heading", { level: 1, name: "Your order" }),
	).toBeVisible();
	const lines = customerPage.getByRole("table", { name: "Tools ordered" });
	await expect(
		lines
			.getByRole("row")
			.filter({ hasText: chisel.tool_name })
			.getByRole("cell"),
	).toHaveText(["3", "$20.00", "$60.00", "2"]);
	await expect(lines).toContainText("−$40.00");
	const customerRefunds = customerPage.getByRole("region", { name: "Refunds" });
	await expect(customerRefunds).toContainText("$40.00");
	await expect(customerRefunds).toContainText(
		"Reason: Two chisels arrived chipped",
	);
	const creditNote = customerPage
		.getByRole("region", { name: "Documents" })
		.getByRole("link", { name: /^Credit note CN-\d{4}-\d{6} \(PDF\)$/ });
	await expect(creditNote).toHaveAttribute(
		"download",
		/^credit-note-CN-\d{4}-\d{6}\.pdf$/,
	);
	const downloading = customerPage.waitForEvent("download");
	await creditNote.click();
	const pdf = fs.readFileSync(await (await downloading).path());
	expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");
	await customer.close();
});

test("an order's page for its customer, and for an admin with the shipping and refund dialogs open, and the Mail page have no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolAsNewAdmin(page, origin, {
		label: "Scanned Spirit Level",
		price: "18.00",
		available: 10,
		minimum: 1,
	});
	const customer = await newCustomerPage(browser, origin, "Axel Auditor");
	const orderId = await checkOutAndPayThroughApi(customer.page, origin, [
		{ tool_id: tool.id, quantity: 2 },
	]);
	await customer.page.goto(`/dashboard/my-orders/${orderId}`);
	await expect(
		customer.page.getByRole("table", { name: "Tools ordered" }),
	).toBeVisible();
	expect(
		await findBlockingViolations(customer.page),
		"customer's order page",
	).toEqual([]);
	await customer.close();

	await page.goto(`/dashboard/all-orders/${orderId}`);
	await page.getByRole("button", { name: "Mark shipped" }).click();
	const shipping = page.getByRole("dialog", {
		name: "Mark this order shipped",
	});
	await shipping.getByRole("button", { name: "Mark shipped" }).click();
	await expect(shipping.getByText("Carrier is required")).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"admin's order page, shipping dialog with its messages",
	).toEqual([]);
	await shipping.getByRole("button", { name: "Cancel" }).click();
	await page.getByRole("button", { name: "Refund" }).click();
	const refund = page.getByRole("dialog", { name: "Refund this order" });
	await refund.getByLabel(`Pieces of ${tool.tool_name} to refund`).fill("3");
	await refund.getByRole("button", { name: /^Refund/ }).click();
	await expect(
		refund.getByText("Only 2 pieces are left to refund"),
	).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"refund dialog with its messages",
	).toEqual([]);

	await page.goto("/dashboard/mail-outbox?status=sent");
	await expect(
		page.getByRole("table", { name: "Outgoing mail, newest first" }),
	).toBeVisible();
	expect(await findBlockingViolations(page), "Mail page").toEqual([]);
});

/** A second tool of the journey's own, added by the admin already signed in on `adminPage`. */
async function addAnotherTool(
	adminPage: Page,
	origin: string,
): Promise<ShopTool> {
	const response = await adminPage.request.post("/api/tools", {
		headers: { origin },
		multipart: {
			tool_name: uniqueToolName("Refund Coping Saw"),
			description: "Made for one refund journey.",
			price: "15.00",
			available_quantity: "10",
			minimum_quantity: "1",
			image: await makePngPhoto("saw.png"),
		},
	});
	if (response.status() !== 201)
		throw new Error(
			`adding the tool failed: ${response.status()} ${await response.text()}`,
		);
	return (await response.json()) as ShopTool;
}
