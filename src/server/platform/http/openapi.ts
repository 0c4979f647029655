import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { securitySchemes } from "./api-schemas.ts";
import { declareScopeAccess } from "./route-access.ts";

const tags = [
	{ name: "tools", description: "The catalog: tools for sale, newest first." },
	{ name: "reviews", description: "What customers say about the shop." },
	{ name: "blog", description: "Posts of the shop's blog." },
	{ name: "content", description: "Other storefront content." },
	{
		name: "operations",
		description: "Probes for load balancers and orchestrators.",
	},
];

type SecurityRequirements = Record<string, unknown>[];

function securityOf(operation: unknown): SecurityRequirements {
	if (typeof operation !== "object" || operation === null) return [];
	const { security } = operation as { security?: SecurityRequirements };
	return Array.isArray(security) ? security : [];
}

/**
 * Keeps the security schemes some operation names: Redocly reports a declared scheme nothing
 * uses, and the first operation that names one brings it into the document.
 */
function keepUsedSecuritySchemes<
	T extends {
		paths?: Record<string, object | undefined>;
		components?: { securitySchemes?: object };
	},
>(document: T): T {
	const operations = Object.values(document.paths ?? {}).flatMap((pathItem) =>
		Object.values(pathItem ?? {}),
	);
	const used = new Set(
		[document, ...operations].flatMap((operation) =>
			securityOf(operation).flatMap((requirement) => Object.keys(requirement)),
		),
	);
	const usedSchemes = Object.fromEntries(
		Object.entries(document.components?.securitySchemes ?? {}).filter(
			([name]) => used.has(name),
		),
	);
	const { securitySchemes: _all, ...components } = document.components ?? {};
	return {
		...document,
		components:
			Object.keys(usedSchemes).length > 0
				? { ...components, securitySchemes: usedSchemes }
				: components,
	};
}

/**
 * The OpenAPI document at /api/openapi.json, generated from the route schemas, and the
 * browsable reference at /api/docs. Register before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
	await app.register(swagger, {
		openapi: {
			info: {
				title: "Tools Gallery API",
				version: "1.0.0",
				description:
					"REST API of the Tools Gallery storefront. Money is in integer cents; timestamps are ISO-8601 UTC.",
				license: { name: "MIT", url: "https://opensource.org/license/mit" },
			},
			// Relative, so the reference page calls the host it is served from, whatever the port.
			servers: [{ url: "/", description: "The server of this document" }],
			tags,
			components: { securitySchemes },
		},
		transform: jsonSchemaTransform,
		transformObject: (documentObject) =>
			"openapiObject" in documentObject
				? keepUsedSecuritySchemes(documentObject.openapiObject)
				: documentObject.swaggerObject,
	});
	// The reference pages are the plugin's own routes: their scope declares them public.
	await app.register(async (reference) => {
		declareScopeAccess(reference, "public");
		await reference.register(swaggerUi, { routePrefix: "/api/docs" });
	});
	app.get(
		"/api/openapi.json",
		{ schema: { hide: true }, config: { access: "public" } },
		async () => app.swagger(),
	);
}
