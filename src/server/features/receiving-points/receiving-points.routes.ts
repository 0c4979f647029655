import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	ReceivingPointCountSchema,
	ReceivingPointInputSchema,
	ReceivingPointListQuerySchema,
	ReceivingPointPageSchema,
	ReceivingPointParamsSchema,
	ReceivingPointSchema,
} from "../../../shared/receiving-points.schemas.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { ReceivingPointUseCases } from "./receiving-points.service.ts";

export async function receivingPointsRoutes(
	app: FastifyInstance,
	{ receivingPoints }: { receivingPoints: ReceivingPointUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/receiving-points",
		{
			schema: {
				operationId: "listReceivingPoints",
				tags: ["receiving points"],
				summary:
					"Where customers can collect their orders, by name; `q` keeps those whose name or address contains it",
				querystring: ReceivingPointListQuerySchema,
				response: { 200: ReceivingPointPageSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async (request) => receivingPoints.listReceivingPoints(request.query),
	);

	routes.get(
		"/receiving-points/count",
		{
			schema: {
				operationId: "countReceivingPoints",
				tags: ["receiving points"],
				summary:
					"How many receiving points the shop has (the home page's figure)",
				response: { 200: ReceivingPointCountSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => receivingPoints.countReceivingPoints(),
	);

	routes.post(
		"/receiving-points",
		{
			schema: {
				operationId: "addReceivingPoint",
				tags: ["receiving points"],
				summary: "Admin: add a receiving point",
				body: ReceivingPointInputSchema,
				response: { 201: ReceivingPointSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) =>
			reply
				.code(201)
				.send(await receivingPoints.addReceivingPoint(request.body)),
	);

	routes.put(
		"/receiving-points/:pointId",
		{
			schema: {
				operationId: "editReceivingPoint",
				tags: ["receiving points"],
				summary:
					"Admin: change a receiving point (orders placed before keep the copy they were placed with)",
				params: ReceivingPointParamsSchema,
				body: ReceivingPointInputSchema,
				response: { 200: ReceivingPointSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			receivingPoints.editReceivingPoint(request.params.pointId, request.body),
	);

	routes.delete(
		"/receiving-points/:pointId",
		{
			schema: {
				operationId: "removeReceivingPoint",
				tags: ["receiving points"],
				summary:
					"Admin: take a receiving point off the list (its orders keep their copy)",
				params: ReceivingPointParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await receivingPoints.removeReceivingPoint(request.params.pointId);
			return reply.code(204).send(null);
		},
	);
}
