import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { ReviewInput } from "../../../shared/reviews.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

// The home page shows the first reviews: the schemas (and zod) load beside its request.
const reviewSchemas = () => import("../../../shared/reviews.schemas.ts");
const reviewPageSchema = () =>
	reviewSchemas().then((schemas) => schemas.ReviewPageSchema);
const reviewSchema = () =>
	reviewSchemas().then((schemas) => schemas.ReviewSchema);
const reviewSummarySchema = () =>
	reviewSchemas().then((schemas) => schemas.ReviewSummarySchema);
const myReviewSchema = () =>
	reviewSchemas().then((schemas) => schemas.MyReviewSchema);
const moderatedReviewSchema = () =>
	reviewSchemas().then((schemas) => schemas.ModeratedReviewSchema);

export function useFirstReviews(count: number) {
	return useQuery({
		queryKey: queryKeys.reviews.first(count),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/reviews?page=1&page_size=${count}`,
				reviewPageSchema,
				signal,
			),
	});
}

export function useReviewPages(pageSize: number) {
	return usePagedList(
		queryKeys.reviews.pages(pageSize),
		"/api/reviews",
		reviewPageSchema,
		pageSize,
	);
}

/** The average rating and the count of the visible reviews. */
export function useReviewSummary() {
	return useQuery({
		queryKey: queryKeys.reviews.summary(),
		queryFn: ({ signal }) =>
			apiGet("/api/reviews/summary", reviewSummarySchema, signal),
	});
}

/** The signed-in customer's own review (null before they write one). */
export function useMyReview() {
	return useQuery({
		queryKey: queryKeys.reviews.mine(),
		queryFn: ({ signal }) => apiGet("/api/me/review", myReviewSchema, signal),
	});
}

function useRefreshReviews() {
	const readAgain = useReadAgain();
	return () => readAgain(queryKeys.reviews.all);
}

/** Writes the customer's review, or rewrites it when they have one. */
export function useSaveReview() {
	const refresh = useRefreshReviews();
	return useMutation({
		mutationFn: ({ input, isEdit }: { input: ReviewInput; isEdit: boolean }) =>
			isEdit
				? apiSend("PUT", "/api/me/review", input, reviewSchema)
				: apiSend("POST", "/api/reviews", input, reviewSchema),
		onSettled: refresh,
	});
}

export function useDeleteMyReview() {
	const refresh = useRefreshReviews();
	return useMutation({
		mutationFn: () => apiSend("DELETE", "/api/me/review", undefined),
		onSettled: refresh,
	});
}

/** One numbered page of Manage Reviews: every review, hidden ones too. */
export function useModeratedReviews(page: number) {
	return useQuery({
		queryKey: queryKeys.reviews.moderated(page),
		queryFn: async ({ signal }) => {
			const { MODERATION_PAGE_SIZE, ModeratedReviewPageSchema } =
				await reviewSchemas();
			return apiGet(
				`/api/moderation/reviews?page=${page}&page_size=${MODERATION_PAGE_SIZE}`,
				ModeratedReviewPageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}

export type ModerationAction = "hide" | "show" | "delete";

/** Hides, shows again or deletes a review (an admin's moderation). */
export function useModerateReview() {
	const refresh = useRefreshReviews();
	return useMutation({
		mutationFn: async ({
			reviewId,
			action,
		}: {
			reviewId: string;
			action: ModerationAction;
		}) => {
			const path = `/api/reviews/${encodeURIComponent(reviewId)}`;
			if (action === "delete") await apiSend("DELETE", path, undefined);
			else
				await apiSend(
					"POST",
					`${path}/${action}`,
					undefined,
					moderatedReviewSchema,
				);
		},
		onSettled: refresh,
	});
}

/** The audit trail of moderation, newest first, one numbered page. */
export function useReviewModerations(page: number) {
	return useQuery({
		queryKey: queryKeys.reviews.moderations(page),
		queryFn: async ({ signal }) => {
			const { MODERATION_PAGE_SIZE, ReviewModerationPageSchema } =
				await reviewSchemas();
			return apiGet(
				`/api/moderation/actions?page=${page}&page_size=${MODERATION_PAGE_SIZE}`,
				ReviewModerationPageSchema,
				signal,
			);
		},
		placeholderData: keepPreviousData,
	});
}
