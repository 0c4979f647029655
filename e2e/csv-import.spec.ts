import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

/** A tools CSV of two rows, as a spreadsheet saves it; `price` of the second row as given. */
function toolsFile(
	name: string,
	rows: { sku: string; toolName: string; price: string }[],
) {
	const lines = [
		"sku,tool_name,description,price,available_quantity,minimum_quantity,pack_size,price_breaks",
		...rows.map(
			(row) =>
				`${row.sku},"${row.toolName}","Imported from the supplier's list, in a journey.",${row.price},40,2,2,"20:9.50; 100:8.90"`,
		),
	];
	return {
		name,
		mimeType: "text/csv",
		buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`),
	};
}

/** The report's rows as the table reads them: line, part number, result and errors. */
async function reportRows(page: Page): Promise<string[][]> {
	const table = page.getByRole("table", {
		name: "The rows of the file, by line",
	});
	const rows = table.getByRole("row");
	const count = await rows.count();
	const read: string[][] = [];
	for (let index = 1; index < count; index++)
		read.push(await rows.nth(index).getByRole("cell").allTextContents());
	return read;
}

test("an admin checks a CSV file, sees the bad row by its line, fixes it, imports it, and finds the new tool in the catalog", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Ines Importer");
	const mark = randomUUID().slice(0, 8).toUpperCase();
	const chisel = {
		sku: `JRN-${mark}-1`,
		toolName: `Journey Chisel ${mark}`,
		price: "12.00",
	};
	const gouge = {
		sku: `JRN-${mark}-2`,
		toolName: `Journey Gouge ${mark}`,
		price: "twelve",
	};

	await page.goto("/dashboard");
	await page.getByRole("link", { name: "Import & Export" }).click();
	await expect(
		page.getByRole("heading", { level: 1, name: "Import & Export" }),
	).toBeVisible();
	await expect(page).toHaveTitle("Import & Export · Tools Gallery");
	const importButton = page.getByRole("button", {
		name: "Import",
		exact: true,
	});
	await expect(importButton).toBeDisabled();

	await page
		.getByLabel("CSV file")
		.setInputFiles(toolsFile("tools.csv", [chisel, gouge]));
	await page.getByRole("button", { name: "Check file" }).click();
	await expect(
		page.getByText(/^1 row has errors: fix them and check the file again\./),
	).toBeVisible();
	expect(await reportRows(page)).toEqual([
		[
			"3",
			`JRN-${mark}-2`,
			"Error: price: Price must be a number with at most two decimals",
		],
	]);
	await expect(importButton).toBeDisabled();

	await page
		.getByLabel("CSV file")
		.setInputFiles(
			toolsFile("tools-fixed.csv", [chisel, { ...gouge, price: "12.50" }]),
		);
	await page.getByRole("button", { name: "Check file" }).click();
	await expect(
		page.getByText(
			"The file is ready to import: 2 tools to add, 0 to change, 0 unchanged.",
		),
	).toBeVisible();
	await importButton.click();
	await expect(
		page.getByText("Imported: 2 tools added, 0 changed, 0 unchanged."),
	).toBeVisible();
	expect(await findBlockingViolations(page)).toEqual([]);

	await page.goto(`/home?q=${encodeURIComponent(`Journey Gouge ${mark}`)}`);
	const results = page.getByRole("region", { name: "Search results" });
	const card = results.getByRole("article", { name: `Journey Gouge ${mark}` });
	await expect(card).toBeVisible();
	await expect(card).toContainText("$12.50");
});

test("the Import & Export page, before any file is chosen, has no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Axel Auditor");
	await page.goto("/dashboard/import-export");
	await expect(
		page.getByText("No file checked yet: choose a CSV file and check it."),
	).toBeVisible();
	expect(await findBlockingViolations(page)).toEqual([]);
});
