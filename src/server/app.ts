import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import {
	serializerCompiler,
	validatorCompiler,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { blogRoutes } from "./features/blog/blog.routes.ts";
import { faqsRoutes } from "./features/faqs/faqs.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { reviewsRoutes } from "./features/reviews/reviews.routes.ts";
import { toolsRoutes } from "./features/tools/tools.routes.ts";
import { createToolListCache } from "./features/tools/tools.service.ts";
import type { Clock } from "./platform/clock.ts";
import type { Db } from "./platform/db/database.ts";
import { registerApiCacheControl } from "./platform/http/api-cache-control.ts";
import {
	clientErrorHandler,
	frameworkErrorHandler,
	registerErrorHandling,
} from "./platform/http/error-handler.ts";
import {
	createNoRouteError,
	registerCanonicalPathCheck,
} from "./platform/http/not-found.ts";
import { registerOpenApi } from "./platform/http/openapi.ts";
import {
	registerRequestLifecycle,
	requestLifecycleOptions,
} from "./platform/http/request-lifecycle.ts";
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
		...requestLifecycleOptions(config),
		frameworkErrors: frameworkErrorHandler(securityHeaders),
		clientErrorHandler: clientErrorHandler(securityHeaders),
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
	registerRequestLifecycle(app, config);
	registerCanonicalPathCheck(app);
	registerApiCacheControl(app);

	await registerOpenApi(app);

	// The table of contents of the API.
	await app.register(healthRoutes, { prefix: "/api", db });
	// Made here, not inside a plugin, so every tools route and writer shares one list cache (decision 006).
	const tools = { db, listCache: createToolListCache(clock) };
	await app.register(toolsRoutes, { prefix: "/api", tools });
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
		throw createNoRouteError(request);
	});

	return app;
}
