import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { StockInputSchema } from "../../../shared/api-keys.schemas.ts";
import {
	TOOL_IMAGE_FIELD,
	ToolListQuerySchema,
	ToolPageSchema,
	ToolParamsSchema,
	ToolSchema,
} from "../../../shared/tools.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import {
	clientErrorResponses,
	readErrorResponses,
} from "../../platform/http/api-schemas.ts";
import { readMultipartForm } from "../../platform/http/multipart-form.ts";
import { sendSerializedJson } from "../../platform/http/send-serialized-json.ts";
import type { ToolUseCases } from "./tools.service.ts";

const FORM_FIELDS =
	"tool_name, description, price (dollars, at most two decimals), available_quantity, minimum_quantity";

export async function toolsRoutes(
	app: FastifyInstance,
	{ tools }: { tools: ToolUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/tools",
		{
			schema: {
				operationId: "listTools",
				tags: ["tools"],
				summary:
					"List tools, newest first; with q, the tools matching every word of q (whole words or their beginnings), name matches first, their total counted up to 50 past the page (total_is_capped)",
				querystring: ToolListQuerySchema,
				response: { 200: ToolPageSchema, 400: readErrorResponses[400] },
			},
			// Counts only anonymous searches (quota-policies.ts).
			config: { access: "public", quota: "searches", apiKey: "catalog:read" },
		},
		async (request, reply) =>
			sendSerializedJson(reply, await tools.listToolsSerialized(request.query)),
	);

	routes.get(
		"/tools/:toolId",
		{
			schema: {
				operationId: "getTool",
				tags: ["tools"],
				summary: "One tool",
				params: ToolParamsSchema,
				response: { 200: ToolSchema, ...readErrorResponses },
			},
			config: { access: "public", apiKey: "catalog:read" },
		},
		async (request) => tools.getTool(request.params.toolId),
	);

	routes.post(
		"/tools",
		{
			schema: {
				operationId: "addTool",
				tags: ["tools"],
				summary: `Add a tool (admin): multipart/form-data with ${FORM_FIELDS}, and its photo (JPEG, PNG or WebP, 10 MiB at most) in the field "${TOOL_IMAGE_FIELD}". The supplier is the signed-in admin.`,
				consumes: ["multipart/form-data"],
				response: { 201: ToolSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: ["admin-writes", "admin-uploads"] },
		},
		async (request, reply) => {
			const form = await readMultipartForm(request, TOOL_IMAGE_FIELD);
			const tool = await tools.addTool(signedInViewer(request), {
				fields: form.fields,
				photo: form.file,
			});
			return reply.code(201).send(tool);
		},
	);

	routes.put(
		"/tools/:toolId",
		{
			schema: {
				operationId: "editTool",
				tags: ["tools"],
				summary: `Edit a tool (admin): multipart/form-data with ${FORM_FIELDS}, the version the edit was made on, and optionally a new photo in "${TOOL_IMAGE_FIELD}". A 409 means someone else saved first.`,
				consumes: ["multipart/form-data"],
				params: ToolParamsSchema,
				response: { 200: ToolSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: ["admin-writes", "admin-uploads"] },
		},
		async (request) => {
			const form = await readMultipartForm(request, TOOL_IMAGE_FIELD);
			return tools.editTool(request.params.toolId, {
				fields: form.fields,
				photo: form.file,
			});
		},
	);

	routes.delete(
		"/tools/:toolId",
		{
			schema: {
				operationId: "deleteTool",
				tags: ["tools"],
				summary:
					"Delete a tool (admin): it leaves the catalog; orders of it keep their copy",
				params: ToolParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await tools.deleteTool(request.params.toolId);
			return reply.code(204).send(null);
		},
	);

	routes.put(
		"/admin/tools/:toolId/stock",
		{
			schema: {
				operationId: "setToolStock",
				tags: ["tools"],
				summary:
					'Set a tool\'s stock to a counted figure, as a stock system does: `{ "available_quantity" }` replaces what the shop holds (orders placed meanwhile took theirs already). Answers the tool; 404 for a deleted or unknown tool.',
				params: ToolParamsSchema,
				body: StockInputSchema,
				response: { 200: ToolSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes", apiKey: "stock:write" },
		},
		async (request) =>
			tools.setStock(request.params.toolId, request.body.available_quantity),
	);
}
