import { randomUUID } from "node:crypto";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type {
	ModeratedReview,
	MyReview,
	Review,
	ReviewInput,
	ReviewModeration,
	ReviewSummary,
} from "../../../shared/reviews.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Db, isUniqueViolation } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import {
	ConflictError,
	ForbiddenError,
	NotFoundError,
} from "../../platform/http/errors.ts";
import {
	countAllReviews,
	countModerations,
	countVisibleReviews,
	deleteReview,
	deleteVisibleReviewOfUser,
	findModeratedReview,
	findModeratedReviewsPage,
	findModerationsPage,
	findReviewOfUser,
	findVisibleReviewsPage,
	insertModeration,
	insertReviews,
	setReviewHidden,
	summarizeVisibleReviews,
	updateReviewOfUser,
} from "./reviews.repository.ts";

const NO_REVIEW = "You have not written a review yet";
const REVIEW_NOT_FOUND = "Review not found";

/** Visible reviews, newest first: the wall and the home page. */
export function listReviews(db: Db, query: PageQuery): Promise<Page<Review>> {
	return readPage(
		query,
		(offset, limit) => findVisibleReviewsPage(db, offset, limit),
		() => countVisibleReviews(db),
	);
}

export function summarizeReviews(db: Db): Promise<ReviewSummary> {
	return summarizeVisibleReviews(db);
}

export async function getMyReview(db: Db, viewer: Viewer): Promise<MyReview> {
	const found = await findReviewOfUser(db, viewer.id);
	if (!found) return { review: null, is_hidden: false };
	const { hidden_at, ...review } = found;
	return { review, is_hidden: hidden_at !== null };
}

/** Admins moderate reviews; the shop's customers write them. */
function refuseAdmins(viewer: Viewer): void {
	if (viewer.isAdmin)
		throw new ForbiddenError("Admins moderate reviews; customers write them");
}

/** The author's name and photo as their account has them now, never as a request says. */
function authorOf(viewer: Viewer) {
	return {
		user_name: viewer.name,
		email: viewer.email,
		photo_url: viewer.image,
	};
}

async function readOwnReview(db: Db, viewer: Viewer): Promise<Review> {
	const found = await findReviewOfUser(db, viewer.id);
	if (!found) throw new NotFoundError(NO_REVIEW);
	const { hidden_at: _hidden, ...review } = found;
	return review;
}

/** A customer's one review; a second is a 409 that points to editing the first. */
export async function addReview(
	db: Db,
	viewer: Viewer,
	input: ReviewInput,
): Promise<Review> {
	refuseAdmins(viewer);
	try {
		await insertReviews(db, [
			{
				id: randomUUID(),
				user_id: viewer.id,
				...authorOf(viewer),
				user_review: input.user_review,
				user_rating: input.user_rating,
				created_at: new Date().toISOString(),
			},
		]);
	} catch (error) {
		if (isUniqueViolation(error))
			throw new ConflictError(
				"You have already written a review: edit it instead",
			);
		throw error;
	}
	return readOwnReview(db, viewer);
}

export async function editMyReview(
	db: Db,
	viewer: Viewer,
	input: ReviewInput,
): Promise<Review> {
	refuseAdmins(viewer);
	const isUpdated = await updateReviewOfUser(db, viewer.id, {
		...authorOf(viewer),
		user_review: input.user_review,
		user_rating: input.user_rating,
		updated_at: new Date().toISOString(),
	});
	if (!isUpdated) throw new NotFoundError(NO_REVIEW);
	return readOwnReview(db, viewer);
}

/**
 * Deletes the customer's review, unless an admin hid it: deleting it and writing the same words
 * again would put them straight back on the wall. A hidden review stays, hidden and still the
 * customer's one review (they can edit it, or see it on Add A Review marked as hidden), until an
 * admin shows it again or deletes it. The condition sits in the delete itself, so a hide that
 * lands at the same moment cannot slip past it.
 */
export async function deleteMyReview(db: Db, viewer: Viewer): Promise<void> {
	if (await deleteVisibleReviewOfUser(db, viewer.id)) return;
	if (await findReviewOfUser(db, viewer.id))
		throw new ConflictError(
			"An admin has hidden your review: you can edit it, but not delete it",
		);
	throw new NotFoundError(NO_REVIEW);
}

/** Every review, hidden ones too, newest first: Manage Reviews. */
export function listModeratedReviews(
	db: Db,
	query: PageQuery,
): Promise<Page<ModeratedReview>> {
	return readPage(
		query,
		(offset, limit) => findModeratedReviewsPage(db, offset, limit),
		() => countAllReviews(db),
	);
}

export function listModerations(
	db: Db,
	query: PageQuery,
): Promise<Page<ReviewModeration>> {
	return readPage(
		query,
		(offset, limit) => findModerationsPage(db, offset, limit),
		() => countModerations(db),
	);
}

type ModerationAction = "hide" | "show" | "delete";

/**
 * Hides, shows again or deletes a review, with an audit record of who did it, in one
 * transaction. Hiding a hidden review (or showing a visible one) changes nothing and records
 * nothing.
 */
export async function moderateReview(
	db: Db,
	admin: Viewer,
	reviewId: string,
	action: "hide" | "show",
): Promise<ModeratedReview>;
export async function moderateReview(
	db: Db,
	admin: Viewer,
	reviewId: string,
	action: "delete",
): Promise<undefined>;
export async function moderateReview(
	db: Db,
	admin: Viewer,
	reviewId: string,
	action: ModerationAction,
): Promise<ModeratedReview | undefined> {
	const now = new Date().toISOString();
	return db.transaction().execute(async (trx) => {
		const review = await findModeratedReview(trx, reviewId);
		if (!review) throw new NotFoundError(REVIEW_NOT_FOUND);
		const isChanged =
			action === "delete"
				? await deleteReview(trx, reviewId)
				: await setReviewHidden(trx, reviewId, action === "hide" ? now : null);
		if (isChanged)
			await insertModeration(trx, {
				id: randomUUID(),
				review_id: reviewId,
				action,
				moderated_at: now,
				moderated_by_id: admin.id,
				moderated_by_email: admin.email,
				review_user_name: review.user_name,
				review_text: review.user_review,
				review_rating: review.user_rating,
				review_created_at: review.created_at,
			});
		if (action === "delete") return undefined;
		const after = await findModeratedReview(trx, reviewId);
		// Deleted by another admin in the meantime.
		if (!after) throw new NotFoundError(REVIEW_NOT_FOUND);
		return after;
	});
}

/** The reviews' use cases on one database, as app.ts hands them to the routes. */
export function createReviewUseCases(db: Db) {
	return {
		listReviews: (query: PageQuery) => listReviews(db, query),
		summarizeReviews: () => summarizeReviews(db),
		getMyReview: (viewer: Viewer) => getMyReview(db, viewer),
		addReview: (viewer: Viewer, input: ReviewInput) =>
			addReview(db, viewer, input),
		editMyReview: (viewer: Viewer, input: ReviewInput) =>
			editMyReview(db, viewer, input),
		deleteMyReview: (viewer: Viewer) => deleteMyReview(db, viewer),
		listModeratedReviews: (query: PageQuery) => listModeratedReviews(db, query),
		listModerations: (query: PageQuery) => listModerations(db, query),
		moderateReview: (
			admin: Viewer,
			reviewId: string,
			action: "hide" | "show",
		) => moderateReview(db, admin, reviewId, action),
		deleteReview: (admin: Viewer, reviewId: string) =>
			moderateReview(db, admin, reviewId, "delete"),
	};
}

export type ReviewUseCases = ReturnType<typeof createReviewUseCases>;
