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
