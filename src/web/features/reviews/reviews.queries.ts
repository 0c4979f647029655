import { useQuery } from "@tanstack/react-query";
import { ReviewPageSchema } from "../../../shared/reviews.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";

export const reviewKeys = {
	first: (count: number) => ["reviews", "first", count] as const,
	pages: (pageSize: number) => ["reviews", "pages", pageSize] as const,
};

export function useFirstReviews(count: number) {
	return useQuery({
		queryKey: reviewKeys.first(count),
		queryFn: ({ signal }) =>
			apiGet(
				`/api/reviews?page=1&page_size=${count}`,
				ReviewPageSchema,
				signal,
			),
	});
}

export function useReviewPages(pageSize: number) {
	return usePagedList(
		reviewKeys.pages(pageSize),
		"/api/reviews",
		ReviewPageSchema,
		pageSize,
	);
}
