import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import {
	type MyReview,
	RATING_DEFAULT,
	REVIEW_MAX_LENGTH,
	type ReviewInput,
	ReviewInputSchema,
} from "../../../../shared/reviews.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField } from "../../../components/ui/field.tsx";
import { StarPicker } from "./star-picker.tsx";

/**
 * A customer's review of the shop: stars and text, to write or to change. `onSave` resolves true
 * when the review was saved; a new review's form then empties. `onDelete` (when given) offers to
 * delete the review.
 */
export function ReviewForm({
	review,
	onSave,
	onDelete,
}: {
	review: MyReview["review"];
	onSave: (input: ReviewInput) => Promise<boolean>;
	onDelete?: () => void;
}) {
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

	return (
		<form
			className="space-y-4 rounded-box bg-base-200 p-4"
			noValidate
			aria-label={isEdit ? "Edit your review" : "Write your review"}
			onSubmit={handleSubmit(async (input) => {
				if ((await onSave(input)) && !isEdit) reset();
			})}
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
			<TextAreaField
				label="Review"
				rows={5}
				maxLength={REVIEW_MAX_LENGTH}
				error={errors.user_review?.message}
				{...register("user_review")}
			/>
			<div className="flex flex-wrap gap-2">
				<BusyButton isBusy={isSubmitting}>
					{isEdit ? "Save changes" : "Add Review"}
				</BusyButton>
				{onDelete && (
					<button
						type="button"
						className="btn btn-outline btn-error"
						onClick={onDelete}
					>
						Delete my review
					</button>
				)}
			</div>
		</form>
	);
}
