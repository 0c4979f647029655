import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Resolver, useFieldArray, useForm } from "react-hook-form";
import type * as z from "zod/mini";
import type { Portfolio } from "../../../../shared/portfolio.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { firstMessageIn, messagesIn } from "./form-problems.ts";
import { type EntryValues, toEntryValues } from "./portfolio-form-schemas.ts";
import { useSectionSave } from "./use-section-save.ts";

export type ListSection = "education" | "projects" | "technology";

export type EntryField = { key: string; label: string; multiline?: boolean };

type ListForm = { entries: EntryValues[] };

/** A section that is a list (schools, projects, technology groups): add, remove, move, save. */
export function ListEditor<S extends ListSection>({
	section,
	title,
	itemName,
	schema,
	fields,
	entries,
}: {
	section: S;
	title: string;
	itemName: string;
	/** The section's form schema: `entries` as typed, checked and turned into the section. */
	schema: z.ZodMiniType<{ entries: Portfolio[S] }, ListForm>;
	fields: EntryField[];
	entries: Portfolio[S];
}) {
	const { submit, isSaving } = useSectionSave(section, title);
	const [problems, setProblems] = useState<string[]>([]);
	const {
		control,
		register,
		handleSubmit,
		formState: { errors },
	} = useForm<ListForm, unknown, { entries: Portfolio[S] }>({
		resolver: zodResolver(schema) as Resolver<
			ListForm,
			unknown,
			{ entries: Portfolio[S] }
		>,
		defaultValues: { entries: entries.map(toEntryValues) },
	});
	const list = useFieldArray({ control, name: "entries" });

	const onSubmit = handleSubmit(
		(checked) => {
			setProblems([]);
			return submit(checked.entries);
		},
		(refused) => setProblems(messagesIn(refused.entries, itemName)),
	);

	return (
		<form
			aria-label={title}
			noValidate
			className="space-y-3 rounded-box bg-base-200 p-4"
			onSubmit={onSubmit}
		>
			<h3 className="text-lg font-semibold">{title}</h3>
			{list.fields.map((entry, index) => (
				<fieldset
					key={entry.id}
					className="space-y-2 rounded-box border border-base-300 bg-base-100 p-3"
				>
					<legend className="px-1 font-medium">{`${itemName} ${index + 1}`}</legend>
					{fields.map(({ key, label, multiline }) => {
						const error = firstMessageIn(errors.entries?.[index]?.[key]);
						const field = register(`entries.${index}.${key}`);
						return multiline ? (
							<TextAreaField
								key={key}
								label={label}
								rows={3}
								error={error}
								{...field}
							/>
						) : (
							<TextField key={key} label={label} error={error} {...field} />
						);
					})}
					<div className="flex flex-wrap gap-1">
						<button
							type="button"
							className="btn btn-xs"
							aria-label={`Move ${itemName} ${index + 1} up`}
							disabled={index === 0}
							onClick={() => list.move(index, index - 1)}
						>
							Up
						</button>
						<button
							type="button"
							className="btn btn-xs"
							aria-label={`Move ${itemName} ${index + 1} down`}
							disabled={index === list.fields.length - 1}
							onClick={() => list.move(index, index + 1)}
						>
							Down
						</button>
						<button
							type="button"
							className="btn btn-outline btn-error btn-xs"
							aria-label={`Remove ${itemName} ${index + 1}`}
							onClick={() => list.remove(index)}
						>
							Remove
						</button>
					</div>
				</fieldset>
			))}
			<div className="flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-sm"
					onClick={() =>
						list.append(Object.fromEntries(fields.map(({ key }) => [key, ""])))
					}
				>
					{`Add ${itemName.toLowerCase()}`}
				</button>
				<BusyButton isBusy={isSaving} className="btn btn-primary btn-sm">
					{`Save ${title}`}
				</BusyButton>
			</div>
			<FormError message={problems.join("; ") || undefined} />
		</form>
	);
}
