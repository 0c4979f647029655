import { Link } from "react-router";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { ReviewCard } from "../../features/reviews/components/review-card.tsx";
import { useFirstReviews } from "../../features/reviews/reviews.queries.ts";

const HOME_REVIEW_COUNT = 3;

export function HomeReviewsSection() {
	const reviews = useFirstReviews(HOME_REVIEW_COUNT);
	return (
		<section
			className="mx-auto max-w-7xl px-4 py-12"
			aria-labelledby="home-reviews-title"
		>
			<h2
				id="home-reviews-title"
				className="mb-8 text-center text-3xl font-bold"
			>
				What our customers say
			</h2>
			<QueryBoundary
				deferContent
				query={reviews}
				loadingLabel="Loading reviews"
				errorTitle="We could not load the reviews"
			>
				{(page) =>
					page.items.length ? (
						<div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
							{page.items.map((review) => (
								<ReviewCard key={review.id} review={review} />
							))}
						</div>
					) : (
						<EmptyState message="No reviews yet." />
					)
				}
			</QueryBoundary>
			<div className="mt-8 text-center">
				<Link to="/all-reviews" className="btn btn-primary btn-outline">
					All Reviews
				</Link>
			</div>
		</section>
	);
}
