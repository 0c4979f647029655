import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
	FAQ_ANSWER_MAX_LENGTH,
	FAQ_QUESTION_MAX_LENGTH,
	type FaqInput,
	FaqInputSchema,
} from "../../../../shared/faqs.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";

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
			<TextField
				label="Question"
				maxLength={FAQ_QUESTION_MAX_LENGTH}
				error={errors.question?.message}
				{...register("question")}
			/>
			<TextAreaField
				label="Answer"
				rows={5}
				maxLength={FAQ_ANSWER_MAX_LENGTH}
				hint='Separate paragraphs with a blank line; start a line with "## " for a subheading.'
				error={errors.answer?.message}
				{...register("answer")}
			/>
			<div className="flex gap-2">
				<BusyButton isBusy={isSubmitting} className="btn btn-primary btn-sm">
					{submitLabel}
				</BusyButton>
				{onCancel && (
					<button type="button" className="btn btn-sm" onClick={onCancel}>
						Cancel
					</button>
				)}
			</div>
		</form>
	);
}
