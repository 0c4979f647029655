import { findBlockingViolations } from "./fixtures/axe.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

test("Manage Content, as it opens and with a question being edited and a refused section, has no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Axel Editor");
	await page.goto("/dashboard/manage-content");
	await expect(
		page.getByRole("form", { name: "About Me", exact: true }),
	).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "Manage Content").toEqual([]);

	await page
		.getByRole("button", { name: /^Edit: / })
		.first()
		.click();
	await expect(
		page.getByRole("form", { name: "Edit question 1" }),
	).toBeVisible();
	const adding = page.getByRole("form", { name: "Add a question" });
	await adding.getByRole("button", { name: "Add question" }).click();
	await expect(adding.getByText("Question is required")).toBeVisible();
	const technology = page.getByRole("form", {
		name: "Technology",
		exact: true,
	});
	await technology.getByRole("button", { name: "Add group" }).click();
	await technology.getByRole("button", { name: "Save Technology" }).click();
	await expect(technology.getByRole("alert")).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"Manage Content with its messages",
	).toEqual([]);
});
