import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import {
	admin,
	aReview,
	aReviewShop,
	type ReviewShop,
	serveReviews,
} from "../../test-support/fake-reviews.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openManageReviews(shop: ReviewShop) {
	const sent = serveReviews(shop);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/manage-reviews" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage Reviews" }),
	).toBeVisible();
	await screen.findByRole("table");
	return { sent, user: userEvent.setup() };
}

const rowOf = (name: string) =>
	screen
		.getAllByRole("row")
		.find((row) => within(row).queryByText(name) !== null) ??
	(() => {
		throw new Error(`no row for ${name}`);
	})();

test("an admin hides a review and shows it again; each action is listed in the moderation log", async () => {
	const shop = aReviewShop({
		me: admin,
		reviews: [aReview(2), aReview(1, { user_review: "Rude words." })],
	});
	const { sent, user } = await openManageReviews(shop);
	expect(within(rowOf("Reviewer 1")).getByText("Visible")).toBeVisible();
	expect(screen.getByText("No review has been moderated.")).toBeVisible();

	await user.click(
		screen.getByRole("button", { name: "Hide review by Reviewer 1" }),
	);
	expect(await screen.findByText("Review hidden")).toBeVisible();
	expect(await within(rowOf("Reviewer 1")).findByText("Hidden")).toBeVisible();
	const log = screen.getByRole("region", { name: "Moderation log" });
	expect(
		await within(log).findByText(
			/ada@example.com hid the review by Reviewer 1 \(4 stars\)/,
		),
	).toBeVisible();

	await user.click(
		screen.getByRole("button", { name: "Show review by Reviewer 1" }),
	);
	expect(await within(rowOf("Reviewer 1")).findByText("Visible")).toBeVisible();
	expect(
		sent.filter((request) => request.method !== "GET").map((r) => r.pathname),
	).toEqual([
		`/api/reviews/${aReview(1).id}/hide`,
		`/api/reviews/${aReview(1).id}/show`,
	]);
});

test("deleting a review goes through the confirmation dialog and says 'Item deleted'", async () => {
	const shop = aReviewShop({ me: admin, reviews: [aReview(2), aReview(1)] });
	const { sent, user } = await openManageReviews(shop);
	await user.click(
		screen.getByRole("button", { name: "Delete review by Reviewer 2" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Delete this review?" });
	await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
	expect(sent.some((request) => request.method === "DELETE")).toBe(false);

	await user.click(
		screen.getByRole("button", { name: "Delete review by Reviewer 2" }),
	);
	await user.click(
		within(
			screen.getByRole("dialog", { name: "Delete this review?" }),
		).getByRole("button", { name: "Delete review" }),
	);
	expect(await screen.findByText("Item deleted")).toBeVisible();
	await screen.findByText(/deleted the review by Reviewer 2/);
	expect(screen.queryByText("Review number 2.", { selector: "td" })).toBeNull();
});

test("with no reviews the page says so", async () => {
	serveReviews(aReviewShop({ me: admin }));
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/manage-reviews",
	});
	expect(await screen.findByText("No reviews yet.")).toBeVisible();
});
