import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import {
	FAQ_ANSWER_MAX_LENGTH,
	FAQ_QUESTION_MAX_LENGTH,
	type FaqInput,
	FaqInputSchema,
} from "../../../../shared/faqs.schemas.ts";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";

/** A question and its answer, to add or to edit; `onSave` resolves true when it was saved. */
export function FaqForm({
	label,
	initial = { question: "", answer: "" },
	submitLabel,
	onSave,
	onCancel,
}: {
	label: string;
	initial?: FaqInput;
	submitLabel: string;
	onSave: (input: FaqInput) => Promise<boolean>;
	onCancel?: () => void;
}) {
	const id = useId();
	const {
		register,
		handleSubmit,
		reset,
		formState: { errors, isSubmitting },
	} = useForm<FaqInput>({
		resolver: zodResolver(FaqInputSchema),
		defaultValues: initial,
	});

	return (
		<form
			aria-label={label}
			noValidate
			className="space-y-3 rounded-box bg-base-200 p-4"
			onSubmit={handleSubmit(async (input) => {
				if ((await onSave(input)) && !onCancel) reset();
			})}
		>
			<div>
				<label className="label" htmlFor={`${id}-question`}>
					Question
				</label>
				<input
					id={`${id}-question`}
					className="input w-full"
					maxLength={FAQ_QUESTION_MAX_LENGTH}
					aria-invalid={errors.question ? true : undefined}
					aria-describedby={
						errors.question ? `${id}-question-error` : undefined
					}
					{...register("question")}
				/>
				{errors.question && (
					<p
						id={`${id}-question-error`}
						role="alert"
						className="mt-1 text-sm text-error"
					>
						{errors.question.message}
					</p>
				)}
			</div>
			<div>
				<label className="label" htmlFor={`${id}-answer`}>
					Answer
				</label>
				<textarea
					id={`${id}-answer`}
					className="textarea h-28 w-full"
					maxLength={FAQ_ANSWER_MAX_LENGTH}
					aria-invalid={errors.answer ? true : undefined}
					aria-describedby={`${id}-answer-hint${errors.answer ? ` ${id}-answer-error` : ""}`}
					{...register("answer")}
				/>
				<p id={`${id}-answer-hint`} className="mt-1 text-sm">
					Separate paragraphs with a blank line; start a line with "## " for a
					subheading.
				</p>
				{errors.answer && (
					<p
						id={`${id}-answer-error`}
						role="alert"
						className="mt-1 text-sm text-error"
					>
						{errors.answer.message}
					</p>
				)}
			</div>
			<div className="flex gap-2">
				<SubmitButton
					isSubmitting={isSubmitting}
					className="btn btn-primary btn-sm"
				>
					{submitLabel}
				</SubmitButton>
				{onCancel && (
					<button type="button" className="btn btn-sm" onClick={onCancel}>
						Cancel
					</button>
				)}
			</div>
		</form>
	);
}
