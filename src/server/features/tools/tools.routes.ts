import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import {
	type ToolPage,
	ToolPageSchema,
	ToolParamsSchema,
	ToolSchema,
} from "../../../shared/tools.schemas.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/database.ts";
import { readErrorResponses } from "../../platform/http/api-schemas.ts";
import {
	createToolListCache,
	getTool,
	listToolsSerialized,
} from "./tools.service.ts";

export async function toolsRoutes(
	app: FastifyInstance,
	{ db, clock }: { db: Db; clock?: Clock },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();
	const listCache = createToolListCache(clock);

	routes.get(
		"/tools",
		{
			schema: {
				tags: ["tools"],
				summary: "List tools, newest first",
				querystring: PageQuerySchema,
				response: { 200: ToolPageSchema, 400: readErrorResponses[400] },
			},
		},
		async (request, reply) => {
			const json = await listToolsSerialized(db, listCache, request.query);
			// The bytes were encoded with ToolPageSchema already; Fastify sends a Buffer as it is.
			return reply
				.type("application/json; charset=utf-8")
				.send(json as unknown as ToolPage);
		},
	);

	routes.get(
		"/tools/:toolId",
		{
			schema: {
				tags: ["tools"],
				summary: "One tool",
				params: ToolParamsSchema,
				response: { 200: ToolSchema, ...readErrorResponses },
			},
		},
		async (request) => getTool(db, request.params.toolId),
	);
}
