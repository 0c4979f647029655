import { expect, test } from "vitest";
import {
	ModeratedReviewPageSchema,
	type Review,
	ReviewModerationPageSchema,
	ReviewPageSchema,
} from "../../../shared/reviews.schemas.ts";
import { signUp, signUpAdmin } from "../../test-support/accounts.ts";
import { sendReview } from "../../test-support/reviews.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

/** A shop with an admin and two customers' reviews: Abusive Al's (1 star) and Kind Kim's (5). */
async function shopWithReviews() {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db, { name: "Mo Moderator" });
	const write = async (name: string, text: string, rating: number) => {
		const customer = await signUp(t.app, { name });
		const response = await sendReview(
			t.app,
			customer.cookie,
			"POST",
			"/api/reviews",
			{
				user_review: text,
				user_rating: rating,
			},
		);
		expect(response.statusCode).toBe(201);
		return { customer, review: response.json() as Review };
	};
	const abusive = await write("Abusive Al", "Rude words here.", 1);
	const kind = await write("Kind Kim", "Lovely planes.", 5);
	return { t, admin, abusive, kind };
}

async function wallTexts(t: TestApp) {
	const response = await t.app.inject({ url: "/api/reviews" });
	return ReviewPageSchema.parse(response.json()).items.map(
		(review) => review.user_review,
	);
}

async function auditTrail(t: TestApp, cookie: string) {
	const response = await sendReview(
		t.app,
		cookie,
		"GET",
		"/api/moderation/actions",
	);
	expect(response.statusCode).toBe(200);
	return ReviewModerationPageSchema.parse(response.json()).items;
}

test("an admin hides a review: it leaves the wall and the summary, stays on Manage Reviews marked hidden, and the hiding is audited", async () => {
	const { t, admin, abusive, kind } = await shopWithReviews();
	const hidden = await sendReview(
		t.app,
		admin.cookie,
		"POST",
		`/api/reviews/${abusive.review.id}/hide`,
	);
	expect(hidden.statusCode).toBe(200);
	expect(hidden.json().hidden_at).toEqual(expect.any(String));

	expect(await wallTexts(t)).toEqual(["Lovely planes."]);
	const summary = await t.app.inject({ url: "/api/reviews/summary" });
	expect(summary.json()).toEqual({ average: 5, count: 1 });

	const all = await sendReview(
		t.app,
		admin.cookie,
		"GET",
		"/api/moderation/reviews",
	);
	const listed = ModeratedReviewPageSchema.parse(all.json()).items;
	expect(
		listed.map((review) => [review.user_name, review.hidden_at !== null]),
	).toEqual([
		["Kind Kim", false],
		["Abusive Al", true],
	]);
	expect(listed[1]?.email).toBe(abusive.customer.email);

	// The author sees that an admin hid it.
	const mine = await sendReview(
		t.app,
		abusive.customer.cookie,
		"GET",
		"/api/me/review",
	);
	expect(mine.json().is_hidden).toBe(true);

	expect(await auditTrail(t, admin.cookie)).toEqual([
		{
			id: expect.any(String),
			review_id: abusive.review.id,
			action: "hide",
			moderated_at: hidden.json().hidden_at,
			moderated_by_email: admin.email,
			review: {
				user_name: "Abusive Al",
				user_review: "Rude words here.",
				user_rating: 1,
				created_at: abusive.review.created_at,
			},
		},
	]);
	expect(kind.review.user_review).toBe("Lovely planes.");
});

test("hiding a hidden review changes and records nothing; showing it again puts it back, audited", async () => {
	const { t, admin, abusive } = await shopWithReviews();
	const url = `/api/reviews/${abusive.review.id}`;
	await sendReview(t.app, admin.cookie, "POST", `${url}/hide`);
	const again = await sendReview(t.app, admin.cookie, "POST", `${url}/hide`);
	expect(again.statusCode).toBe(200);
	expect(
		(await auditTrail(t, admin.cookie)).map((entry) => entry.action),
	).toEqual(["hide"]);

	const shown = await sendReview(t.app, admin.cookie, "POST", `${url}/show`);
	expect(shown.statusCode).toBe(200);
	expect(shown.json().hidden_at).toBeNull();
	expect(await wallTexts(t)).toEqual(["Lovely planes.", "Rude words here."]);
	expect(
		(await auditTrail(t, admin.cookie)).map((entry) => entry.action),
	).toEqual(["show", "hide"]);
});

test("the author of a hidden review cannot delete it and post it again to put it back on the wall", async () => {
	const { t, admin, abusive } = await shopWithReviews();
	const url = `/api/reviews/${abusive.review.id}`;
	await sendReview(t.app, admin.cookie, "POST", `${url}/hide`);
	const cookie = abusive.customer.cookie;

	const deleted = await sendReview(t.app, cookie, "DELETE", "/api/me/review");
	expect(deleted.statusCode).toBe(409);
	expect(deleted.json().error.message).toBe(
		"An admin has hidden your review: you can edit it, but not delete it",
	);
	const reposted = await sendReview(t.app, cookie, "POST", "/api/reviews", {
		user_review: "Rude words here.",
		user_rating: 1,
	});
	expect(reposted.statusCode).toBe(409);
	const edited = await sendReview(t.app, cookie, "PUT", "/api/me/review", {
		user_review: "Rude words, reworded.",
		user_rating: 1,
	});
	expect(edited.statusCode).toBe(200);

	expect(await wallTexts(t)).toEqual(["Lovely planes."]);
	const summary = await t.app.inject({ url: "/api/reviews/summary" });
	expect(summary.json()).toEqual({ average: 5, count: 1 });
	// The author still sees their review, marked as hidden.
	const mine = await sendReview(t.app, cookie, "GET", "/api/me/review");
	expect(mine.json()).toMatchObject({
		review: { id: abusive.review.id, user_review: "Rude words, reworded." },
		is_hidden: true,
	});

	// Once an admin shows it again, it is the author's to delete.
	await sendReview(t.app, admin.cookie, "POST", `${url}/show`);
	expect(
		(await sendReview(t.app, cookie, "DELETE", "/api/me/review")).statusCode,
	).toBe(204);
	expect(await wallTexts(t)).toEqual(["Lovely planes."]);
});

test("an admin deletes a review: it is gone everywhere, and the audit keeps who deleted what", async () => {
	const { t, admin, abusive } = await shopWithReviews();
	const deleted = await sendReview(
		t.app,
		admin.cookie,
		"DELETE",
		`/api/reviews/${abusive.review.id}`,
	);
	expect(deleted.statusCode).toBe(204);
	expect(await wallTexts(t)).toEqual(["Lovely planes."]);
	const all = await sendReview(
		t.app,
		admin.cookie,
		"GET",
		"/api/moderation/reviews",
	);
	expect(all.json().total).toBe(1);
	const [entry] = await auditTrail(t, admin.cookie);
	expect(entry).toMatchObject({
		action: "delete",
		review_id: abusive.review.id,
		moderated_by_email: admin.email,
		review: { user_name: "Abusive Al", user_review: "Rude words here." },
	});
	// The author may write a new one.
	const rewritten = await sendReview(
		t.app,
		abusive.customer.cookie,
		"POST",
		"/api/reviews",
		{ user_review: "Sorry, fine tools.", user_rating: 4 },
	);
	expect(rewritten.statusCode).toBe(201);
});

test("customers and visitors cannot hide, show or delete reviews or read the moderation lists, and nothing changes", async () => {
	const { t, admin, abusive, kind } = await shopWithReviews();
	const url = `/api/reviews/${kind.review.id}`;
	for (const [cookie, status] of [
		[undefined, 401],
		[abusive.customer.cookie, 403],
		[kind.customer.cookie, 403],
	] as const) {
		for (const [method, path] of [
			["POST", `${url}/hide`],
			["POST", `${url}/show`],
			["DELETE", url],
			["GET", "/api/moderation/reviews"],
			["GET", "/api/moderation/actions"],
		] as const) {
			const response = await sendReview(t.app, cookie, method, path);
			expect(response.statusCode, `${method} ${path}`).toBe(status);
		}
	}
	expect(await wallTexts(t)).toEqual(["Lovely planes.", "Rude words here."]);
	expect(await auditTrail(t, admin.cookie)).toEqual([]);
});

test("moderating a review that does not exist is a 404; a malformed id is a 400", async () => {
	const { t, admin } = await shopWithReviews();
	const missing = await sendReview(
		t.app,
		admin.cookie,
		"POST",
		"/api/reviews/00000000-0000-4000-8000-000000000000/hide",
	);
	expect(missing.statusCode).toBe(404);
	const malformed = await sendReview(
		t.app,
		admin.cookie,
		"DELETE",
		"/api/reviews/nope",
	);
	expect(malformed.statusCode).toBe(400);
});
