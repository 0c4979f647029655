import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { ReviewPageSchema } from "../../../shared/reviews.schemas.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { insertReviews } from "./reviews.repository.ts";

function review(userName: string, createdAt: string) {
	return {
		id: randomUUID(),
		user_name: userName,
		email: `${userName.toLowerCase()}@example.com`,
		photo_url: null,
		user_review: `${userName} liked the tools.`,
		user_rating: 4,
		created_at: createdAt,
	};
}

test("lists reviews newest first without the reviewer's email", async () => {
	const t = await createTestApp();
	await insertReviews(t.db, [
		review("Ana", "2026-01-01T00:00:00.000Z"),
		review("Ben", "2026-01-03T00:00:00.000Z"),
		review("Cy", "2026-01-02T00:00:00.000Z"),
	]);
	const response = await t.app.inject({ url: "/api/reviews?page_size=3" });
	expect(response.statusCode).toBe(200);
	const page = ReviewPageSchema.parse(response.json());
	expect(page.items.map((item) => item.user_name)).toEqual([
		"Ben",
		"Cy",
		"Ana",
	]);
	expect(page.items[0]).toEqual({
		id: expect.any(String),
		user_name: "Ben",
		photo_url: null,
		user_review: "Ben liked the tools.",
		user_rating: 4,
		created_at: "2026-01-03T00:00:00.000Z",
		is_verified_buyer: false,
	});
	expect(response.body).not.toContain("@example.com");
});

test("an empty review list is an empty page, not an error", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({ url: "/api/reviews" });
	expect(response.statusCode).toBe(200);
	expect(response.json()).toEqual({
		items: [],
		page: 1,
		page_size: 12,
		total: 0,
	});
});

test("a bad page size is a 400 naming page_size", async () => {
	const t = await createTestApp();
	const response = await t.app.inject({ url: "/api/reviews?page_size=-1" });
	expect(response.statusCode).toBe(400);
	expect(response.json().error.details).toEqual([
		{ field: "page_size", message: "page_size must be 1 or more" },
	]);
});
