import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { signUpInContext } from "./fixtures/accounts.ts";
import { signUpAdmin } from "./fixtures/catalog.ts";
import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

test("the review page lists customer reviews with their star ratings", async ({
	page,
}) => {
	await page.goto("/all-reviews");
	await expect(
		page.getByRole("heading", { level: 1, name: "Customer Review" }),
	).toBeVisible();
	const cards = page
		.getByRole("main")
		.getByRole("article", { name: /^Review by / });
	await expect(cards.first()).toBeVisible();
	expect(await cards.count()).toBeGreaterThanOrEqual(6);

	for (const card of await cards.all()) {
		const stars = card.getByRole("img", { name: /^Rated [1-5] out of 5$/ });
		await expect(stars).toBeVisible();
		const rating = Number(
			(await stars.getAttribute("aria-label"))?.match(/Rated (\d)/)?.[1],
		);
		await expect(
			stars.locator("svg"),
			"one star icon per rating point",
		).toHaveCount(rating);
		await expect(card.getByRole("heading", { level: 3 })).not.toBeEmpty();
	}
});

/** A customer name no other journey uses, so their review card can be found by it. */
function uniqueName(first: string): string {
	return `${first} ${randomUUID().slice(0, 6)}`;
}

function reviewCard(page: Page, name: string): Locator {
	return page.getByRole("article", { name: `Review by ${name}` });
}

test.describe("writing reviews", () => {
	test("a customer picks 4 stars with the keyboard, writes a review and finds it on the home page and the wall with 4 stars", async ({
		page,
		baseURL,
	}) => {
		const name = uniqueName("Kira");
		await signUpInContext(page, String(baseURL), name);
		await page.goto("/dashboard/review");
		const form = page.getByRole("form", { name: "Write your review" });
		const fiveStars = form.getByRole("radio", { name: "5 stars" });
		await expect(fiveStars).toBeChecked();

		// From the text box, Shift+Tab reaches the star group on its checked star; the left
		// arrow then moves the choice one star down.
		await form.getByLabel("Review").focus();
		await page.keyboard.press("Shift+Tab");
		await expect(fiveStars).toBeFocused();
		await page.keyboard.press("ArrowLeft");
		await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
		await form.getByLabel("Review").fill("Clamps that hold and do not slip.");
		await form.getByRole("button", { name: "Add Review" }).click();
		await expect(page.getByText("Review added successfully")).toBeVisible();

		await openHomeSections(page);
		const home = page.getByRole("region", { name: "What our customers say" });
		const onHome = home.getByRole("article", { name: `Review by ${name}` });
		await expect(onHome).toBeVisible();
		await expect(
			onHome.getByRole("img", { name: "Rated 4 out of 5" }).locator("svg"),
		).toHaveCount(4);

		await page.goto("/all-reviews");
		const onWall = reviewCard(page, name);
		await expect(onWall).toContainText("Clamps that hold and do not slip.");
		await expect(
			onWall.getByRole("img", { name: "Rated 4 out of 5" }).locator("svg"),
		).toHaveCount(4);
	});

	test("an empty review says 'Review is required' and is not sent", async ({
		page,
		baseURL,
	}) => {
		await signUpInContext(page, String(baseURL), uniqueName("Emil"));
		await page.goto("/dashboard/review");
		const form = page.getByRole("form", { name: "Write your review" });
		let sent = 0;
		page.on("request", (request) => {
			if (request.method() === "POST" && request.url().endsWith("/api/reviews"))
				sent++;
		});
		await form.getByRole("button", { name: "Add Review" }).click();
		await expect(form.getByLabel("Review")).toHaveAccessibleDescription(
			"Review is required",
		);
		await expect(form.getByLabel("Review")).toHaveAttribute(
			"aria-invalid",
			"true",
		);
		expect(sent).toBe(0);
	});

	test("markup in a review is shown as text and never runs", async ({
		page,
		baseURL,
	}) => {
		const dialogs: string[] = [];
		page.on("dialog", (dialog) => {
			dialogs.push(dialog.message());
			void dialog.dismiss();
		});
		const name = uniqueName("Mallory");
		const markup = "<img src=x onerror=alert(1)> <script>alert(2)</script>";
		await signUpInContext(page, String(baseURL), name);
		await page.goto("/dashboard/review");
		const form = page.getByRole("form", { name: "Write your review" });
		await form.getByLabel("Review").fill(markup);
		await form.getByRole("button", { name: "Add Review" }).click();
		await expect(page.getByText("Review added successfully")).toBeVisible();

		await page.goto("/all-reviews");
		const card = reviewCard(page, name);
		await expect(card.getByText(markup, { exact: true })).toBeVisible();
		await expect(card.locator("img[src='x'], script")).toHaveCount(0);
		await openHomeSections(page);
		await expect(reviewCard(page, name)).toBeVisible();
		expect(dialogs).toEqual([]);
	});
});

test("an admin hides a review on Manage Reviews and it leaves the wall", async ({
	page,
	browser,
	baseURL,
}) => {
	const origin = String(baseURL);
	const name = uniqueName("Rex");
	const customer = await browser.newContext({ baseURL: origin });
	const customerPage = await customer.newPage();
	await signUpInContext(customerPage, origin, name);
	const wrote = await customerPage.request.post("/api/reviews", {
		headers: { origin },
		data: { user_review: "Words an admin will hide.", user_rating: 1 },
	});
	expect(wrote.status()).toBe(201);
	await customer.close();

	await page.goto("/all-reviews");
	await expect(reviewCard(page, name)).toBeVisible();

	await signUpAdmin(page, origin, "Mona Moderator");
	await page.goto("/dashboard/manage-reviews");
	await page.getByRole("button", { name: `Hide review by ${name}` }).click();
	await expect(page.getByText("Review hidden")).toBeVisible();
	await expect(
		page.getByRole("row").filter({ hasText: name }).getByText("Hidden"),
	).toBeVisible();
	await expect(
		page
			.getByRole("region", { name: "Moderation log" })
			.getByRole("listitem")
			.filter({ hasText: `hid the review by ${name}` }),
	).toBeVisible();

	await page.goto("/all-reviews");
	await expect(
		page.getByRole("heading", { level: 1, name: "Customer Review" }),
	).toBeVisible();
	await expect(page.getByRole("article").first()).toBeVisible();
	await expect(reviewCard(page, name)).toHaveCount(0);
});
