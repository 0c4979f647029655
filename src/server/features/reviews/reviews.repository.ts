import type { Review } from "../../../shared/reviews.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { ReviewsTable } from "../../platform/db/schema.ts";

const reviewColumns = [
	"id",
	"user_name",
	"photo_url",
	"user_review",
	"user_rating",
	"created_at",
] as const;

export async function findReviewsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<Review[]> {
	return db
		.selectFrom("reviews")
		.select(reviewColumns)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
}

export async function countReviews(db: Db): Promise<number> {
	const row = await db
		.selectFrom("reviews")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function insertReviews(
	db: Db,
	reviews: ReviewsTable[],
): Promise<void> {
	if (reviews.length === 0) return;
	await db.insertInto("reviews").values(reviews).execute();
}
