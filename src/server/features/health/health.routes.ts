import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { HealthUseCases } from "./health.service.ts";

const HealthSchema = z.object({ status: z.literal("ok") });
const ReadySchema = z.object({ status: z.literal("ready") });

export async function healthRoutes(
	app: FastifyInstance,
	{ health }: { health: HealthUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/health",
		{
			schema: {
				operationId: "getHealth",
				tags: ["operations"],
				summary: "The process is up",
				response: { 200: HealthSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
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
				response: {
					200: ReadySchema,
					...clientErrorResponses,
					503: ApiErrorBodySchema,
				},
			},
			config: { access: "public" },
		},
		async () => health.checkReadiness(),
	);
}
