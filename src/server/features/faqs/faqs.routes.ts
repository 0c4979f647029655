import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { FaqListSchema } from "../../../shared/faqs.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { listFaqs } from "./faqs.service.ts";

export async function faqsRoutes(
	app: FastifyInstance,
	{ db }: { db: Db },
): Promise<void> {
	app.withTypeProvider<ZodTypeProvider>().get(
		"/faqs",
		{
			schema: {
				tags: ["content"],
				summary: "The 'Favorite Questions' shown on the home page, in order",
				response: { 200: FaqListSchema },
			},
		},
		async () => listFaqs(db),
	);
}
