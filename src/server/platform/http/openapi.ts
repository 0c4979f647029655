import type { SwaggerOptions } from "@fastify/swagger";
import Fastify, {
	type FastifyInstance,
	type FastifyReply,
	type FastifyRequest,
	type RouteOptions,
} from "fastify";
import {
	jsonSchemaTransform,
	serializerCompiler,
	validatorCompiler,
} from "fastify-type-provider-zod";
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
 * A route declares the requests the shop sends on its account (webhook deliveries) as
 * `x-callbacks`, whole OpenAPI operations: the generator would keep only their bodies and
 * responses of `callbacks`. They become the operation's `callbacks` here.
 */
function withCallbacks<
	T extends { paths?: Record<string, object | undefined> },
>(document: T): T {
	const paths = Object.fromEntries(
		Object.entries(document.paths ?? {}).map(([path, pathItem]) => [
			path,
			pathItem &&
				Object.fromEntries(
					Object.entries(pathItem).map(([method, operation]) => {
						if (
							typeof operation !== "object" ||
							operation === null ||
							!("x-callbacks" in operation)
						)
							return [method, operation];
						const { "x-callbacks": callbacks, ...rest } = operation;
						return [method, { ...rest, callbacks }];
					}),
				),
		]),
	);
	return { ...document, paths };
}

const SWAGGER_OPTIONS: SwaggerOptions = {
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
			? keepUsedSecuritySchemes(withCallbacks(documentObject.openapiObject))
			: documentObject.swaggerObject,
};

const REFERENCE_PREFIX = "/api/docs";

/** The routes @fastify/swagger-ui declares under its prefix (each with its HEAD). */
const REFERENCE_ROUTES = [
	"",
	"/",
	"/json",
	"/yaml",
	"/static/index.html",
	"/static/swagger-initializer.js",
	"/static/*",
];

/** Headers of the reference's own answer that belong to its connection, not to the answer. */
const CONNECTION_HEADERS = new Set([
	"connection",
	"content-length",
	"date",
	"keep-alive",
	"transfer-encoding",
]);

const isReferenceRoute = (url: string) =>
	url === "/api/openapi.json" ||
	url === REFERENCE_PREFIX ||
	url.startsWith(`${REFERENCE_PREFIX}/`);

/**
 * The generator and the reference pages, in a Fastify instance of their own that only describes
 * the routes: each route of the app, given again with its schema and a handler that never runs.
 */
async function buildReference(
	routes: readonly RouteOptions[],
): Promise<FastifyInstance> {
	const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
		import("@fastify/swagger"),
		import("@fastify/swagger-ui"),
	]);
	const reference = Fastify({ logger: false });
	reference.setValidatorCompiler(validatorCompiler);
	reference.setSerializerCompiler(serializerCompiler);
	await reference.register(swagger, SWAGGER_OPTIONS);
	await reference.register(swaggerUi, { routePrefix: REFERENCE_PREFIX });
	const describedOnly = () => {
		throw new Error("The API reference only describes this route");
	};
	for (const route of routes)
		reference.route({
			method: route.method,
			url: route.url,
			schema: route.schema,
			config: route.config,
			handler: describedOnly,
		});
	await reference.ready();
	return reference;
}

/**
 * The OpenAPI document at /api/openapi.json, generated from the route schemas, and the
 * browsable reference at /api/docs. Register before the routes it describes.
 *
 * The generator and the reference's pages (@fastify/swagger, @fastify/swagger-ui, YAML) are
 * loaded with the first request for one of them, not when the server starts: few requests ever
 * ask, and loading them cost some 50 ms of every start and 6 MB of memory. Until then the app only
 * notes each route as it is added; the reference's routes are declared here from the start, so
 * the route table, and who may call each route, are the same as with the plugins registered.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
	const routes: RouteOptions[] = [];
	app.addHook("onRoute", (route) => {
		// A HEAD route Fastify adds beside a GET is not documented; the reference's own are its own.
		if (route.method !== "HEAD" && !isReferenceRoute(route.url))
			routes.push(route);
	});
	let reference: Promise<FastifyInstance> | undefined;
	const loadReference = () => {
		reference ??= buildReference(routes).catch((error: unknown) => {
			reference = undefined;
			throw error;
		});
		return reference;
	};
	app.addHook("onClose", async () => {
		await (await reference?.catch(() => undefined))?.close();
	});

	const answerFromReference = async (
		request: FastifyRequest,
		reply: FastifyReply,
	) => {
		const answer = await (await loadReference()).inject({
			// A HEAD is answered as its GET, whose body Fastify then leaves out.
			method: "GET",
			url: request.url,
			headers: request.headers,
		});
		// The app's own 404, in its error envelope, as the static files of the reference gave.
		if (answer.statusCode === 404) return reply.callNotFound();
		for (const [name, value] of Object.entries(answer.headers))
			if (value !== undefined && !CONNECTION_HEADERS.has(name))
				reply.header(name, value);
		reply.code(answer.statusCode);
		// No body (a redirect, a 304) is sent as none, not as empty bytes of a made-up type.
		return answer.rawPayload.length > 0
			? reply.send(answer.rawPayload)
			: reply.send();
	};
	// The reference pages are public.
	await app.register(async (pages) => {
		declareScopeAccess(pages, "public");
		for (const route of REFERENCE_ROUTES)
			pages.get(
				`${REFERENCE_PREFIX}${route}`,
				{ schema: { hide: true } },
				answerFromReference,
			);
	});
	app.get(
		"/api/openapi.json",
		{ schema: { hide: true }, config: { access: "public" } },
		async () => (await loadReference()).swagger(),
	);
}
