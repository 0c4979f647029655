import fs from "node:fs";
import type { Page } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { addToolAsNewAdmin, newCustomerPage } from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

const DAY_MS = 86_400_000;

// Each journey takes an admin and a customer through several pages, in two browsers.
test.describe.configure({ timeout: 90_000 });

/** A day as the shop names due dates: "December 26, 2026", at UTC. */
function dayName(time: number): string {
	return new Intl.DateTimeFormat("en-US", {
		dateStyle: "long",
		timeZone: "UTC",
	}).format(new Date(time));
}

/** Approves the customer through the API as the admin signed in on `adminPage`. */
async function approveThroughApi(
	adminPage: Page,
	origin: string,
	terms: { email: string; net_days: number; credit_limit: string },
): Promise<void> {
	const response = await adminPage.request.post("/api/admin/payment-terms", {
		headers: { origin },
		data: terms,
	});
	if (!response.ok())
		throw new Error(
			`approving failed: ${response.status()} ${await response.text()}`,
		);
}

/** The order's status on its page, beside its title. */
function statusBadge(orderPage: Page) {
	return orderPage.getByRole("main").locator(".badge").first();
}

/** The row of the customer in the admin's list of approved customers. */
function approvedRow(adminPage: Page, email: string) {
	return adminPage
		.getByRole("table", {
			name: "Customers approved to pay by invoice, the latest approved first",
		})
		.getByRole("row")
		.filter({ has: adminPage.getByText(email, { exact: true }) });
}

test("an admin approves a customer for net 30; the customer checks out paying by invoice and downloads the invoice; the admin records the payment and the customer's order shows paid", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const wrench = await addToolAsNewAdmin(page, origin, {
		label: "Invoice Torque Wrench",
		price: "100.00",
		available: 20,
		minimum: 1,
	});
	const customer = await newCustomerPage(browser, origin, "Bea Business");

	// The admin approves the customer on Payment Terms: net 30 days up to $1,000.
	await page.goto("/dashboard/profile");
	await page
		.getByRole("navigation", { name: "Dashboard" })
		.getByRole("link", { name: "Payment Terms" })
		.click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Payment Terms" }),
	).toBeVisible();
	const form = page.getByRole("form", { name: "Approve a customer" });
	await form.getByLabel("Email of the customer's account").fill(customer.email);
	await form.getByLabel("Payment terms").selectOption("Net 30");
	await form.getByLabel("Credit limit ($)").fill("1000");
	await form.getByRole("button", { name: "Save terms" }).click();
	await expect(
		page.getByText(
			`Bea Business (${customer.email}) may pay by invoice: net 30 days, credit limit $1,000.00`,
		),
	).toBeVisible();
	await expect(approvedRow(page, customer.email).getByRole("cell")).toHaveText([
		`Bea Business${customer.email}`,
		"Net 30",
		"$1,000.00",
		"$0.00",
		/^\w+ \d{1,2}, \d{4}by .+@example\.com$/,
		"ChangeWithdraw",
	]);

	// The customer puts 3 wrenches in the cart and checks out choosing to pay by invoice.
	const shopper = customer.page;
	await shopper.goto(`/tool-purchase/${wrench.id}`);
	await shopper.getByLabel("Quantity").fill("3");
	await shopper
		.getByRole("button", { name: `Add to cart: ${wrench.tool_name}` })
		.click();
	await expect(
		shopper.getByText(
			`Added 3 pieces of ${wrench.tool_name} to your cart, which holds 3 pieces`,
		),
	).toBeVisible();
	await shopper.goto("/checkout");
	await expect(
		shopper
			.getByRole("region", { name: "Your order" })
			.getByText("3 × $100.00"),
	).toBeVisible();
	await shopper.getByLabel("Recipient").fill("Bea Business");
	await shopper.getByLabel("Address", { exact: true }).fill("3 Forge Street");
	await shopper.getByLabel("City").fill("Sheffield");
	await shopper.getByLabel("Zip").fill("S3 8RY");
	const payment = shopper.getByRole("group", { name: "Payment" });
	await expect(payment).toContainText(
		"$1,000.00 of your $1,000.00 credit limit is available.",
	);
	const placedAt = Date.now();
	await payment
		.getByRole("radio", { name: /^Pay by invoice, net 30 days/ })
		.check();
	await shopper.getByRole("button", { name: "Place order" }).click();

	// Accepted at once: the order's page, invoiced and due in 30 days.
	const due = dayName(placedAt + 30 * DAY_MS);
	await expect(
		shopper.getByText(
			new RegExp(
				`^Order placed for \\$300\\.00: invoice \\d{4}-\\d{6} is due by ${due}$`,
			),
		),
	).toBeVisible();
	await expect(
		shopper.getByRole("heading", { level: 1, name: "Your order" }),
	).toBeVisible();
	await expect(shopper).toHaveURL(/\/dashboard\/my-orders\/[^/]+$/);
	const facts = shopper.getByRole("region", { name: "Order", exact: true });
	await expect(facts).toContainText(`By invoice, due ${due}`);
	await expect(statusBadge(shopper)).toHaveText("Unpaid");
	const downloading = shopper.waitForEvent("download");
	await shopper
		.getByRole("region", { name: "Documents" })
		.getByRole("link", { name: /^Invoice \d{4}-\d{6} \(PDF\)$/ })
		.click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
	const pdf = fs.readFileSync(await download.path());
	expect(pdf.subarray(0, 4).toString("latin1")).toBe("%PDF");

	// The admin sees what the customer owes, opens the order and records its bank transfer.
	await page.reload();
	await expect(
		approvedRow(page, customer.email).getByRole("cell").nth(3),
	).toHaveText("$300.00");
	await page.goto("/dashboard/all-order");
	await page.getByLabel("Search by customer email").fill(customer.email);
	await expect(page).toHaveURL(/[?&]email=/);
	await page
		.getByRole("table", { name: "Orders, newest first" })
		.getByRole("link", { name: `View order of ${wrench.tool_name}` })
		.click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Manage order" }),
	).toBeVisible();
	await page.getByRole("button", { name: "Record payment" }).click();
	const dialog = page.getByRole("dialog", {
		name: "Record the invoice's payment",
	});
	await dialog.getByLabel("Payment reference").fill("BANK-TRF-5521");
	await dialog.getByRole("button", { name: "Record payment" }).click();
	await expect(
		page.getByText("The invoice's payment is recorded: the order is paid"),
	).toBeVisible();
	await expect(dialog).toBeHidden();
	await expect(statusBadge(page)).toHaveText("Paid");
	await expect(
		page.getByRole("button", { name: "Mark shipped" }),
	).toBeVisible();

	// The customer's order now reads paid, under the same invoice.
	await shopper.reload();
	await expect(statusBadge(shopper)).toHaveText("Paid");
	await expect(facts).toContainText("Transaction IDBANK-TRF-5521");
	await expect(facts).not.toContainText("due");
	await expect(
		shopper
			.getByRole("region", { name: "Documents" })
			.getByRole("link", { name: /^Invoice \d{4}-\d{6} \(PDF\)$/ }),
	).toHaveCount(1);
	await customer.close();
});

test("the Payment Terms page and the checkout offering to pay by invoice have no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const vise = await addToolAsNewAdmin(page, origin, {
		label: "Scanned Invoice Vise",
		price: "40.00",
		available: 10,
		minimum: 1,
	});
	const customer = await newCustomerPage(browser, origin, "Axel Account");
	await approveThroughApi(page, origin, {
		email: customer.email,
		net_days: 60,
		credit_limit: "500",
	});

	await page.goto("/dashboard/payment-terms");
	await expect(approvedRow(page, customer.email)).toHaveCount(1);
	expect(await findBlockingViolations(page), "payment terms page").toEqual([]);
	const form = page.getByRole("form", { name: "Approve a customer" });
	await form.getByLabel("Email of the customer's account").fill("nobody");
	await form.getByRole("button", { name: "Save terms" }).click();
	await expect(form).toContainText("Credit limit is required");
	expect(
		await findBlockingViolations(page),
		"payment terms form with its errors",
	).toEqual([]);
	await approvedRow(page, customer.email)
		.getByRole("button", { name: `Withdraw the terms of ${customer.email}` })
		.click();
	await expect(
		page.getByRole("dialog", { name: "Withdraw these payment terms?" }),
	).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"withdrawing payment terms",
	).toEqual([]);

	const shopper = customer.page;
	const added = await shopper.request.put(`/api/cart/lines/${vise.id}`, {
		headers: { origin },
		data: { quantity: 2 },
	});
	expect(added.ok()).toBe(true);
	await shopper.goto("/checkout");
	const payment = shopper.getByRole("group", { name: "Payment" });
	await expect(
		payment.getByRole("radio", { name: /^Pay by invoice, net 60 days/ }),
	).toBeVisible();
	expect(
		await findBlockingViolations(shopper),
		"checkout with the payment choice",
	).toEqual([]);
	await customer.close();
});
