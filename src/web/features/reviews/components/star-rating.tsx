export function StarRating({ rating }: { rating: number }) {
	return (
		<div
			className="flex gap-0.5 text-warning"
			role="img"
			aria-label={`Rated ${rating} out of 5`}
		>
			{Array.from({ length: rating }, (_, index) => index + 1).map((star) => (
				<svg
					key={star}
					viewBox="0 0 20 20"
					className="h-5 w-5 fill-current"
					aria-hidden="true"
				>
					<path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
				</svg>
			))}
		</div>
	);
}
