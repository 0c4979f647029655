import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { type Db, isDbReachable } from "../../platform/db/database.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import { AppError } from "../../platform/http/errors.ts";

const HealthSchema = z.object({ status: z.literal("ok") });
const ReadySchema = z.object({ status: z.literal("ready") });

export async function healthRoutes(
	app: FastifyInstance,
	{ db }: { db: Db },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/health",
		{
			schema: {
				operationId: "getHealth",
				tags: ["operations"],
				summary: "The process is up",
				security: [],
				response: { 200: HealthSchema, ...clientErrorResponses },
			},
		},
		async () => ({ status: "ok" as const }),
	);

	routes.get(
		"/ready",
		{
			schema: {
				operationId: "getReadiness",
				tags: ["operations"],
				summary: "The database answers; the instance can take traffic",
				security: [],
				response: {
					200: ReadySchema,
					...clientErrorResponses,
					503: ApiErrorBodySchema,
				},
			},
		},
		async () => {
			if (!(await isDbReachable(db))) {
				throw new AppError(
					503,
					"SERVICE_UNAVAILABLE",
					"The database is not reachable",
				);
			}
			return { status: "ready" as const };
		},
	);
}
