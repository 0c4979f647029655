import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import {
	aReview,
	aReviewShop,
	type ReviewShop,
	serveReviews,
} from "../../test-support/fake-reviews.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openReviewPage(
	shop: ReviewShop,
	answer?: Parameters<typeof serveReviews>[1],
) {
	const sent = serveReviews(shop, answer);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/review" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Add A Review" }),
	).toBeVisible();
	const form = await screen.findByRole("form", { name: "Write your review" });
	return { sent, form, user: userEvent.setup() };
}

const writes = (sent: ReturnType<typeof serveReviews>) =>
	sent.filter((request) => request.method !== "GET");

test("the star picker starts at 5 and moves with the arrow keys; the chosen stars and text are sent and the page turns to the new review", async () => {
	const shop = aReviewShop();
	const { sent, form, user } = await openReviewPage(shop);
	const rating = within(form).getByRole("group", { name: "Rating" });
	expect(within(rating).getByRole("radio", { name: "5 stars" })).toBeChecked();

	await user.click(within(rating).getByRole("radio", { name: "5 stars" }));
	await user.keyboard("{ArrowLeft}");
	expect(within(rating).getByRole("radio", { name: "4 stars" })).toBeChecked();
	expect(within(rating).getByRole("radio", { name: "4 stars" })).toHaveFocus();

	await user.type(within(form).getByLabelText("Review"), "Sturdy clamps.");
	await user.click(within(form).getByRole("button", { name: "Add Review" }));

	expect(await screen.findByText("Review added successfully")).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "POST",
			pathname: "/api/reviews",
			body: { user_review: "Sturdy clamps.", user_rating: 4 },
		},
	]);
	const card = await screen.findByRole("article", {
		name: "Review by Cleo Customer",
	});
	expect(
		within(card).getByRole("img", { name: "Rated 4 out of 5" }),
	).toBeVisible();
	expect(within(card).getByText("Sturdy clamps.")).toBeVisible();
	expect(screen.getByRole("form", { name: "Edit your review" })).toBeVisible();
});

test("an empty review says 'Review is required' and sends nothing", async () => {
	const { sent, form, user } = await openReviewPage(aReviewShop());
	await user.type(within(form).getByLabelText("Review"), "   ");
	await user.click(within(form).getByRole("button", { name: "Add Review" }));
	expect(await within(form).findByText("Review is required")).toBeVisible();
	const review = within(form).getByLabelText("Review");
	expect(review).toHaveAttribute("aria-invalid", "true");
	expect(review).toHaveAccessibleDescription("Review is required");
	expect(review).toHaveFocus();
	expect(writes(sent)).toEqual([]);
});

test("a refused review says 'Failed to add the Review' with the reason, and keeps what was typed", async () => {
	const { form, user } = await openReviewPage(aReviewShop(), (request) =>
		request.method === "POST"
			? errorResponse(
					409,
					"CONFLICT",
					"You have already written a review: edit it instead",
				)
			: undefined,
	);
	await user.type(within(form).getByLabelText("Review"), "Second try.");
	await user.click(within(form).getByRole("button", { name: "Add Review" }));
	expect(
		await screen.findByText(
			"Failed to add the Review: You have already written a review: edit it instead",
		),
	).toBeVisible();
	expect(within(form).getByLabelText("Review")).toHaveValue("Second try.");
});

test("a customer's review is shown for editing; saving sends the change, deleting through the dialog removes it", async () => {
	const shop = aReviewShop({
		mine: aReview(1, {
			user_name: "Cleo Customer",
			user_review: "Good saws.",
			user_rating: 3,
			is_verified_buyer: true,
		}),
	});
	const sent = serveReviews(shop);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/review" },
	);
	const user = userEvent.setup();
	const form = await screen.findByRole("form", { name: "Edit your review" });
	const card = screen.getByRole("article", { name: "Review by Cleo Customer" });
	expect(within(card).getByText("Verified buyer")).toBeVisible();
	expect(within(form).getByRole("radio", { name: "3 stars" })).toBeChecked();
	expect(within(form).getByLabelText("Review")).toHaveValue("Good saws.");

	await user.click(within(form).getByRole("radio", { name: "2 stars" }));
	await user.clear(within(form).getByLabelText("Review"));
	await user.type(within(form).getByLabelText("Review"), "Blunt saws.");
	await user.click(within(form).getByRole("button", { name: "Save changes" }));
	expect(await screen.findByText("Review updated")).toBeVisible();

	await user.click(screen.getByRole("button", { name: "Delete my review" }));
	const dialog = screen.getByRole("dialog", { name: "Delete your review?" });
	await user.click(
		within(dialog).getByRole("button", { name: "Delete review" }),
	);
	expect(await screen.findByText("Review deleted")).toBeVisible();
	expect(
		await screen.findByRole("form", { name: "Write your review" }),
	).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "PUT",
			pathname: "/api/me/review",
			body: { user_review: "Blunt saws.", user_rating: 2 },
		},
		{ method: "DELETE", pathname: "/api/me/review", body: undefined },
	]);
});

test("a review an admin hid says so to its author, who can edit it but not delete it", async () => {
	const shop = aReviewShop({
		mine: aReview(1, { hidden_at: "2026-11-21T10:00:00.000Z" }),
	});
	serveReviews(shop);
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/review",
	});
	expect(
		await screen.findByText(/An admin has hidden your review/),
	).toBeVisible();
	expect(screen.getByRole("button", { name: "Save changes" })).toBeVisible();
	expect(screen.queryByRole("button", { name: "Delete my review" })).toBeNull();
});
