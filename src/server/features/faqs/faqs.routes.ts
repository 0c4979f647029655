import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { FaqListSchema } from "../../../shared/faqs.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { listFaqs } from "./faqs.service.ts";

export async function faqsRoutes(
	app: FastifyInstance,
	{ db }: { db: Db },
): Promise<void> {
	app.withTypeProvider<ZodTypeProvider>().get(
		"/faqs",
		{
			schema: {
				operationId: "listFaqs",
				tags: ["content"],
				summary: "The 'Favorite Questions' shown on the home page, in order",
				security: [],
				response: { 200: FaqListSchema, ...clientErrorResponses },
			},
		},
		async () => listFaqs(db),
	);
}
