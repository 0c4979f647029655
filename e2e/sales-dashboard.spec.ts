import type { Page } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { addToolAsNewAdmin, placeOrderThroughApi } from "./fixtures/orders.ts";
import { expect, test } from "./fixtures/test.ts";

/** Today as the dashboard names a day: its days are UTC days. */
function todayLabel(): string {
	return new Intl.DateTimeFormat("en-US", {
		month: "short",
		day: "numeric",
		timeZone: "UTC",
	}).format(new Date());
}

/**
 * Today's figures as the table reads them: [day, revenue, paid orders, orders placed]; zeros
 * while the page says nothing was ordered in the period.
 */
async function todayFigures(page: Page): Promise<string[]> {
	const showTable = page.getByText("Show as table", { exact: true });
	const nothingYet = page.getByText(/^No order was placed or paid/);
	await expect(showTable.or(nothingYet)).toBeVisible();
	if (await nothingYet.isVisible()) return [todayLabel(), "$0.00", "0", "0"];
	const table = page.getByRole("table", { name: /^Revenue and orders by day/ });
	if (!(await table.isVisible())) await showTable.click();
	return table
		.getByRole("row", { name: new RegExp(`^${todayLabel()} `) })
		.locator("th, td")
		.allTextContents();
}

/** Revenue in cents from the table's "$1,234.56". */
const centsOf = (money: string) =>
	Math.round(Number(money.replace(/[$,]/g, "")) * 100);

test("an admin's order, paid, is counted on the sales dashboard they land on, and the page passes an accessibility scan", async ({
	page,
	baseURL,
}) => {
	const origin = String(baseURL);
	const lathe = await addToolAsNewAdmin(page, origin, {
		label: "Sales Journey Lathe",
		price: "4999.00",
		available: 10,
		minimum: 1,
	});

	await page.goto("/dashboard");
	await expect(
		page.getByRole("heading", { level: 1, name: "Sales" }),
	).toBeVisible();
	await expect(page).toHaveTitle("Sales · Tools Gallery");
	const before = await todayFigures(page);

	const orderId = await placeOrderThroughApi(page, origin, lathe.id, 3);
	const payment = await page.request.post(`/api/orders/${orderId}/payment`, {
		headers: { origin },
	});
	expect(payment.ok(), await payment.text()).toBe(true);

	await page.reload();
	const after = await todayFigures(page);
	// Other journeys order at the same time: this one's order is at least what was added.
	expect(
		centsOf(after[1] ?? "") - centsOf(before[1] ?? ""),
	).toBeGreaterThanOrEqual(1_499_700);
	expect(Number(after[2]) - Number(before[2])).toBeGreaterThanOrEqual(1);
	expect(Number(after[3]) - Number(before[3])).toBeGreaterThanOrEqual(1);
	const bestSellers = page.getByRole("table", { name: /^Best-selling tools/ });
	await expect(
		bestSellers.getByRole("row", { name: lathe.tool_name }),
	).toHaveText(new RegExp(`${lathe.tool_name}\\s*3\\s*\\$14,997\\.00`));
	expect(await findBlockingViolations(page)).toEqual([]);

	await page.getByRole("radio", { name: "Last 12 months" }).check();
	await expect(page).toHaveURL(/\/dashboard\?period=month$/);
	await expect(
		page.getByRole("table", { name: /^Revenue and orders by month/ }),
	).toBeAttached();
	await expect(
		bestSellers.getByRole("row", { name: lathe.tool_name }),
	).toBeVisible();
	expect(await findBlockingViolations(page)).toEqual([]);
});
