import { EmptyState } from "../components/ui/empty-state.tsx";
import { LoadMoreButton } from "../components/ui/load-more-button.tsx";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { ReviewCard } from "../features/reviews/components/review-card.tsx";
import { useReviewPages } from "../features/reviews/reviews.queries.ts";

const REVIEWS_PER_PAGE = 12;

export function AllReviewsPage() {
	const reviews = useReviewPages(REVIEWS_PER_PAGE);
	return (
		<div className="mx-auto max-w-7xl px-4 py-10">
			<h1 className="mb-8 text-center text-3xl font-bold">Customer Review</h1>
			<QueryBoundary
				query={reviews}
				loadingLabel="Loading reviews"
				errorTitle="We could not load the reviews"
			>
				{() => {
					const items = reviews.items;
					if (items.length === 0)
						return <EmptyState message="No reviews yet." />;
					return (
						<>
							<div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
								{items.map((review) => (
									<ReviewCard key={review.id} review={review} />
								))}
							</div>
							<LoadMoreButton query={reviews} label="Show more reviews" />
						</>
					);
				}}
			</QueryBoundary>
		</div>
	);
}
