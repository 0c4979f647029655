import { randomUUID } from "node:crypto";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

test("an admin adds a Favorite Question, edits it, sees the new text on the home page, then removes it", async ({
	page,
	baseURL,
}) => {
	const tag = randomUUID().slice(0, 6);
	const question = `Do you sharpen blades? ${tag}`;
	const edited = `Do you sharpen saw blades too? ${tag}`;
	await signUpAdmin(page, String(baseURL), "Cora Content");
	await page.goto("/dashboard/manage-content");
	const adding = page.getByRole("form", { name: "Add a question" });
	await adding.getByLabel("Question").fill(question);
	await adding.getByLabel("Answer").fill("Yes, for a small fee.");
	await adding.getByRole("button", { name: "Add question" }).click();
	await expect(page.getByText("Question added")).toBeVisible();
	await expect(adding.getByLabel("Question")).toHaveValue("");

	await page.getByRole("button", { name: `Edit: ${question}` }).click();
	const editing = page.getByRole("form", { name: /^Edit question \d+$/ });
	await editing.getByLabel("Question").fill(edited);
	await editing
		.getByLabel("Answer")
		.fill("Yes: saws, chisels and plane irons.");
	await editing.getByRole("button", { name: "Save question" }).click();
	await expect(page.getByText("Question saved")).toBeVisible();

	await openHomeSections(page);
	const questions = page.getByRole("region", { name: "Favorite Questions" });
	const shown = questions.getByText(edited, { exact: true });
	await expect(shown).toBeVisible();
	await shown.click();
	await expect(
		questions.getByText("Yes: saws, chisels and plane irons."),
	).toBeVisible();
	await expect(questions.getByText(question, { exact: true })).toHaveCount(0);

	await page.goto("/dashboard/manage-content");
	await page.getByRole("button", { name: `Remove: ${edited}` }).click();
	await page
		.getByRole("dialog", { name: "Remove this question?" })
		.getByRole("button", { name: "Remove question" })
		.click();
	await expect(page.getByText("Item deleted")).toBeVisible();
	await openHomeSections(page);
	await expect(
		page
			.getByRole("region", { name: "Favorite Questions" })
			.getByRole("group")
			.first(),
	).toBeVisible();
	await expect(page.getByText(edited)).toHaveCount(0);
});

test("an admin adds a school to the portfolio's Education and /my-portfolio shows it; an empty school is refused with a message", async ({
	page,
	baseURL,
}) => {
	const degree = `MSc Tool Design ${randomUUID().slice(0, 6)}`;
	await signUpAdmin(page, String(baseURL), "Cora Portfolio");
	await page.goto("/dashboard/manage-content");
	const education = page.getByRole("form", { name: "Education", exact: true });
	const schools = education.getByRole("group");
	await expect(schools.first()).toBeVisible();
	const count = await schools.count();
	await education.getByRole("button", { name: "Add school" }).click();
	await expect(schools).toHaveCount(count + 1);
	await education.getByRole("button", { name: "Save Education" }).click();
	await expect(education.getByRole("alert")).toContainText(
		`School ${count + 1}: School is required`,
	);

	const added = schools.nth(count);
	await added
		.getByLabel("School", { exact: true })
		.fill("Delft Workshop Academy");
	await added.getByLabel("Degree").fill(degree);
	await added.getByLabel("Years").fill("2020–2022");
	await added.getByLabel("Details").fill("Hand tools and their makers.");
	await education.getByRole("button", { name: "Save Education" }).click();
	await expect(page.getByText("Education saved")).toBeVisible();

	await page.goto("/my-portfolio/education");
	await expect(
		page.getByRole("heading", { level: 3, name: degree }),
	).toBeVisible();
	await expect(
		page.getByRole("heading", { level: 3, name: "BSc Computer Science" }),
	).toBeVisible();
});
