import { type FormEvent, useId, useState } from "react";
import type * as z from "zod/mini";
import {
	type Portfolio,
	PortfolioAboutSchema,
	PortfolioEducationSchema,
	PortfolioProjectsSchema,
	type PortfolioSection,
	PortfolioTechnologySchema,
} from "../../../shared/portfolio.schemas.ts";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import {
	usePortfolio,
	useSavePortfolioSection,
} from "../../features/portfolio/portfolio.queries.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** The portfolio's four sections, each edited and saved on its own. */
export function PortfolioEditors() {
	const portfolio = usePortfolio();
	return (
		<section className="space-y-6" aria-labelledby="portfolio-editor-title">
			<h2 id="portfolio-editor-title" className="text-xl font-semibold">
				My Portfolio
			</h2>
			<QueryBoundary
				query={portfolio}
				loadingLabel="Loading the portfolio"
				errorTitle="The portfolio could not be loaded"
			>
				{(content) => (
					<>
						<AboutEditor about={content.about} />
						<ListEditor
							section="education"
							title="Education"
							itemName="School"
							schema={PortfolioEducationSchema}
							fields={[
								{ key: "school", label: "School" },
								{ key: "degree", label: "Degree" },
								{ key: "years", label: "Years" },
								{ key: "details", label: "Details", multiline: true },
							]}
							entries={content.education}
						/>
						<ListEditor
							section="projects"
							title="Projects"
							itemName="Project"
							schema={PortfolioProjectsSchema}
							fields={[
								{ key: "name", label: "Project name" },
								{ key: "summary", label: "Summary", multiline: true },
								{
									key: "stack",
									label: "Technologies, separated by commas",
									isList: true,
								},
								{ key: "outcome", label: "Outcome", multiline: true },
							]}
							entries={content.projects}
						/>
						<ListEditor
							section="technology"
							title="Technology"
							itemName="Group"
							schema={PortfolioTechnologySchema}
							fields={[
								{ key: "group", label: "Group" },
								{
									key: "items",
									label: "Technologies, separated by commas",
									isList: true,
								},
							]}
							entries={content.technology}
						/>
					</>
				)}
			</QueryBoundary>
		</section>
	);
}

/** The messages of a refused section, each naming where it is ("Project 2: Outcome is required"). */
function messagesOf(error: z.core.$ZodError, itemName?: string): string[] {
	return error.issues.map((issue) => {
		const [index] = issue.path;
		return itemName && typeof index === "number"
			? `${itemName} ${index + 1}: ${issue.message}`
			: issue.message;
	});
}

/** Saves a section checked by its schema, or shows why it cannot be saved. */
function useSectionSave<S extends PortfolioSection>(section: S, title: string) {
	const save = useSavePortfolioSection(section);
	const [problems, setProblems] = useState<string[]>([]);
	async function submit(
		parsed:
			| { success: true; data: Portfolio[S] }
			| { success: false; error: z.core.$ZodError },
		itemName?: string,
	) {
		if (!parsed.success) {
			setProblems(messagesOf(parsed.error, itemName));
			return;
		}
		setProblems([]);
		try {
			await save.mutateAsync(parsed.data);
			notify.success(`${title} saved`);
		} catch (error) {
			notify.error(`Failed to save ${title}${failureReason(error)}`);
		}
	}
	return { submit, problems, isSaving: save.isPending };
}

function Problems({ problems }: { problems: string[] }) {
	if (problems.length === 0) return null;
	return (
		<div role="alert" className="alert alert-error alert-soft text-sm">
			<ul className="list-disc pl-4">
				{problems.map((problem) => (
					<li key={problem}>{problem}</li>
				))}
			</ul>
		</div>
	);
}

const paragraphsOf = (text: string) =>
	text
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean);

function AboutEditor({ about }: { about: Portfolio["about"] }) {
	const id = useId();
	const [values, setValues] = useState({
		name: about.name,
		role: about.role,
		location: about.location,
		email: about.email,
		summary: about.summary.join("\n\n"),
		highlights: about.highlights
			.map((highlight) => `${highlight.label}: ${highlight.value}`)
			.join("\n"),
	});
	const { submit, problems, isSaving } = useSectionSave("about", "About Me");

	function onSubmit(event: FormEvent) {
		event.preventDefault();
		const highlights = values.highlights
			.split("\n")
			.map((line) => line.trim())
			.filter(Boolean)
			.map((line) => {
				const at = line.lastIndexOf(":");
				return at < 0
					? { label: line, value: "" }
					: {
							label: line.slice(0, at).trim(),
							value: line.slice(at + 1).trim(),
						};
			});
		void submit(
			PortfolioAboutSchema.safeParse({
				...values,
				summary: paragraphsOf(values.summary),
				highlights,
			}),
		);
	}

	const field = (
		key: keyof typeof values,
		label: string,
		multiline = false,
		hint?: string,
	) => (
		<div key={key}>
			<label className="label" htmlFor={`${id}-${key}`}>
				{label}
			</label>
			{multiline ? (
				<textarea
					id={`${id}-${key}`}
					className="textarea h-28 w-full"
					value={values[key]}
					aria-describedby={hint ? `${id}-${key}-hint` : undefined}
					onChange={(event) =>
						setValues({ ...values, [key]: event.target.value })
					}
				/>
			) : (
				<input
					id={`${id}-${key}`}
					className="input w-full"
					value={values[key]}
					onChange={(event) =>
						setValues({ ...values, [key]: event.target.value })
					}
				/>
			)}
			{hint && (
				<p id={`${id}-${key}-hint`} className="mt-1 text-sm">
					{hint}
				</p>
			)}
		</div>
	);

	return (
		<form
			aria-label="About Me"
			noValidate
			className="space-y-3 rounded-box bg-base-200 p-4"
			onSubmit={onSubmit}
		>
			<h3 className="text-lg font-semibold">About Me</h3>
			{field("name", "Name")}
			{field("role", "Role")}
			{field("location", "Location")}
			{field("email", "Email")}
			{field(
				"summary",
				"Summary",
				true,
				"Separate paragraphs with a blank line.",
			)}
			{field(
				"highlights",
				"Figures",
				true,
				"One a line: label, a colon, then the figure.",
			)}
			<Problems problems={problems} />
			<SubmitButton isSubmitting={isSaving} className="btn btn-primary btn-sm">
				Save About Me
			</SubmitButton>
		</form>
	);
}

type FieldSpec = {
	key: string;
	label: string;
	multiline?: boolean;
	/** A list of words, typed separated by commas. */
	isList?: boolean;
};

type Entry = Record<string, string>;

function toEntry(item: object, fields: FieldSpec[]): Entry {
	const values = item as Record<string, string | string[]>;
	return Object.fromEntries(
		fields.map(({ key, isList }) => {
			const value = values[key] ?? "";
			return [
				key,
				isList && Array.isArray(value) ? value.join(", ") : String(value),
			];
		}),
	);
}

function fromEntry(
	entry: Entry,
	fields: FieldSpec[],
): Record<string, string | string[]> {
	return Object.fromEntries(
		fields.map(({ key, isList }) => [
			key,
			isList
				? (entry[key] ?? "")
						.split(",")
						.map((word) => word.trim())
						.filter(Boolean)
				: (entry[key] ?? ""),
		]),
	);
}

/** A section that is a list (schools, projects, technology groups): add, remove, move, save. */
function ListEditor<S extends "education" | "projects" | "technology">({
	section,
	title,
	itemName,
	schema,
	fields,
	entries: initial,
}: {
	section: S;
	title: string;
	itemName: string;
	schema: z.ZodMiniType<Portfolio[S]>;
	fields: FieldSpec[];
	entries: Portfolio[S];
}) {
	const id = useId();
	const [entries, setEntries] = useState<Entry[]>(() =>
		initial.map((item) => toEntry(item, fields)),
	);
	const { submit, problems, isSaving } = useSectionSave(section, title);

	const change = (index: number, key: string, value: string) =>
		setEntries(
			entries.map((entry, at) =>
				at === index ? { ...entry, [key]: value } : entry,
			),
		);
	const move = (index: number, step: -1 | 1) => {
		const next = [...entries];
		const [moved] = next.splice(index, 1);
		if (moved) next.splice(index + step, 0, moved);
		setEntries(next);
	};

	function onSubmit(event: FormEvent) {
		event.preventDefault();
		void submit(
			schema.safeParse(
				entries.map((entry) => fromEntry(entry, fields)),
			) as Parameters<typeof submit>[0],
			itemName,
		);
	}

	return (
		<form
			aria-label={title}
			noValidate
			className="space-y-3 rounded-box bg-base-200 p-4"
			onSubmit={onSubmit}
		>
			<h3 className="text-lg font-semibold">{title}</h3>
			{entries.map((entry, index) => (
				<fieldset
					// Entries have no id of their own; a position is what they are here.
					// biome-ignore lint/suspicious/noArrayIndexKey: entries are edited in place
					key={index}
					className="space-y-2 rounded-box border border-base-300 bg-base-100 p-3"
				>
					<legend className="px-1 font-medium">{`${itemName} ${index + 1}`}</legend>
					{fields.map(({ key, label, multiline }) => {
						const fieldId = `${id}-${index}-${key}`;
						return (
							<div key={key}>
								<label className="label" htmlFor={fieldId}>
									{label}
								</label>
								{multiline ? (
									<textarea
										id={fieldId}
										className="textarea h-20 w-full"
										value={entry[key] ?? ""}
										onChange={(event) => change(index, key, event.target.value)}
									/>
								) : (
									<input
										id={fieldId}
										className="input w-full"
										value={entry[key] ?? ""}
										onChange={(event) => change(index, key, event.target.value)}
									/>
								)}
							</div>
						);
					})}
					<div className="flex flex-wrap gap-1">
						<button
							type="button"
							className="btn btn-xs"
							aria-label={`Move ${itemName} ${index + 1} up`}
							disabled={index === 0}
							onClick={() => move(index, -1)}
						>
							Up
						</button>
						<button
							type="button"
							className="btn btn-xs"
							aria-label={`Move ${itemName} ${index + 1} down`}
							disabled={index === entries.length - 1}
							onClick={() => move(index, 1)}
						>
							Down
						</button>
						<button
							type="button"
							className="btn btn-outline btn-error btn-xs"
							aria-label={`Remove ${itemName} ${index + 1}`}
							onClick={() =>
								setEntries(entries.filter((_, at) => at !== index))
							}
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
						setEntries([
							...entries,
							Object.fromEntries(fields.map(({ key }) => [key, ""])),
						])
					}
				>
					{`Add ${itemName.toLowerCase()}`}
				</button>
				<SubmitButton
					isSubmitting={isSaving}
					className="btn btn-primary btn-sm"
				>
					{`Save ${title}`}
				</SubmitButton>
			</div>
			<Problems problems={problems} />
		</form>
	);
}
