import { PagedGrid } from "../components/ui/paged-grid.tsx";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { ReviewCard } from "../features/reviews/components/review-card.tsx";
import {
	useReviewPages,
	useReviewSummary,
} from "../features/reviews/reviews.queries.ts";
import { usePageTitle } from "../lib/page-title.ts";

const REVIEWS_PER_PAGE = 12;

export function AllReviewsPage() {
	usePageTitle("Reviews");
	const reviews = useReviewPages(REVIEWS_PER_PAGE);
	return (
		<div className="mx-auto max-w-7xl px-4 py-10">
			<h1 className="mb-4 text-center text-3xl font-bold">Customer Review</h1>
			<ReviewSummaryLine />
			<QueryBoundary
				query={reviews}
				loadingLabel="Loading reviews"
				errorTitle="We could not load the reviews"
			>
				{() => (
					<PagedGrid
						query={reviews}
						layout="grid"
						emptyMessage="No reviews yet."
						showMoreLabel="Show more reviews"
						renderItem={(review) => <ReviewCard review={review} />}
					/>
				)}
			</QueryBoundary>
		</div>
	);
}

/** "4.6 out of 5 from 12 reviews": quiet while it loads or when it cannot be read. */
function ReviewSummaryLine() {
	const summary = useReviewSummary();
	if (!summary.data || summary.data.average === null) return null;
	const { average, count } = summary.data;
	return (
		<p className="mb-8 text-center text-lg">
			<strong>{`${average.toFixed(1)} out of 5`}</strong>
			{` from ${count} ${count === 1 ? "review" : "reviews"}`}
		</p>
	);
}
