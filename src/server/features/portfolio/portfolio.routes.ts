import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
	PORTFOLIO_SECTIONS,
	PortfolioSchema,
	PortfolioSectionInputSchemas,
} from "../../../shared/portfolio.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { PortfolioUseCases } from "./portfolio.service.ts";

const SECTION_NAMES = {
	about: "About Me",
	education: "Education",
	projects: "Projects",
	technology: "Technology",
} as const;

export async function portfolioRoutes(
	app: FastifyInstance,
	{ portfolio }: { portfolio: PortfolioUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/portfolio",
		{
			schema: {
				operationId: "getPortfolio",
				tags: ["content"],
				summary:
					"The 'My Portfolio' pages: About Me, Education, Projects and Technology",
				response: { 200: PortfolioSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => portfolio.getPortfolio(),
	);

	// One route a section, each with the schema of its own body.
	for (const section of PORTFOLIO_SECTIONS)
		routes.put(
			`/portfolio/${section}`,
			{
				schema: {
					operationId: `savePortfolio${section[0]?.toUpperCase()}${section.slice(1)}`,
					tags: ["content"],
					summary: `Admin: replace the portfolio's ${SECTION_NAMES[section]} section`,
					body: PortfolioSectionInputSchemas[section],
					response: { 200: PortfolioSchema, ...clientErrorResponses },
				},
				config: { access: "admin", quota: "admin-writes" },
			},
			async (request) =>
				portfolio.savePortfolioSection(
					signedInViewer(request),
					section,
					(request.body as { content: never }).content,
				),
		);
}
