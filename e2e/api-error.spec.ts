import { openHomeSections } from "./fixtures/home.ts";
import { expect, test } from "./fixtures/test.ts";

// The mocked failures below are logged by the browser as failed requests.
test.use({
	expectedConsoleErrors: [{ text: /status of 500/, url: /\/api\/tools\?/ }],
});

test("when the tools cannot be loaded the home page says so and can try again", async ({
	page,
}) => {
	await page.route("**/api/tools**", (route) =>
		route.fulfill({
			status: 500,
			contentType: "application/json",
			body: JSON.stringify({
				error: {
					code: "INTERNAL_ERROR",
					message: "Something went wrong on our side. Please try again.",
				},
			}),
		}),
	);
	await openHomeSections(page);
	const latestTools = page.getByRole("region", { name: "Latest Tools" });

	// The client retries a 5xx answer 3 times (1 s, 2 s, 4 s) before it gives up.
	const alert = latestTools.getByRole("alert");
	await expect(alert).toBeVisible({ timeout: 15_000 });
	await expect(alert).toContainText("We could not load the tools");
	await expect(alert).toContainText(
		"Something went wrong on our side. Please try again.",
	);
	await expect(latestTools.getByRole("status")).toHaveCount(0);
	await expect(latestTools.getByRole("article")).toHaveCount(0);

	await page.unroute("**/api/tools**");
	await alert.getByRole("button", { name: "Try again" }).click();
	await expect(latestTools.getByRole("article")).toHaveCount(6);
	await expect(latestTools.getByRole("alert")).toHaveCount(0);
});
