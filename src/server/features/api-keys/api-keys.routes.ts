import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
	API_KEYS_PAGE_SIZE,
	ApiKeyPageSchema,
	ApiKeyParamsSchema,
	ApiKeySchema,
	CreatedApiKeySchema,
	NewApiKeyInputSchema,
} from "../../../shared/api-keys.schemas.ts";
import { PageQuerySchema } from "../../../shared/paging.schemas.ts";
import { signedInViewer } from "../../platform/auth/session-guard.ts";
import { clientErrorResponses } from "../../platform/http/api-schemas.ts";
import type { ApiKeyUseCases } from "./api-keys.service.ts";

const ApiKeyListQuerySchema = z.object({
	...PageQuerySchema.shape,
	page_size: z._default(PageQuerySchema.shape.page_size, API_KEYS_PAGE_SIZE),
});

export async function apiKeysRoutes(
	app: FastifyInstance,
	{ apiKeys }: { apiKeys: ApiKeyUseCases },
): Promise<void> {
	const routes = app.withTypeProvider<ZodTypeProvider>();

	routes.get(
		"/admin/api-keys",
		{
			schema: {
				operationId: "listApiKeys",
				tags: ["api keys"],
				summary:
					"The API keys other systems call the API with, newest first, revoked ones included; never their secrets",
				querystring: ApiKeyListQuerySchema,
				response: { 200: ApiKeyPageSchema, ...clientErrorResponses },
			},
			config: { access: "admin" },
		},
		async (request) => apiKeys.listApiKeys(request.query),
	);

	routes.post(
		"/admin/api-keys",
		{
			schema: {
				operationId: "makeApiKey",
				tags: ["api keys"],
				summary:
					"Make an API key with a name and its scopes (201). The answer holds the secret this once: only its digest is kept, and no list or repeat shows it again. 409 when the shop already holds 20 keys that are not revoked.",
				body: NewApiKeyInputSchema,
				response: { 201: CreatedApiKeySchema, ...clientErrorResponses },
			},
			// The answer is a secret shown once: it is never kept for an Idempotency-Key.
			config: { access: "admin", quota: "admin-writes", idempotency: "never" },
		},
		async (request, reply) =>
			reply
				.code(201)
				.send(
					await apiKeys.makeApiKey(
						signedInViewer(request),
						request.body,
						request.ip,
					),
				),
	);

	routes.post(
		"/admin/api-keys/:keyId/revoke",
		{
			schema: {
				operationId: "revokeApiKey",
				tags: ["api keys"],
				summary:
					"Revoke an API key: every request with it is refused from now on. A revoked key answers as it is.",
				params: ApiKeyParamsSchema,
				response: { 200: ApiKeySchema, ...clientErrorResponses },
			},
			config: { access: "admin", quota: "admin-writes" },
		},
		async (request) =>
			apiKeys.revokeApiKey(
				signedInViewer(request),
				request.params.keyId,
				request.ip,
			),
	);
}
