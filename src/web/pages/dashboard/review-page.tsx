import { useState } from "react";
import { Link } from "react-router";
import type { MyReview, ReviewInput } from "../../../shared/reviews.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { ReviewCard } from "../../features/reviews/components/review-card.tsx";
import { ReviewForm } from "../../features/reviews/components/review-form.tsx";
import {
	useDeleteMyReview,
	useMyReview,
	useSaveReview,
} from "../../features/reviews/reviews.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** Add A Review: the customer's one review of the shop, to write, edit or delete. */
export function ReviewPage() {
	usePageTitle("Add A Review");
	const mine = useMyReview();
	return (
		<section className="max-w-2xl space-y-6" aria-labelledby="review-title">
			<h1 id="review-title" className="text-2xl font-bold">
				Add A Review
			</h1>
			<QueryBoundary
				query={mine}
				loadingLabel="Loading your review"
				errorTitle="Your review could not be loaded"
			>
				{(data) => (
					// A new form when the review appears or goes, so its fields start from it.
					<ReviewEditor key={data.review?.id ?? "new"} mine={data} />
				)}
			</QueryBoundary>
		</section>
	);
}

function ReviewEditor({ mine }: { mine: MyReview }) {
	const session = useSession();
	const save = useSaveReview();
	const remove = useDeleteMyReview();
	const [isDeleting, setIsDeleting] = useState(false);
	const review = mine.review;
	const isEdit = review !== null;

	async function saveReview(input: ReviewInput) {
		try {
			await save.mutateAsync({ input, isEdit });
			notify.success(isEdit ? "Review updated" : "Review added successfully");
			return true;
		} catch (error) {
			notify.error(
				`${isEdit ? "Failed to update the Review" : "Failed to add the Review"}${failureReason(error)}`,
			);
			return false;
		}
	}

	async function deleteReview() {
		try {
			await remove.mutateAsync();
			notify.info("Review deleted");
		} catch (error) {
			notify.error(`Failed to delete the Review${failureReason(error)}`);
		} finally {
			setIsDeleting(false);
		}
	}

	return (
		<>
			{review ? (
				<div className="space-y-3">
					{mine.is_hidden ? (
						<p className="alert alert-info alert-soft text-sm">
							An admin has hidden your review: it is not shown on the public
							pages. You can still change it below.
						</p>
					) : (
						<p>
							This is your review as the shop shows it. Change it below, or
							delete it.
						</p>
					)}
					<ReviewCard review={review} />
				</div>
			) : (
				<p>
					Tell other customers how the shop served you. Your name and photo come
					from{" "}
					<Link to="/dashboard/profile" className="link link-primary">
						your profile
					</Link>
					{session.me ? ` (${session.me.name})` : ""}.
				</p>
			)}
			<ReviewForm
				review={review}
				onSave={saveReview}
				// A hidden review stays until an admin shows or deletes it (the server refuses).
				onDelete={
					isEdit && !mine.is_hidden ? () => setIsDeleting(true) : undefined
				}
			/>
			<ConfirmDialog
				isOpen={isDeleting}
				title="Delete your review?"
				message="Your review is removed from the shop. You can write a new one later."
				confirmLabel="Delete review"
				cancelLabel="Keep it"
				isPending={remove.isPending}
				onConfirm={() => void deleteReview()}
				onCancel={() => setIsDeleting(false)}
			/>
		</>
	);
}
