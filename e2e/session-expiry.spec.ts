import { PASSWORD, signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import {
	addToolInOwnContext,
	placeOrderThroughApi,
} from "./fixtures/orders.ts";
import { endEverySessionElsewhere } from "./fixtures/sessions.ts";
import { expect, test } from "./fixtures/test.ts";

test.use({
	expectedConsoleErrors: [
		// The refused cancel, and the list read again after it while the session is checked: the
		// browser logs each 401 on the way to /login.
		{
			text: /status of 401/,
			url: /\/api\/(orders\/[^/]+\/cancel$|me\/orders\?)/,
		},
	],
});

test("a session removed on the server while My Orders is open: the next click lands on /login, and signing in returns to My Orders", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const tool = await addToolInOwnContext(browser, origin, {
		label: "Journey Session Clamp",
		price: "3.00",
		available: 10,
		minimum: 2,
	});
	const email = uniqueEmail("session");
	await signUpInContext(page, origin, "Sid Session", email);
	await placeOrderThroughApi(page, origin, tool.id, 2);

	await page.goto("/dashboard/my-orders");
	const card = page.getByRole("article", { name: tool.tool_name, exact: true });
	await card
		.getByRole("button", { name: `Cancel order of ${tool.tool_name}` })
		.click();
	const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
	await expect(dialog).toBeVisible();

	await endEverySessionElsewhere(browser, origin, email, PASSWORD);

	await dialog.getByRole("button", { name: "Cancel order" }).click();
	await expect(page).toHaveURL("/login");
	await expect(
		page.getByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();

	await page.getByLabel("Email", { exact: true }).fill(email);
	await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
	await page.getByRole("button", { name: "Login", exact: true }).click();
	await expect(page).toHaveURL("/dashboard/my-orders");
	await expect(
		page.getByRole("heading", { level: 1, name: "My Orders" }),
	).toBeVisible();
	// The cancel was refused with the session: the order is still there, unpaid.
	await expect(card.getByText("Unpaid", { exact: true })).toBeVisible();
});
