import * as z from "zod/mini";
import {
	type Portfolio,
	PortfolioAboutSchema,
	PortfolioEducationSchema,
	PortfolioProjectsSchema,
	PortfolioTechnologySchema,
} from "../../../../shared/portfolio.schemas.ts";

/**
 * The portfolio editors' forms: the shared section schemas, with the lists an admin types as
 * text (paragraphs separated by a blank line, technologies separated by commas) split before
 * they are checked, so every message is the shared schema's own.
 */

const paragraphsOf = (text: string) =>
	text
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean);

const wordsOf = (text: string) =>
	text
		.split(",")
		.map((word) => word.trim())
		.filter(Boolean);

function typedAs<T extends z.ZodMiniType<unknown, string[]>>(
	split: (text: string) => string[],
	list: T,
) {
	return z.pipe(z.pipe(z.string(), z.transform(split)), list);
}

export const AboutFormSchema = z.extend(PortfolioAboutSchema, {
	summary: typedAs(paragraphsOf, PortfolioAboutSchema.shape.summary),
});
export type AboutFormValues = z.input<typeof AboutFormSchema>;

export function toAboutForm(about: Portfolio["about"]): AboutFormValues {
	return { ...about, summary: about.summary.join("\n\n") };
}

/** A list section edited as `entries`; the list's own checks (at least one, at most n) follow. */
export const EducationFormSchema = z.object({
	entries: PortfolioEducationSchema,
});

const project = PortfolioProjectsSchema.def.element;
export const ProjectsFormSchema = z.object({
	entries: z.pipe(
		z.array(
			z.extend(project, { stack: typedAs(wordsOf, project.shape.stack) }),
		),
		PortfolioProjectsSchema,
	),
});

const group = PortfolioTechnologySchema.def.element;
export const TechnologyFormSchema = z.object({
	entries: z.pipe(
		z.array(z.extend(group, { items: typedAs(wordsOf, group.shape.items) })),
		PortfolioTechnologySchema,
	),
});

/** An entry of a list section as its form holds it: every value is text. */
export type EntryValues = Record<string, string>;

/** An entry as the form shows it: lists of words joined by commas. */
export function toEntryValues(entry: object): EntryValues {
	return Object.fromEntries(
		Object.entries(entry).map(([key, value]) => [
			key,
			Array.isArray(value) ? value.join(", ") : String(value),
		]),
	);
}
