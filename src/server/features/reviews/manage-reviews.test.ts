import { expect, test } from "vitest";
import {
	MyReviewSchema,
	ReviewPageSchema,
	ReviewSchema,
} from "../../../shared/reviews.schemas.ts";
import { signUp, signUpAdmin } from "../../test-support/accounts.ts";
import { postOrder, postOrderAction } from "../../test-support/orders.ts";
import { sendReview } from "../../test-support/reviews.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

async function publicReviews(t: Awaited<ReturnType<typeof createTestApp>>) {
	const response = await t.app.inject({ url: "/api/reviews" });
	expect(response.statusCode).toBe(200);
	return ReviewPageSchema.parse(response.json());
}

test("a customer writes a review; it carries their account's name, is listed first on the wall and counts in the summary", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app, { name: "Rita Reviewer" });
	const response = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "  Sharp chisels, quick delivery.  ",
			user_rating: 4,
		},
	);
	expect(response.statusCode, response.body).toBe(201);
	const review = ReviewSchema.parse(response.json());
	expect(review).toEqual({
		id: expect.any(String),
		user_name: "Rita Reviewer",
		photo_url: null,
		user_review: "Sharp chisels, quick delivery.",
		user_rating: 4,
		created_at: expect.any(String),
		is_verified_buyer: false,
	});

	const wall = await publicReviews(t);
	expect(wall.items.map((item) => item.id)).toEqual([review.id]);
	const summary = await t.app.inject({ url: "/api/reviews/summary" });
	expect(summary.json()).toEqual({ average: 4, count: 1 });

	const mine = await sendReview(
		t.app,
		customer.cookie,
		"GET",
		"/api/me/review",
	);
	expect(MyReviewSchema.parse(mine.json())).toEqual({
		review,
		is_hidden: false,
	});
});

test("before writing one, the customer's review is null", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const mine = await sendReview(
		t.app,
		customer.cookie,
		"GET",
		"/api/me/review",
	);
	expect(mine.statusCode).toBe(200);
	expect(mine.json()).toEqual({ review: null, is_hidden: false });
});

test("an empty or missing text is refused with 'Review is required', and nothing is stored", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	for (const payload of [
		{ user_review: "", user_rating: 5 },
		{ user_review: "   ", user_rating: 5 },
		{ user_rating: 5 },
	]) {
		const response = await sendReview(
			t.app,
			customer.cookie,
			"POST",
			"/api/reviews",
			payload,
		);
		expect(response.statusCode).toBe(400);
		expect(response.json().error.details).toContainEqual({
			field: "user_review",
			message: "Review is required",
		});
	}
	expect((await publicReviews(t)).total).toBe(0);
});

test("a review longer than 1000 characters is refused", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const response = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "x".repeat(1001),
			user_rating: 5,
		},
	);
	expect(response.statusCode).toBe(400);
	expect(response.json().error.details).toContainEqual({
		field: "user_review",
		message: "Review must be 1000 characters or fewer",
	});
});

test("a rating of 0, 6, 2.5, a string or none is refused; 1 and 5 are taken", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	for (const user_rating of [0, 6, 2.5, "4", "five", null, undefined]) {
		const response = await sendReview(
			t.app,
			customer.cookie,
			"POST",
			"/api/reviews",
			{ user_review: "Fine tools.", user_rating },
		);
		expect(response.statusCode, String(user_rating)).toBe(400);
		expect(response.json().error.details).toContainEqual({
			field: "user_rating",
			message: "Rating must be a whole number of stars from 1 to 5",
		});
	}
	expect((await publicReviews(t)).total).toBe(0);

	const lowest = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "Not for me.",
			user_rating: 1,
		},
	);
	expect(lowest.statusCode).toBe(201);
	const highest = await sendReview(
		t.app,
		customer.cookie,
		"PUT",
		"/api/me/review",
		{
			user_review: "Changed my mind.",
			user_rating: 5,
		},
	);
	expect(highest.statusCode).toBe(200);
	expect(highest.json().user_rating).toBe(5);
});

test("the name, photo, verified flag, date, id and hidden state a client sends are ignored", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app, { name: "Honest Hana" });
	const response = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "Good files.",
			user_rating: 5,
			user_name: "Someone Famous",
			photo_url: "https://evil.example.com/face.png",
			photoURL: "https://evil.example.com/face.png",
			email: "famous@example.com",
			is_verified_buyer: true,
			created_at: "2020-01-01T00:00:00.000Z",
			id: "00000000-0000-4000-8000-000000000000",
			hidden_at: "2020-01-01T00:00:00.000Z",
			user_id: "someone-else",
		},
	);
	expect(response.statusCode).toBe(201);
	const review = ReviewSchema.parse(response.json());
	expect(review.user_name).toBe("Honest Hana");
	expect(review.photo_url).toBeNull();
	expect(review.is_verified_buyer).toBe(false);
	expect(review.id).not.toBe("00000000-0000-4000-8000-000000000000");
	expect(review.created_at).not.toBe("2020-01-01T00:00:00.000Z");
	expect((await publicReviews(t)).items).toEqual([review]);
});

test("one review per customer: a second is a 409 and the first stays as it was", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const first = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "First words.",
			user_rating: 3,
		},
	);
	expect(first.statusCode).toBe(201);
	const second = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "Second words.",
			user_rating: 5,
		},
	);
	expect(second.statusCode).toBe(409);
	expect(second.json().error.message).toBe(
		"You have already written a review: edit it instead",
	);
	expect(
		(await publicReviews(t)).items.map((item) => item.user_review),
	).toEqual(["First words."]);
});

test("the customer edits and then deletes their review; each change shows on the wall", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const other = await signUp(t.app, { name: "Other Olga" });
	await sendReview(t.app, other.cookie, "POST", "/api/reviews", {
		user_review: "Olga's words.",
		user_rating: 2,
	});
	const created = await sendReview(
		t.app,
		customer.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "Before.",
			user_rating: 3,
		},
	);
	const edited = await sendReview(
		t.app,
		customer.cookie,
		"PUT",
		"/api/me/review",
		{
			user_review: "After.",
			user_rating: 4,
		},
	);
	expect(edited.statusCode).toBe(200);
	expect(edited.json()).toMatchObject({
		id: created.json().id,
		user_review: "After.",
		user_rating: 4,
	});
	expect(
		(await publicReviews(t)).items.map((item) => item.user_review),
	).toEqual(["After.", "Olga's words."]);

	const deleted = await sendReview(
		t.app,
		customer.cookie,
		"DELETE",
		"/api/me/review",
	);
	expect(deleted.statusCode).toBe(204);
	expect(
		(await publicReviews(t)).items.map((item) => item.user_review),
	).toEqual(["Olga's words."]);
	// Editing or deleting what is gone is a 404; the other customer's review is untouched.
	for (const method of ["PUT", "DELETE"] as const) {
		const again = await sendReview(
			t.app,
			customer.cookie,
			method,
			"/api/me/review",
			{
				user_review: "Again.",
				user_rating: 4,
			},
		);
		expect(again.statusCode).toBe(404);
	}
	const summary = await t.app.inject({ url: "/api/reviews/summary" });
	expect(summary.json()).toEqual({ average: 2, count: 1 });
});

test("the 'Verified buyer' badge appears only once the author has a paid order", async () => {
	const t = await createTestApp();
	const tool = await insertTestTool(t.db, {
		available_quantity: 10,
		minimum_quantity: 1,
	});
	const customer = await signUp(t.app, { name: "Vera Verified" });
	await sendReview(t.app, customer.cookie, "POST", "/api/reviews", {
		user_review: "Will buy soon.",
		user_rating: 5,
	});
	const badge = async () =>
		(await publicReviews(t)).items[0]?.is_verified_buyer;
	expect(await badge()).toBe(false);

	const placed = await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 1,
	});
	expect(placed.statusCode).toBe(201);
	expect(await badge()).toBe(false);

	const paid = await postOrderAction(
		t.app,
		customer.cookie,
		placed.json().id,
		"payment",
	);
	expect(paid.statusCode).toBe(200);
	expect(await badge()).toBe(true);
	const mine = await sendReview(
		t.app,
		customer.cookie,
		"GET",
		"/api/me/review",
	);
	expect(mine.json().review.is_verified_buyer).toBe(true);
});

test("admins moderate reviews but do not write them: 403", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await sendReview(
		t.app,
		admin.cookie,
		"POST",
		"/api/reviews",
		{
			user_review: "Our tools are the best.",
			user_rating: 5,
		},
	);
	expect(response.statusCode).toBe(403);
	expect((await publicReviews(t)).total).toBe(0);
});

test("a removed account takes its review with it", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	await sendReview(t.app, customer.cookie, "POST", "/api/reviews", {
		user_review: "Soon gone.",
		user_rating: 4,
	});
	await t.db.deleteFrom("users").where("id", "=", customer.userId).execute();
	expect((await publicReviews(t)).total).toBe(0);
});
