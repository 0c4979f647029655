import { signUpInContext, uniqueEmail } from "./fixtures/accounts.ts";
import { findBlockingViolations } from "./fixtures/axe.ts";
import {
	makePngPhoto,
	signUpAdmin,
	uniqueToolName,
} from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

test("an admin adds a tool sold in packs of 10 with volume prices; a customer sees the price fall at a break, is refused a quantity between packs, and orders at the volume price", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const name = uniqueToolName("Hex Bolts M8");
	await signUpAdmin(page, origin, "Walt Wholesale");
	await page.goto("/dashboard/add-a-product");
	await page.getByLabel("Product Name").fill(name);
	await page
		.getByLabel("Description")
		.fill("Zinc-plated hex bolts, M8 × 40 mm, sold by the box of ten.");
	await page.getByLabel("Part Number").fill("hb-m8-40-e2e");
	await page.getByLabel("Price", { exact: true }).fill("2.50");
	await page.getByLabel("Available Quantity").fill("1000");
	await page.getByLabel("Minimum Order Quantity").fill("10");
	await page.getByLabel("Pack Size").fill("10");
	const addBreak = page.getByRole("button", { name: "Add volume price" });
	await addBreak.click();
	await page.getByLabel("From pieces").nth(0).fill("50");
	await page.getByLabel("Price each").nth(0).fill("2.20");
	await addBreak.click();
	await page.getByLabel("From pieces").nth(1).fill("200");
	await page.getByLabel("Price each").nth(1).fill("1.90");
	await page
		.getByLabel("Image", { exact: true })
		.setInputFiles(await makePngPhoto("bolts.png"));
	await page.getByRole("button", { name: "Add Product" }).click();
	await expect(page.getByText("Tool added successfully")).toBeVisible();

	// The part number was taken upper case and can be searched for.
	await page.goto("/?q=HB-M8-40-E2E");
	const card = page.getByRole("article", { name, exact: true });
	await expect(card).toContainText("HB-M8-40-E2E");
	await expect(card).toContainText("$1.90 from 200");

	const customer = await browser.newContext({ baseURL: origin });
	const buyer = await customer.newPage();
	await signUpInContext(buyer, origin, "Bo Buyer", uniqueEmail("bolts"));
	await buyer.goto("/?q=HB-M8-40-E2E");
	await buyer
		.getByRole("article", { name, exact: true })
		.getByRole("link", { name: `Buy Now: ${name}` })
		.click();
	const table = buyer.getByRole("table", { name: "Volume prices" });
	await expect(table.getByRole("row")).toHaveText([
		/Quantity\s*Price each/,
		/10\+ pieces.*\$2\.50/,
		/50\+ pieces\s*\$2\.20/,
		/200\+ pieces\s*\$1\.90/,
	]);
	const quantity = buyer.getByLabel("Quantity");
	await expect(quantity).toHaveValue("10");
	await expect(
		buyer.getByText("Order 40 more pieces to pay $2.20 each."),
	).toBeVisible();

	await quantity.fill("40");
	await expect(buyer.getByText("$100.00")).toBeVisible();
	await quantity.fill("50");
	await expect(buyer.getByText("$110.00")).toBeVisible();
	await expect(table.getByRole("row", { name: /50\+ pieces/ })).toHaveAttribute(
		"aria-current",
		"true",
	);

	await quantity.fill("55");
	await expect(buyer.getByRole("alert")).toHaveText(
		"Order in packs of 10 pieces.",
	);
	const confirm = buyer.getByRole("button", { name: "Order Confirm" });
	await expect(confirm).toBeDisabled();
	expect(await findBlockingViolations(buyer), "the pack message").toEqual([]);

	await quantity.fill("200");
	await expect(buyer.getByText("$380.00")).toBeVisible();
	await confirm.click();
	await expect(
		buyer.getByText("Ordered 200 pieces for $380.00."),
	).toBeVisible();
	await customer.close();
});
