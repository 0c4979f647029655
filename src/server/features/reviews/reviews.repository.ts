import type { ExpressionBuilder } from "kysely";
import type {
	ModeratedReview,
	Review,
	ReviewModeration,
	ReviewSummary,
} from "../../../shared/reviews.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type {
	Database,
	ReviewModerationsTable,
	ReviewsTable,
} from "../../platform/db/schema.ts";

const reviewColumns = [
	"reviews.id",
	"reviews.user_name",
	"reviews.photo_url",
	"reviews.user_review",
	"reviews.user_rating",
	"reviews.created_at",
] as const;

/** Whether the review's author has a paid order: the 'Verified buyer' badge. */
function isVerifiedBuyer(eb: ExpressionBuilder<Database, "reviews">) {
	return eb
		.exists(
			eb
				.selectFrom("orders")
				.select("orders.id")
				.whereRef("orders.user_id", "=", "reviews.user_id")
				.where("orders.status", "=", "paid"),
		)
		.as("is_verified_buyer");
}

type ReviewRow = Omit<Review, "is_verified_buyer"> & {
	// SQLite answers 0 or 1.
	is_verified_buyer: boolean | number;
};

function toReview({ is_verified_buyer, ...row }: ReviewRow): Review {
	return { ...row, is_verified_buyer: Boolean(is_verified_buyer) };
}

function visibleReviews(db: Db) {
	return db.selectFrom("reviews").where("reviews.hidden_at", "is", null);
}

export async function findVisibleReviewsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<Review[]> {
	const rows = await visibleReviews(db)
		.select([...reviewColumns, isVerifiedBuyer])
		.orderBy("reviews.created_at", "desc")
		.orderBy("reviews.id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toReview);
}

export async function countVisibleReviews(db: Db): Promise<number> {
	const row = await visibleReviews(db)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function summarizeVisibleReviews(db: Db): Promise<ReviewSummary> {
	const row = await visibleReviews(db)
		.select((eb) => [
			eb.fn.countAll<number | string>().as("count"),
			eb.fn.avg<number | string | null>("reviews.user_rating").as("average"),
		])
		.executeTakeFirstOrThrow();
	return {
		count: Number(row.count),
		// One decimal, as the wall shows it.
		average:
			row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
	};
}

/** The review `userId` wrote, hidden or not. */
export async function findReviewOfUser(
	db: Db,
	userId: string,
): Promise<(Review & { hidden_at: string | null }) | undefined> {
	const row = await db
		.selectFrom("reviews")
		.select([...reviewColumns, "reviews.hidden_at", isVerifiedBuyer])
		.where("reviews.user_id", "=", userId)
		.executeTakeFirst();
	if (!row) return undefined;
	const { hidden_at, ...review } = row;
	return { ...toReview(review), hidden_at };
}

export type NewReview = Omit<
	ReviewsTable,
	"user_id" | "updated_at" | "hidden_at"
> &
	Partial<Pick<ReviewsTable, "user_id" | "updated_at" | "hidden_at">>;

export async function insertReviews(
	db: Db,
	reviews: NewReview[],
): Promise<void> {
	if (reviews.length === 0) return;
	await db.insertInto("reviews").values(reviews).execute();
}

/** Rewrites the user's review; false when they have none. */
export async function updateReviewOfUser(
	db: Db,
	userId: string,
	changes: Pick<
		ReviewsTable,
		| "user_name"
		| "email"
		| "photo_url"
		| "user_review"
		| "user_rating"
		| "updated_at"
	>,
): Promise<boolean> {
	const result = await db
		.updateTable("reviews")
		.set(changes)
		.where("user_id", "=", userId)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's review unless an admin hid it; false when none was deleted. */
export async function deleteVisibleReviewOfUser(
	db: Db,
	userId: string,
): Promise<boolean> {
	const result = await db
		.deleteFrom("reviews")
		.where("user_id", "=", userId)
		.where("hidden_at", "is", null)
		.executeTakeFirst();
	return Number(result.numDeletedRows) > 0;
}

function toModeratedReview(
	row: ReviewRow & { email: string | null; hidden_at: string | null },
): ModeratedReview {
	return { ...toReview(row), email: row.email, hidden_at: row.hidden_at };
}

export async function findModeratedReviewsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<ModeratedReview[]> {
	const rows = await db
		.selectFrom("reviews")
		.select([
			...reviewColumns,
			"reviews.email",
			"reviews.hidden_at",
			isVerifiedBuyer,
		])
		.orderBy("reviews.created_at", "desc")
		.orderBy("reviews.id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toModeratedReview);
}

export async function countAllReviews(db: Db): Promise<number> {
	const row = await db
		.selectFrom("reviews")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findModeratedReview(
	db: Db,
	id: string,
): Promise<ModeratedReview | undefined> {
	const row = await db
		.selectFrom("reviews")
		.select([
			...reviewColumns,
			"reviews.email",
			"reviews.hidden_at",
			isVerifiedBuyer,
		])
		.where("reviews.id", "=", id)
		.executeTakeFirst();
	return row ? toModeratedReview(row) : undefined;
}

/** Hides or shows a review; false when it was already so (or is gone). */
export async function setReviewHidden(
	db: Db,
	id: string,
	hiddenAt: string | null,
): Promise<boolean> {
	const result = await db
		.updateTable("reviews")
		.set({ hidden_at: hiddenAt })
		.where("id", "=", id)
		.where("hidden_at", hiddenAt === null ? "is not" : "is", null)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

export async function deleteReview(db: Db, id: string): Promise<boolean> {
	const result = await db
		.deleteFrom("reviews")
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numDeletedRows) > 0;
}

export async function insertModeration(
	db: Db,
	moderation: ReviewModerationsTable,
): Promise<void> {
	await db.insertInto("review_moderations").values(moderation).execute();
}

export async function findModerationsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<ReviewModeration[]> {
	const rows = await db
		.selectFrom("review_moderations")
		.selectAll()
		.orderBy("moderated_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map((row) => ({
		id: row.id,
		review_id: row.review_id,
		action: row.action,
		moderated_at: row.moderated_at,
		moderated_by_email: row.moderated_by_email,
		review: {
			user_name: row.review_user_name,
			user_review: row.review_text,
			user_rating: row.review_rating,
			created_at: row.review_created_at,
		},
	}));
}

export async function countModerations(db: Db): Promise<number> {
	const row = await db
		.selectFrom("review_moderations")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}
