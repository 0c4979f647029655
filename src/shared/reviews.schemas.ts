import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";
import { requiredText } from "./text.schemas.ts";

export const REVIEW_MAX_LENGTH = 1000;
export const RATING_DEFAULT = 5;

export const ReviewIdSchema = z.uuid("Review id must be a UUID");

/** A review as anyone sees it on the wall and the home page. */
export const ReviewSchema = z.object({
	id: ReviewIdSchema,
	user_name: z.string(),
	photo_url: z.nullable(z.string()),
	user_review: z.string(),
	user_rating: z.int().check(z.minimum(1), z.maximum(5)),
	created_at: z.iso.datetime(),
	/** The author has a paid order (worked out by the server). */
	is_verified_buyer: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = pageSchemaOf(ReviewSchema);

/** The average rating of the visible reviews (null when there are none) and their count. */
export const ReviewSummarySchema = z.object({
	average: z.nullable(z.number()),
	count: z.int().check(z.nonnegative()),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

const RATING_MESSAGE = "Rating must be a whole number of stars from 1 to 5";

/**
 * What a customer writes: the text and the stars. Their name and photo come from their account;
 * anything else a request sends is dropped. The form and the server check with this one schema.
 */
export const ReviewInputSchema = z.object({
	user_review: requiredText("Review", REVIEW_MAX_LENGTH),
	user_rating: z
		.int(RATING_MESSAGE)
		.check(z.minimum(1, RATING_MESSAGE), z.maximum(5, RATING_MESSAGE)),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/**
 * The signed-in customer's own review, or null before they write one; `is_hidden` when an admin
 * took it off the public lists.
 */
export const MyReviewSchema = z.object({
	review: z.nullable(ReviewSchema),
	is_hidden: z.boolean(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

/** A review as the admins see it when moderating: also whose it is and whether it is hidden. */
export const ModeratedReviewSchema = z.extend(ReviewSchema, {
	email: z.nullable(z.string()),
	hidden_at: z.nullable(z.iso.datetime()),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;
export const ModeratedReviewPageSchema = pageSchemaOf(ModeratedReviewSchema);

export const ReviewParamsSchema = z.object({ reviewId: ReviewIdSchema });

/** Manage Reviews shows this many reviews a page. */
export const MODERATION_PAGE_SIZE = 20;

/** One line of the audit trail of moderation: who did what to which review, and when. */
export const ReviewModerationSchema = z.object({
	id: z.string(),
	review_id: ReviewIdSchema,
	action: z.enum(["hide", "show", "delete"]),
	moderated_at: z.iso.datetime(),
	moderated_by_email: z.string(),
	/** The review as it was. */
	review: z.object({
		user_name: z.string(),
		user_review: z.string(),
		user_rating: z.int(),
		created_at: z.iso.datetime(),
	}),
});
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>;
export const ReviewModerationPageSchema = pageSchemaOf(ReviewModerationSchema);
