import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
	jsonSchemaTransform,
	serializerCompiler,
	validatorCompiler,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { blogRoutes } from "./features/blog/blog.routes.ts";
import { faqsRoutes } from "./features/faqs/faqs.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { reviewsRoutes } from "./features/reviews/reviews.routes.ts";
import { toolsRoutes } from "./features/tools/tools.routes.ts";
import type { Clock } from "./platform/clock.ts";
import type { Db } from "./platform/db/database.ts";
import {
	frameworkErrorHandler,
	registerErrorHandling,
} from "./platform/http/error-handler.ts";
import { NotFoundError } from "./platform/http/errors.ts";
import {
	createSecurityHeaders,
	registerSecurityHeaders,
} from "./platform/http/security-headers.ts";
import {
	hasWebBuild,
	isHistoryFallbackPath,
	registerWebApp,
} from "./platform/http/web-app.ts";
import type { ImageStore } from "./platform/images/image-store.ts";
import { imagesRoutes } from "./platform/images/images.routes.ts";

export type AppDeps = {
	config: Config;
	db: Db;
	images: ImageStore;
	/** Monotonic milliseconds for caches; tests pass a clock they move by hand. */
	clock?: Clock;
};

/** Builds the whole server without listening. Tests call it and inject requests. */
export async function buildApp({
	config,
	db,
	images,
	clock,
}: AppDeps): Promise<FastifyInstance> {
	const securityHeaders = createSecurityHeaders({
		isHttps: config.publicUrl.startsWith("https://"),
	});
	const app = Fastify({
		logger: { level: config.logLevel },
		frameworkErrors: frameworkErrorHandler(securityHeaders),
		// Longer than any id or slug the API accepts, so the schema, not the router, judges them.
		routerOptions: { maxParamLength: 256 },
		genReqId: () => randomUUID(),
		// Only behind a configured proxy may X-Forwarded-* be trusted; none is configured yet.
		trustProxy: false,
		bodyLimit: 1024 * 1024,
	});
	app.setValidatorCompiler(validatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	registerErrorHandling(app);
	registerSecurityHeaders(app, securityHeaders);

	await app.register(swagger, {
		openapi: {
			info: {
				title: "Tools Gallery API",
				version: "1.0.0",
				description:
					"REST API of the Tools Gallery storefront. Money is in integer cents; timestamps are ISO-8601 UTC.",
			},
		},
		transform: jsonSchemaTransform,
	});
	await app.register(swaggerUi, { routePrefix: "/api/docs" });
	app.get("/api/openapi.json", { schema: { hide: true } }, async () =>
		app.swagger(),
	);

	// The table of contents of the API.
	await app.register(healthRoutes, { prefix: "/api", db });
	await app.register(toolsRoutes, { prefix: "/api", db, clock });
	await app.register(reviewsRoutes, { prefix: "/api", db });
	await app.register(blogRoutes, { prefix: "/api", db });
	await app.register(faqsRoutes, { prefix: "/api", db });
	await app.register(imagesRoutes, { images });

	const webRoot =
		config.webRoot && hasWebBuild(config.webRoot) ? config.webRoot : undefined;
	if (webRoot) await registerWebApp(app, webRoot);

	app.setNotFoundHandler(async (request, reply) => {
		const isPageRequest = request.method === "GET" || request.method === "HEAD";
		if (webRoot && isPageRequest && isHistoryFallbackPath(request.url)) {
			return reply.header("cache-control", "no-cache").sendFile("index.html");
		}
		throw new NotFoundError(
			`No route for ${request.method} ${request.url.split("?")[0]}`,
		);
	});

	return app;
}
