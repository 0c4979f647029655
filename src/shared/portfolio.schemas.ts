import * as z from "zod/mini";
import { requiredText } from "./text.schemas.ts";

function listOf<T extends z.ZodMiniType>(item: T, name: string, max: number) {
	return z
		.array(item)
		.check(
			z.minLength(1, `Add at least one ${name}`),
			z.maxLength(max, `At most ${max} ${name}s`),
		);
}

/** About Me: who built the shop, a few paragraphs, and three or four headline figures. */
export const PortfolioAboutSchema = z.object({
	name: requiredText("Name", 100),
	role: requiredText("Role", 100),
	location: requiredText("Location", 100),
	email: z.email("Email must be an email address"),
	summary: listOf(requiredText("Paragraph", 2000), "paragraph", 10),
	highlights: listOf(
		z.object({
			label: requiredText("Label", 60),
			value: requiredText("Value", 20),
		}),
		"figure",
		6,
	),
});

export const PortfolioEducationSchema = listOf(
	z.object({
		school: requiredText("School", 120),
		degree: requiredText("Degree", 120),
		years: requiredText("Years", 40),
		details: requiredText("Details", 1000),
	}),
	"school",
	12,
);

export const PortfolioProjectsSchema = listOf(
	z.object({
		name: requiredText("Project name", 120),
		summary: requiredText("Summary", 1000),
		stack: listOf(requiredText("Technology", 40), "technology", 20),
		outcome: requiredText("Outcome", 1000),
	}),
	"project",
	12,
);

export const PortfolioTechnologySchema = listOf(
	z.object({
		group: requiredText("Group", 60),
		items: listOf(requiredText("Technology", 40), "technology", 30),
	}),
	"group",
	12,
);

export const PortfolioSchema = z.object({
	about: PortfolioAboutSchema,
	education: PortfolioEducationSchema,
	projects: PortfolioProjectsSchema,
	technology: PortfolioTechnologySchema,
});
export type Portfolio = z.infer<typeof PortfolioSchema>;
export type PortfolioSection = keyof Portfolio;
export const PORTFOLIO_SECTIONS = [
	"about",
	"education",
	"projects",
	"technology",
] as const satisfies readonly PortfolioSection[];

/** Each section's body as an admin saves it: the section itself, under `content`. */
export const PortfolioSectionInputSchemas = {
	about: z.object({ content: PortfolioAboutSchema }),
	education: z.object({ content: PortfolioEducationSchema }),
	projects: z.object({ content: PortfolioProjectsSchema }),
	technology: z.object({ content: PortfolioTechnologySchema }),
} as const;
