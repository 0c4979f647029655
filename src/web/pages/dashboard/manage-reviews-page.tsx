import { useEffect, useState } from "react";
import type { ModeratedReview } from "../../../shared/reviews.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
	PagedTable,
	type TableColumn,
} from "../../components/ui/paged-table.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { OrderDate } from "../../features/orders/components/order-date.tsx";
import { StarRating } from "../../features/reviews/components/star-rating.tsx";
import {
	type ModerationAction,
	useModeratedReviews,
	useModerateReview,
	useReviewModerations,
} from "../../features/reviews/reviews.queries.ts";
import { usePageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

const LOG_PAGE_PARAM = "log_page";

const DONE: Record<ModerationAction, string> = {
	hide: "Review hidden",
	show: "Review shown again",
	delete: "Item deleted",
};

/** Manage Reviews (admin): hide, show again or delete reviews; every action is logged. */
const REVIEW_COLUMNS: readonly TableColumn[] = [
	{ label: "Customer" },
	{ label: "Rating" },
	{ label: "Review" },
	{ label: "Written" },
	{ label: "Shown" },
	{ label: "Actions", isLabelHidden: true },
];

export function ManageReviewsPage() {
	usePageTitle("Manage Reviews");
	const [page, goTo] = usePageParam("page");
	const reviews = useModeratedReviews(page);
	const moderate = useModerateReview();
	const [toDelete, setToDelete] = useState<ModeratedReview>();

	const pageCount = reviews.data
		? Math.max(1, Math.ceil(reviews.data.total / reviews.data.page_size))
		: 1;
	// Deleting the last review of the last page leaves it empty: show the one before it.
	const isPastTheEnd =
		!reviews.isPlaceholderData &&
		reviews.data !== undefined &&
		reviews.data.total > 0 &&
		page > pageCount;
	// biome-ignore lint/correctness/useExhaustiveDependencies: only when the page runs out
	useEffect(() => {
		if (isPastTheEnd) goTo(pageCount);
	}, [isPastTheEnd, pageCount]);

	async function act(review: ModeratedReview, action: ModerationAction) {
		try {
			await moderate.mutateAsync({ reviewId: review.id, action });
			notify.info(DONE[action], {
				autoClose: action === "delete" ? 500 : 1000,
			});
		} catch (error) {
			notify.error(`Failed to moderate the review${failureReason(error)}`);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="manage-reviews-title">
			<h1 id="manage-reviews-title" className="text-2xl font-bold">
				Manage Reviews
			</h1>
			<p>
				A hidden review leaves the wall and the home page until it is shown
				again. Every action is recorded in the moderation log below.
			</p>
			<QueryBoundary
				query={reviews}
				loadingLabel="Loading the reviews"
				errorTitle="The reviews could not be loaded"
			>
				{(data) =>
					data.total === 0 ? (
						<p className="py-8 text-center">No reviews yet.</p>
					) : (
						<PagedTable
							page={data}
							isBusy={reviews.isPlaceholderData}
							caption="Reviews, newest first"
							columns={REVIEW_COLUMNS}
							pagerLabel="Pages of reviews"
							onGoTo={goTo}
							renderCells={(review) => (
								<>
									<td>
										<div className="break-words">{review.user_name}</div>
										<div className="text-sm text-base-content/70">
											{review.email ?? "demo review"}
										</div>
									</td>
									<td>
										<StarRating rating={review.user_rating} />
									</td>
									<td className="max-w-md whitespace-pre-line break-words">
										{review.user_review}
									</td>
									<td>
										<OrderDate iso={review.created_at} />
									</td>
									<td>
										{review.hidden_at ? (
											<span className="badge badge-neutral">Hidden</span>
										) : (
											<span className="badge badge-success">Visible</span>
										)}
									</td>
									<td>
										<div className="flex gap-2">
											<button
												type="button"
												className="btn btn-outline btn-xs"
												aria-label={`${review.hidden_at ? "Show" : "Hide"} review by ${review.user_name}`}
												disabled={moderate.isPending}
												onClick={() =>
													void act(review, review.hidden_at ? "show" : "hide")
												}
											>
												{review.hidden_at ? "Show" : "Hide"}
											</button>
											<button
												type="button"
												className="btn btn-outline btn-error btn-xs"
												aria-label={`Delete review by ${review.user_name}`}
												onClick={() => setToDelete(review)}
											>
												Delete
											</button>
										</div>
									</td>
								</>
							)}
						/>
					)
				}
			</QueryBoundary>
			<ConfirmDialog
				isOpen={toDelete !== undefined}
				title="Delete this review?"
				message={
					toDelete &&
					`The review by ${toDelete.user_name} is deleted for good, and a record of it kept in the moderation log.`
				}
				confirmLabel="Delete review"
				isPending={moderate.isPending}
				onConfirm={() => {
					if (toDelete) void act(toDelete, "delete");
					setToDelete(undefined);
				}}
				onCancel={() => setToDelete(undefined)}
			/>
			<ModerationLog />
		</section>
	);
}

const ACTION_WORDS: Record<ModerationAction, string> = {
	hide: "hid",
	show: "showed again",
	delete: "deleted",
};

/** Who hid, showed or deleted which review when, newest first. */
function ModerationLog() {
	const [page, goTo] = usePageParam(LOG_PAGE_PARAM);
	const log = useReviewModerations(page);
	return (
		<section className="space-y-4 pt-6" aria-labelledby="moderation-log-title">
			<h2 id="moderation-log-title" className="text-xl font-semibold">
				Moderation log
			</h2>
			<QueryBoundary
				query={log}
				loadingLabel="Loading the moderation log"
				errorTitle="The moderation log could not be loaded"
			>
				{(data) => {
					if (data.total === 0)
						return <p className="py-4">No review has been moderated.</p>;
					return (
						<>
							<ul className="space-y-2" aria-busy={log.isPlaceholderData}>
								{data.items.map((entry) => (
									<li
										key={entry.id}
										className="rounded-box bg-base-200 px-4 py-3 text-sm"
									>
										<OrderDate iso={entry.moderated_at} />
										{` ${entry.moderated_by_email} ${ACTION_WORDS[entry.action]} the review by ${entry.review.user_name} (${entry.review.user_rating} stars): `}
										<q className="break-words">{entry.review.user_review}</q>
									</li>
								))}
							</ul>
							<Pager
								label="Pages of the moderation log"
								page={data.page}
								pageCount={Math.max(1, Math.ceil(data.total / data.page_size))}
								onGoTo={goTo}
							/>
						</>
					);
				}}
			</QueryBoundary>
		</section>
	);
}
