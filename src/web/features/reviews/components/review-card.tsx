import { localDay, mediumDate } from "../../../../shared/calendar.ts";
import type { Review } from "../../../../shared/reviews.schemas.ts";
import { StarRating } from "./star-rating.tsx";

function initialsOf(name: string): string {
	return name
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((part) => part[0]?.toUpperCase() ?? "")
		.join("");
}

/**
 * One review: the author's photo (or initials), name, stars, date and text. The text is always
 * plain text: whatever markup a customer types is shown, never run.
 */
export function ReviewCard({ review }: { review: Review }) {
	return (
		<article
			className="card bg-base-100 shadow-md"
			aria-label={`Review by ${review.user_name}`}
		>
			<div className="card-body gap-4">
				<div className="flex items-center gap-4">
					{review.photo_url ? (
						<div className="avatar">
							<div className="w-14 rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100">
								<img
									src={review.photo_url}
									alt=""
									width={56}
									height={56}
									loading="lazy"
								/>
							</div>
						</div>
					) : (
						<div className="avatar avatar-placeholder">
							<div className="w-14 rounded-full bg-secondary text-secondary-content">
								<span className="text-lg" aria-hidden="true">
									{initialsOf(review.user_name)}
								</span>
							</div>
						</div>
					)}
					<div className="min-w-0">
						<h3 className="font-semibold break-words">{review.user_name}</h3>
						<StarRating rating={review.user_rating} />
						<p className="text-sm text-base-content/80">
							<time dateTime={review.created_at}>
								{mediumDate(localDay(new Date(review.created_at)))}
							</time>
						</p>
					</div>
				</div>
				{review.is_verified_buyer && (
					<span className="badge badge-success">Verified buyer</span>
				)}
				<p className="whitespace-pre-line break-words text-base-content/80">
					{review.user_review}
				</p>
			</div>
		</article>
	);
}
