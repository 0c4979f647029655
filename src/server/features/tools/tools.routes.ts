import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import {
	ToolPageSchema,
	ToolParamsSchema,
	ToolSchema,
} from "../../../shared/tools.schemas.ts";
import { readErrorResponses } from "../../platform/http/api-schemas.ts";
import { sendSerializedJson } from "../../platform/http/send-serialized-json.ts";
import {
	getTool,
	listToolsSerialized,
	type ToolsDeps,
} from "./tools.service.ts";

export async function toolsRoutes(
	app: FastifyInstance,
	{ tools }: { tools: ToolsDeps },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/tools",
		{
			schema: {
				operationId: "listTools",
				tags: ["tools"],
				summary: "List tools, newest first",
				security: [],
				querystring: PageQuerySchema,
				response: { 200: ToolPageSchema, 400: readErrorResponses[400] },
			},
		},
		async (request, reply) =>
			sendSerializedJson(
				reply,
				await listToolsSerialized(tools, request.query),
			),
	);

	routes.get(
		"/tools/:toolId",
		{
			schema: {
				operationId: "getTool",
				tags: ["tools"],
				summary: "One tool",
				security: [],
				params: ToolParamsSchema,
				response: { 200: ToolSchema, ...readErrorResponses },
			},
		},
		async (request) => getTool(tools.db, request.params.toolId),
	);
}
