import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	FAQ_MAX_COUNT,
	FaqInputSchema,
	FaqListSchema,
	FaqOrderSchema,
	FaqParamsSchema,
	FaqSchema,
} from "../../../shared/faqs.schemas.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { FaqUseCases } from "./faqs.service.ts";

export async function faqsRoutes(
	app: FastifyInstance,
	{ faqs }: { faqs: FaqUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/faqs",
		{
			schema: {
				operationId: "listFaqs",
				tags: ["content"],
				summary: "The 'Favorite Questions' shown on the home page, in order",
				response: { 200: FaqListSchema, ...clientErrorResponses },
			},
			config: { access: "public" },
		},
		async () => faqs.listFaqs(),
	);

	routes.post(
		"/faqs",
		{
			schema: {
				operationId: "addFaq",
				tags: ["content"],
				summary: `Admin: add a question after the last one; 409 once there are ${FAQ_MAX_COUNT}`,
				body: FaqInputSchema,
				response: { 201: FaqSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) =>
			reply.code(201).send(await faqs.addFaq(request.body)),
	);

	routes.put(
		"/faqs/order",
		{
			schema: {
				operationId: "reorderFaqs",
				tags: ["content"],
				summary:
					"Admin: put the questions in a new order (every question's id, once each)",
				body: FaqOrderSchema,
				response: { 200: FaqListSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) => faqs.reorderFaqs(request.body),
	);

	routes.put(
		"/faqs/:faqId",
		{
			schema: {
				operationId: "editFaq",
				tags: ["content"],
				summary: "Admin: rewrite a question and its answer",
				params: FaqParamsSchema,
				body: FaqInputSchema,
				response: { 200: FaqSchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) => faqs.editFaq(request.params.faqId, request.body),
	);

	routes.delete(
		"/faqs/:faqId",
		{
			schema: {
				operationId: "removeFaq",
				tags: ["content"],
				summary: "Admin: remove a question",
				params: FaqParamsSchema,
				response: { 204: z.null(), ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request, reply) => {
			await faqs.removeFaq(request.params.faqId);
			return reply.code(204).send(null);
		},
	);
}
