import { randomUUID } from "node:crypto";
import { signUpInContext } from "./fixtures/accounts.ts";
import { findBlockingViolations } from "./fixtures/axe.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { expect, test } from "./fixtures/test.ts";

test("the review form, empty, showing its message and holding a written review, has no serious accessibility violations", async ({
	page,
	baseURL,
}) => {
	await signUpInContext(page, String(baseURL), "Axel Reviewer");
	await page.goto("/dashboard/review");
	const form = page.getByRole("form", { name: "Write your review" });
	await expect(form).toBeVisible();
	expect(await findBlockingViolations(page), "empty form").toEqual([]);

	await form.getByRole("button", { name: "Add Review" }).click();
	await expect(form.getByLabel("Review")).toHaveAccessibleDescription(
		"Review is required",
	);
	expect(await findBlockingViolations(page), "form with its message").toEqual(
		[],
	);

	await form.getByLabel("Review").fill("Accessible and sharp.");
	await form.getByRole("button", { name: "Add Review" }).click();
	await expect(
		page.getByRole("form", { name: "Edit your review" }),
	).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "editing the review").toEqual([]);
});

test("the wall with its summary, and Manage Reviews with a hidden review and the log, have no serious accessibility violations", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const name = `Axel ${randomUUID().slice(0, 6)}`;
	const customer = await browser.newContext({ baseURL: origin });
	const customerPage = await customer.newPage();
	await signUpInContext(customerPage, origin, name);
	await customerPage.request.post("/api/reviews", {
		headers: { origin },
		data: { user_review: "To be hidden.", user_rating: 2 },
	});
	await customer.close();

	await page.goto("/all-reviews");
	await expect(page.getByText(/out of 5 from \d+ reviews/)).toBeVisible();
	await expect(page.getByRole("article").first()).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "the wall").toEqual([]);

	await signUpAdmin(page, origin, "Axel Moderator");
	await page.goto("/dashboard/manage-reviews");
	await page.getByRole("button", { name: `Hide review by ${name}` }).click();
	// The toast fades in and out: scan once it has gone, not half-transparent.
	const toast = page.getByRole("alert").filter({ hasText: "Review hidden" });
	await expect(toast).toBeVisible();
	await expect(toast).toBeHidden();
	await expect(
		page
			.getByRole("region", { name: "Moderation log" })
			.getByRole("listitem")
			.first(),
	).toBeVisible();
	await expect(page.getByRole("status")).toHaveCount(0);
	expect(await findBlockingViolations(page), "Manage Reviews").toEqual([]);
});
