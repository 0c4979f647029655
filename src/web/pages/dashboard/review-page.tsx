import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import {
	type MyReview,
	RATING_DEFAULT,
	REVIEW_MAX_LENGTH,
	type ReviewInput,
	ReviewInputSchema,
} from "../../../shared/reviews.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { ReviewCard } from "../../features/reviews/components/review-card.tsx";
import { StarPicker } from "../../features/reviews/components/star-picker.tsx";
import {
	useDeleteMyReview,
	useMyReview,
	useSaveReview,
} from "../../features/reviews/reviews.queries.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** Add A Review: the customer's one review of the shop, to write, edit or delete. */
export function ReviewPage() {
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
	const textId = useId();
	const review = mine.review;
	const isEdit = review !== null;
	const {
		control,
		register,
		handleSubmit,
		reset,
		formState: { errors, isSubmitting },
	} = useForm<ReviewInput>({
		resolver: zodResolver(ReviewInputSchema),
		defaultValues: {
			user_review: review?.user_review ?? "",
			user_rating: review?.user_rating ?? RATING_DEFAULT,
		},
	});

	async function submit(input: ReviewInput) {
		try {
			await save.mutateAsync({ input, isEdit });
			if (isEdit) notify.success("Review updated");
			else {
				notify.success("Review added successfully");
				reset();
			}
		} catch (error) {
			notify.error(
				`${isEdit ? "Failed to update the Review" : "Failed to add the Review"}${failureReason(error)}`,
			);
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
			<form
				className="space-y-4 rounded-box bg-base-200 p-4"
				noValidate
				aria-label={isEdit ? "Edit your review" : "Write your review"}
				onSubmit={handleSubmit(submit)}
			>
				<Controller
					control={control}
					name="user_rating"
					render={({ field, fieldState }) => (
						<StarPicker
							value={field.value}
							onChange={field.onChange}
							error={fieldState.error?.message}
						/>
					)}
				/>
				<div>
					<label className="label" htmlFor={textId}>
						Review
					</label>
					<textarea
						id={textId}
						className="textarea h-32 w-full"
						maxLength={REVIEW_MAX_LENGTH}
						aria-invalid={errors.user_review ? true : undefined}
						aria-describedby={
							errors.user_review ? `${textId}-error` : undefined
						}
						{...register("user_review")}
					/>
					{errors.user_review && (
						<p
							id={`${textId}-error`}
							role="alert"
							className="mt-1 text-sm text-error"
						>
							{errors.user_review.message}
						</p>
					)}
				</div>
				<div className="flex flex-wrap gap-2">
					<SubmitButton isSubmitting={isSubmitting} className="btn btn-primary">
						{isEdit ? "Save changes" : "Add Review"}
					</SubmitButton>
					{/* A hidden review stays until an admin shows or deletes it (the server refuses). */}
					{isEdit && !mine.is_hidden && (
						<button
							type="button"
							className="btn btn-outline btn-error"
							onClick={() => setIsDeleting(true)}
						>
							Delete my review
						</button>
					)}
				</div>
			</form>
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
