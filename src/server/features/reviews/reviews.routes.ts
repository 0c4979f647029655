import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import { ReviewPageSchema } from "../../../shared/reviews.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readErrorResponses } from "../../platform/http/api-schemas.ts";
import { listReviews } from "./reviews.service.ts";

export async function reviewsRoutes(
	app: FastifyInstance,
	{ db }: { db: Db },
): Promise<void> {
	app.withTypeProvider<ZodTypeProvider>().get(
		"/reviews",
		{
			schema: {
				operationId: "listReviews",
				tags: ["reviews"],
				summary: "List customer reviews, newest first",
				security: [],
				querystring: PageQuerySchema,
				response: { 200: ReviewPageSchema, 400: readErrorResponses[400] },
			},
		},
		async (request) => listReviews(db, request.query),
	);
}
