import { randomUUID } from "node:crypto";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import {
	serializerCompiler,
	validatorCompiler,
} from "fastify-type-provider-zod";
import { type Config, DEFAULT_UNPAID_ORDER_HOURS } from "./config.ts";
import { accountsRoutes } from "./features/accounts/accounts.routes.ts";
import { assertNotLastAdmin } from "./features/accounts/accounts.service.ts";
import { blogRoutes } from "./features/blog/blog.routes.ts";
import { faqsRoutes } from "./features/faqs/faqs.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { scheduleOrderExpiry } from "./features/orders/order-expiry.ts";
import { ordersRoutes } from "./features/orders/orders.routes.ts";
import { portfolioRoutes } from "./features/portfolio/portfolio.routes.ts";
import { reviewsRoutes } from "./features/reviews/reviews.routes.ts";
import { toolsRoutes } from "./features/tools/tools.routes.ts";
import { createToolListCache } from "./features/tools/tools.service.ts";
import { createAuth } from "./platform/auth/auth.ts";
import { registerAuthBridge } from "./platform/auth/auth-bridge.ts";
import { createSessionGuard } from "./platform/auth/session-guard.ts";
import { type Clock, monotonicClock } from "./platform/clock.ts";
import type { Db } from "./platform/db/database.ts";
import { createWriteTransactions } from "./platform/db/group-commit.ts";
import { registerApiCacheControl } from "./platform/http/api-cache-control.ts";
import {
	clientErrorHandler,
	frameworkErrorHandler,
	registerErrorHandling,
} from "./platform/http/error-handler.ts";
import { registerMultipart } from "./platform/http/multipart-form.ts";
import {
	createNoRouteError,
	registerCanonicalPathCheck,
} from "./platform/http/not-found.ts";
import { registerOpenApi } from "./platform/http/openapi.ts";
import { registerOriginCheck } from "./platform/http/origin-check.ts";
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
import { createMailer, type Mailer } from "./platform/mail/mailer.ts";
import {
	createTestPaymentGateway,
	type PaymentGateway,
} from "./platform/payments/payment-gateway.ts";

export type AppDeps = {
	config: Config;
	db: Db;
	images: ImageStore;
	/** Monotonic milliseconds for caches; tests pass a clock they move by hand. */
	clock?: Clock;
	/** Where mail goes; by default SMTP when configured, else the outbox in DATA_DIR. */
	mailer?: Mailer;
	/** How payments are taken; by default the built-in test provider. */
	payments?: PaymentGateway;
};

/** A hop count becomes "trust the nearest n proxies", which Fastify takes as a function. */
function toFastifyTrustProxy(
	trustProxy: Config["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
	if (typeof trustProxy !== "number") return trustProxy;
	return (_address, hop) => hop < trustProxy;
}

export function outboxDir(config: Config): string {
	return path.join(config.dataDir, "outbox");
}

/** Builds the whole server without listening. Tests call it and inject requests. */
export async function buildApp({
	config,
	db,
	images,
	clock = monotonicClock,
	mailer: givenMailer,
	payments = createTestPaymentGateway(),
}: AppDeps): Promise<FastifyInstance> {
	const securityHeaders = createSecurityHeaders({
		isHttps: config.publicUrl.startsWith("https://"),
		allowsStripe: payments.options.provider === "stripe",
	});
	const app = Fastify({
		logger: { level: config.logLevel },
		...requestLifecycleOptions(config),
		frameworkErrors: frameworkErrorHandler(securityHeaders),
		clientErrorHandler: clientErrorHandler(securityHeaders),
		// Longer than any id or slug the API accepts, so the schema, not the router, judges them.
		routerOptions: { maxParamLength: 256 },
		genReqId: () => randomUUID(),
		// Only a proxy named by TRUST_PROXY may set X-Forwarded-For: request.ip is the real client.
		trustProxy: toFastifyTrustProxy(config.trustProxy),
		bodyLimit: 1024 * 1024,
	});
	app.setValidatorCompiler(validatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	registerErrorHandling(app);
	registerSecurityHeaders(app, securityHeaders);
	registerRequestLifecycle(app, config);
	registerCanonicalPathCheck(app);
	registerApiCacheControl(app);
	registerOriginCheck(app, config.publicUrl);
	// JSON only (and multipart where an upload needs it): a cross-site form cannot post text/plain.
	app.removeContentTypeParser("text/plain");
	app.decorateRequest("viewer", null);

	await registerOpenApi(app);
	await registerMultipart(app);

	const mailer =
		givenMailer ?? createMailer(config.mail, outboxDir(config), app.log);
	app.addHook("onClose", async () => mailer.close());
	const adminEmails = config.auth.adminEmails;
	const auth = createAuth({
		config,
		db,
		mailer,
		log: app.log,
		beforeUserDelete: (userId) =>
			assertNotLastAdmin({ db, adminEmails }, userId, "deleted"),
	});
	const guard = createSessionGuard({
		auth,
		db,
		secret: auth.options.secret,
		adminEmails,
		isHttps: config.publicUrl.startsWith("https://"),
	});

	// The table of contents of the API.
	await registerAuthBridge(app, { auth, config, clock });
	await app.register(accountsRoutes, {
		prefix: "/api",
		accounts: { db, images, adminEmails },
		guard,
		isGoogleConfigured: config.auth.google !== undefined,
	});
	await app.register(healthRoutes, { prefix: "/api", db });
	// Made here, not inside a plugin, so every tools route and writer shares one list cache (decision 006).
	const tools = { db, images, listCache: createToolListCache(clock) };
	await app.register(toolsRoutes, { prefix: "/api", tools, guard });
	const orders = {
		db,
		writes: createWriteTransactions(db),
		payments,
		mailer,
		log: app.log,
		unpaidOrderHours: config.unpaidOrderHours ?? DEFAULT_UNPAID_ORDER_HOURS,
	};
	await app.register(ordersRoutes, { prefix: "/api", orders, guard });
	scheduleOrderExpiry(app, orders);
	await app.register(reviewsRoutes, { prefix: "/api", db, guard });
	await app.register(blogRoutes, {
		prefix: "/api",
		blog: { db, images },
		guard,
	});
	await app.register(faqsRoutes, { prefix: "/api", db, guard });
	await app.register(portfolioRoutes, { prefix: "/api", db, guard });
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
