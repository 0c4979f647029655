import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { Portfolio } from "../../../../shared/portfolio.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { firstMessageIn, messagesIn } from "./form-problems.ts";
import {
	AboutFormSchema,
	type AboutFormValues,
	toAboutForm,
} from "./portfolio-form-schemas.ts";
import { useSectionSave } from "./use-section-save.ts";

/** About Me: who built the shop, a few paragraphs, and its headline figures. */
export function AboutEditor({ about }: { about: Portfolio["about"] }) {
	const { submit, isSaving } = useSectionSave("about", "About Me");
	const [problems, setProblems] = useState<string[]>([]);
	const {
		control,
		register,
		handleSubmit,
		formState: { errors },
	} = useForm<AboutFormValues, unknown, Portfolio["about"]>({
		resolver: zodResolver(AboutFormSchema),
		defaultValues: toAboutForm(about),
	});
	const figures = useFieldArray({ control, name: "highlights" });

	const onSubmit = handleSubmit(
		(content) => {
			setProblems([]);
			return submit(content);
		},
		(refused) =>
			setProblems([
				...messagesIn({
					name: refused.name,
					role: refused.role,
					location: refused.location,
					email: refused.email,
					summary: refused.summary,
				}),
				...messagesIn(refused.highlights, "Figure"),
			]),
	);

	return (
		<form
			aria-label="About Me"
			noValidate
			className="space-y-3 rounded-box bg-base-200 p-4"
			onSubmit={onSubmit}
		>
			<h3 className="text-lg font-semibold">About Me</h3>
			<div className="grid gap-3 sm:grid-cols-2">
				<TextField
					label="Name"
					error={errors.name?.message}
					{...register("name")}
				/>
				<TextField
					label="Role"
					error={errors.role?.message}
					{...register("role")}
				/>
				<TextField
					label="Location"
					error={errors.location?.message}
					{...register("location")}
				/>
				<TextField
					label="Email"
					type="email"
					error={errors.email?.message}
					{...register("email")}
				/>
			</div>
			<TextAreaField
				label="Summary"
				rows={5}
				hint="Separate paragraphs with a blank line."
				error={firstMessageIn(errors.summary)}
				{...register("summary")}
			/>
			<fieldset className="space-y-2">
				<legend className="label mb-1">Figures</legend>
				{figures.fields.map((figure, index) => (
					<fieldset
						key={figure.id}
						className="grid gap-2 rounded-box border border-base-300 bg-base-100 p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
					>
						<legend className="px-1 font-medium">{`Figure ${index + 1}`}</legend>
						<TextField
							label="Label"
							error={errors.highlights?.[index]?.label?.message}
							{...register(`highlights.${index}.label`)}
						/>
						<TextField
							label="Value"
							error={errors.highlights?.[index]?.value?.message}
							{...register(`highlights.${index}.value`)}
						/>
						<button
							type="button"
							className="btn btn-outline btn-error btn-sm"
							aria-label={`Remove Figure ${index + 1}`}
							onClick={() => figures.remove(index)}
						>
							Remove
						</button>
					</fieldset>
				))}
			</fieldset>
			<div className="flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-sm"
					onClick={() => figures.append({ label: "", value: "" })}
				>
					Add figure
				</button>
				<BusyButton isBusy={isSaving} className="btn btn-primary btn-sm">
					Save About Me
				</BusyButton>
			</div>
			<FormError message={problems.join("; ") || undefined} />
		</form>
	);
}
