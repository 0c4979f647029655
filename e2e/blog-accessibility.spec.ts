import { findBlockingViolations } from "./fixtures/axe.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

test("Manage Blog and the post editor, empty, with its messages and with a preview, have no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpAdmin(page, String(baseURL), "Axel Blogger");
	await page.goto("/dashboard/manage-blog");
	await expect(page.getByRole("table")).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "Manage Blog").toEqual([]);

	await page.getByRole("link", { name: "Write a post" }).click();
	const form = page.getByRole("form", { name: "Write a post" });
	await expect(form).toBeVisible();
	expect(await findBlockingViolations(page), "empty editor").toEqual([]);

	await form.getByRole("button", { name: "Add post" }).click();
	await expect(form.getByText("Title is required")).toBeVisible();
	await form
		.getByLabel("Body (Markdown)")
		.fill("## A heading\n\nA paragraph with a [link](https://example.com).");
	await expect(
		form
			.getByRole("region", { name: "Preview" })
			.getByRole("heading", { name: "A heading" }),
	).toBeVisible();
	expect(
		await findBlockingViolations(page),
		"editor with messages and preview",
	).toEqual([]);

	// An existing post's editor.
	await page.goto("/dashboard/manage-blog");
	await page
		.getByRole("link", { name: /^Edit: / })
		.first()
		.click();
	await expect(page.getByRole("form", { name: "Edit the post" })).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "editing a post").toEqual([]);
});
