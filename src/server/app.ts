import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import {
	serializerCompiler,
	validatorCompiler,
} from "fastify-type-provider-zod";
import {
	type Config,
	DEFAULT_MAX_UNPAID_ORDERS,
	DEFAULT_UNPAID_ORDER_HOURS,
} from "./config.ts";
import { accountsRoutes } from "./features/accounts/accounts.routes.ts";
import { createAccountUseCases } from "./features/accounts/accounts.service.ts";
import { apiKeysRoutes } from "./features/api-keys/api-keys.routes.ts";
import { createApiKeyUseCases } from "./features/api-keys/api-keys.service.ts";
import { createAccessRefusalRecorder } from "./features/audit/access-refusals.service.ts";
import {
	auditRoutes,
	registerAccessRefusalAudit,
} from "./features/audit/audit.routes.ts";
import { createAuditUseCases } from "./features/audit/audit.service.ts";
import {
	createAuthAudit,
	recordEmailConfirmation,
} from "./features/audit/auth-audit.ts";
import { blogRoutes } from "./features/blog/blog.routes.ts";
import { createBlogUseCases } from "./features/blog/blog.service.ts";
import { cartRoutes } from "./features/cart/cart.routes.ts";
import { createCartUseCases } from "./features/cart/cart.service.ts";
import { catalogCsvRoutes } from "./features/catalog-csv/catalog-csv.routes.ts";
import { createCatalogCsvUseCases } from "./features/catalog-csv/catalog-csv.service.ts";
import { faqsRoutes } from "./features/faqs/faqs.routes.ts";
import { createFaqUseCases } from "./features/faqs/faqs.service.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { createHealthUseCases } from "./features/health/health.service.ts";
import { invoicesRoutes } from "./features/invoices/invoices.routes.ts";
import { createInvoiceUseCases } from "./features/invoices/invoices.service.ts";
import { mailOutboxRoutes } from "./features/mail/mail-outbox.routes.ts";
import {
	countOutboxMail,
	createMailOutboxUseCases,
} from "./features/mail/mail-outbox.service.ts";
import { createMailOutbox } from "./features/mail/mail-outbox-worker.service.ts";
import { scheduleOrderExpiry } from "./features/orders/order-expiry.ts";
import { ordersRoutes } from "./features/orders/orders.routes.ts";
import {
	createOrderUseCases,
	type OrdersDeps,
} from "./features/orders/orders.service.ts";
import { paymentTermsRoutes } from "./features/orders/payment-terms.routes.ts";
import { createPaymentTermsUseCases } from "./features/orders/payment-terms.service.ts";
import { paymentsRoutes } from "./features/payments/payments.routes.ts";
import { createPaymentUseCases } from "./features/payments/payments.service.ts";
import { portfolioRoutes } from "./features/portfolio/portfolio.routes.ts";
import { createPortfolioUseCases } from "./features/portfolio/portfolio.service.ts";
import { publicPagesRoutes } from "./features/public-pages/public-pages.routes.ts";
import { createPublicPageUseCases } from "./features/public-pages/public-pages.service.ts";
import { quotesRoutes } from "./features/quotes/quotes.routes.ts";
import { createQuoteUseCases } from "./features/quotes/quotes.service.ts";
import { receivingPointsRoutes } from "./features/receiving-points/receiving-points.routes.ts";
import { createReceivingPointUseCases } from "./features/receiving-points/receiving-points.service.ts";
import { reviewsRoutes } from "./features/reviews/reviews.routes.ts";
import { createReviewUseCases } from "./features/reviews/reviews.service.ts";
import { salesRoutes } from "./features/sales/sales.routes.ts";
import { createSalesUseCases } from "./features/sales/sales.service.ts";
import { shopSettingsRoutes } from "./features/shop-settings/shop-settings.routes.ts";
import {
	createShopNameCache,
	createShopSettingsUseCases,
} from "./features/shop-settings/shop-settings.service.ts";
import { toolsRoutes } from "./features/tools/tools.routes.ts";
import {
	createToolListCache,
	createToolUseCases,
} from "./features/tools/tools.service.ts";
import { scheduleWebhookWorker } from "./features/webhooks/webhook-worker.service.ts";
import { webhooksRoutes } from "./features/webhooks/webhooks.routes.ts";
import { createWebhookUseCases } from "./features/webhooks/webhooks.service.ts";
import { credentialStampOf } from "./platform/auth/account-confirmation.ts";
import { createApiKeyGuard } from "./platform/auth/api-key-guard.ts";
import { createAuth } from "./platform/auth/auth.ts";
import { registerAuthBridge } from "./platform/auth/auth-bridge.ts";
import { createSessionGuard } from "./platform/auth/session-guard.ts";
import { type Clock, monotonicClock } from "./platform/clock.ts";
import { type Db, databaseUse } from "./platform/db/database.ts";
import { createWriteTransactions } from "./platform/db/group-commit.ts";
import { scheduleAloneAcrossInstances } from "./platform/db/run-alone.ts";
import { registerApiCacheControl } from "./platform/http/api-cache-control.ts";
import {
	clientErrorHandler,
	frameworkErrorHandler,
	registerErrorHandling,
} from "./platform/http/error-handler.ts";
import { createIdempotency } from "./platform/http/idempotency.ts";
import { registerJsonBody } from "./platform/http/json-body.ts";
import {
	createLazyChildLogger,
	createLoggerOptions,
} from "./platform/http/logger-options.ts";
import { registerMultipart } from "./platform/http/multipart-form.ts";
import {
	createNoRouteError,
	registerCanonicalPathCheck,
} from "./platform/http/not-found.ts";
import { registerNulUrlCheck } from "./platform/http/nul-characters.ts";
import { registerOpenApi } from "./platform/http/openapi.ts";
import { registerOriginCheck } from "./platform/http/origin-check.ts";
import {
	QUOTA_POLICIES,
	type QuotaTable,
	scaleQuotas,
} from "./platform/http/quota-policies.ts";
import {
	hasTrustedProxy,
	REQUEST_ID_HEADER,
	registerRequestLifecycle,
	requestIdFor,
	requestLifecycleOptions,
} from "./platform/http/request-lifecycle.ts";
import { registerRouteAccess } from "./platform/http/route-access.ts";
import { createRouteQuotas } from "./platform/http/route-quotas.ts";
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
import {
	createSharedCounters,
	scheduleCounterSweep,
} from "./platform/limits/shared-counters.ts";
import { createMailer, type Mailer } from "./platform/mail/mailer.ts";
import { metricsRoutes } from "./platform/metrics/metrics.routes.ts";
import { createMetrics } from "./platform/metrics/metrics.ts";
import {
	createTestPaymentGateway,
	type PaymentGateway,
} from "./platform/payments/payment-gateway.ts";
import { createSecretBox } from "./platform/webhooks/secret-box.ts";

export type AppDeps = {
	config: Config;
	db: Db;
	images: ImageStore;
	/** Monotonic milliseconds for caches; tests pass a clock they move by hand. */
	clock?: Clock;
	/** Wall-clock milliseconds for rate-limit windows; tests pass a clock they move by hand. */
	wallClock?: () => number;
	/** Where mail goes; by default SMTP when configured, else the outbox in DATA_DIR. */
	mailer?: Mailer;
	/** How payments are taken; by default the built-in test provider. */
	payments?: PaymentGateway;
	/** The quotas routes declare; QUOTA_POLICIES by default, other figures in tests. */
	quotas?: QuotaTable;
	/** Where log lines go; standard output by default. */
	logStream?: { write(line: string): void };
	/** How often the webhooks' worker looks for work; 2 s by default, less in tests. */
	webhookPollIntervalMs?: number;
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

/** How often answers kept for an Idempotency-Key longer than a day are deleted. */
const IDEMPOTENCY_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Builds the whole server without listening. Tests call it and inject requests. */
export async function buildApp({
	config,
	db,
	images,
	clock = monotonicClock,
	wallClock = Date.now,
	mailer: givenMailer,
	payments = createTestPaymentGateway(),
	logStream,
	quotas = scaleQuotas(QUOTA_POLICIES, config.quotaScale ?? 1),
	webhookPollIntervalMs,
}: AppDeps): Promise<FastifyInstance> {
	const securityHeaders = createSecurityHeaders({
		isHttps: config.publicUrl.startsWith("https://"),
		allowsStripe: payments.options.provider === "stripe",
	});
	const app = Fastify({
		logger: { ...createLoggerOptions(config.logLevel), stream: logStream },
		childLoggerFactory: createLazyChildLogger,
		...requestLifecycleOptions(config),
		frameworkErrors: frameworkErrorHandler(securityHeaders),
		clientErrorHandler: clientErrorHandler(securityHeaders),
		// Longer than any id or slug the API accepts, so the schema, not the router, judges them.
		routerOptions: { maxParamLength: 256 },
		// A balancer's id is kept only where a proxy is trusted (TRUST_PROXY): a client's own is not.
		genReqId: (raw) =>
			requestIdFor(
				hasTrustedProxy(config.trustProxy)
					? raw.headers[REQUEST_ID_HEADER]
					: undefined,
			),
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
	registerJsonBody(app);
	registerNulUrlCheck(app);
	app.decorateRequest("viewer", null);
	app.decorateRequest("apiKey", null);

	// Kept only when METRICS_TOKEN is set: otherwise nothing is counted and nothing loaded.
	const metrics = config.metricsToken
		? createMetrics({
				mailOutbox: () => countOutboxMail(db),
				database: () => databaseUse(db),
			})
		: undefined;
	if (metrics) {
		app.addHook("onResponse", (request, reply, done) => {
			metrics.request(
				request.routeOptions.url ?? "(no route)",
				request.method,
				reply.statusCode,
				reply.elapsedTime / 1000,
			);
			done();
		});
		await app.register(metricsRoutes, {
			metrics,
			token: String(config.metricsToken),
		});
	}

	const mailer =
		givenMailer ?? createMailer(config.mail, outboxDir(config), app.log);
	// Every mail goes through the outbox table; its worker sends it (retried, once across instances).
	const mailOutbox = createMailOutbox({
		db,
		mailer,
		log: app.log,
		onPass: metrics?.mailPass,
	});
	app.addHook("onReady", async () => mailOutbox.start());
	app.addHook("onClose", async () => {
		await mailOutbox.stop();
		mailer.close();
	});
	// Rate limits and quotas count here: shared by every instance on PostgreSQL or Redis.
	if (!config.auth.secret)
		throw new Error(
			"AUTH_SECRET is missing (start-up sets one in development)",
		);
	const counters = createSharedCounters({
		db,
		redisUrl: config.redisUrl,
		now: wallClock,
		secret: config.auth.secret,
	});
	scheduleCounterSweep(app, db, counters);
	app.addHook("onClose", async () => counters.close());
	const adminEmails = config.auth.adminEmails;
	const accounts = createAccountUseCases({ db, images, adminEmails });
	const auth = createAuth({
		config,
		db,
		// Account mail goes through the outbox too: kept if the mail server is down, retried.
		mailer: {
			send: async (message) => {
				await mailOutbox.enqueue({
					...message,
					kind: message.kind ?? "account",
				});
			},
			close: () => {},
		},
		log: app.log,
		counters,
		onEmailConfirmed: (user, how) => recordEmailConfirmation(db, user, how),
		beforeUserDelete: accounts.prepareOwnAccountDeletion,
	});
	const guard = createSessionGuard({
		auth,
		db,
		secret: auth.options.secret,
		adminEmails,
		isHttps: config.publicUrl.startsWith("https://"),
	});
	// Idempotency-Key on every signed-in POST, kept in the database for every instance.
	const idempotency = createIdempotency(app, { db, now: wallClock });
	scheduleAloneAcrossInstances(app, db, {
		name: "idempotency-sweep",
		everyMs: IDEMPOTENCY_SWEEP_INTERVAL_MS,
		work: () => idempotency.sweep(),
		failure: "could not delete idempotency keys kept longer than a day",
	});
	// Before any route: each declares who may call it, its quotas and its idempotency (default deny).
	registerRouteAccess(app, {
		guard,
		apiKeys: createApiKeyGuard({ db, counters, now: wallClock }),
		quotas: createRouteQuotas(quotas, counters),
		idempotency,
	});

	// Before every route, so each route's refused role checks reach the security log.
	registerAccessRefusalAudit(app, createAccessRefusalRecorder({ db, clock }));
	await registerOpenApi(app);
	await registerMultipart(app);

	// The table of contents of the API: each feature's routes get its use cases, never the database.
	const authAudit = createAuthAudit({ db, guard });
	await registerAuthBridge(app, {
		auth,
		config,
		counters,
		beforeAuthRequest: authAudit.beforeAuthRequest,
		onSignInDelayed: authAudit.onSignInDelayed,
		signInRace: {
			stampOf: (email) => credentialStampOf(db, email),
			endSession: guard.endSignedSession,
		},
	});
	await app.register(accountsRoutes, {
		prefix: "/api",
		accounts,
		guard,
		isGoogleConfigured: config.auth.google !== undefined,
	});
	await app.register(healthRoutes, {
		prefix: "/api",
		health: createHealthUseCases(db),
	});
	// Made here, not inside a plugin, so every tools route and writer shares one list cache (decision 006).
	const tools = createToolUseCases({
		db,
		images,
		listCache: createToolListCache(clock),
	});
	await app.register(toolsRoutes, { prefix: "/api", tools });
	await app.register(catalogCsvRoutes, {
		prefix: "/api",
		catalogCsv: createCatalogCsvUseCases({ db, images, tools, log: app.log }),
	});
	await app.register(cartRoutes, {
		prefix: "/api",
		cart: createCartUseCases(db),
	});
	// Webhooks: endpoints' secrets sealed under AUTH_SECRET; events sent by a background worker.
	const webhookDeps = {
		db,
		box: createSecretBox(config.auth.secret, "webhook endpoint secrets"),
		allowsPrivateAddresses: config.webhooksToPrivateAddresses ?? false,
		now: wallClock,
	};
	scheduleWebhookWorker(app, {
		...webhookDeps,
		log: app.log,
		pollIntervalMs: webhookPollIntervalMs,
	});
	await app.register(webhooksRoutes, {
		prefix: "/api",
		webhooks: createWebhookUseCases(webhookDeps),
	});
	await app.register(apiKeysRoutes, {
		prefix: "/api",
		apiKeys: createApiKeyUseCases(db),
	});
	await app.register(receivingPointsRoutes, {
		prefix: "/api",
		receivingPoints: createReceivingPointUseCases(db),
	});
	await app.register(salesRoutes, {
		prefix: "/api",
		sales: createSalesUseCases(db),
	});
	// The name order mails are signed with; a save through the settings page forgets it.
	const shopName = createShopNameCache();
	const ordersDeps: OrdersDeps = {
		db,
		writes: createWriteTransactions(db),
		log: app.log,
		unpaidOrderHours: config.unpaidOrderHours ?? DEFAULT_UNPAID_ORDER_HOURS,
		maxUnpaidOrders: config.maxUnpaidOrders ?? DEFAULT_MAX_UNPAID_ORDERS,
		paymentLimits: payments.totalLimits,
		notifyMail: () => mailOutbox.notify(),
		// Orders move stock: the next list read sees it (decision 016).
		onStockChanged: tools.forgetStock,
		onOrderSteps: metrics?.orderSteps,
		sender: async (trx) => ({ shopName: await shopName.read(trx) }),
	};
	const paymentsDeps = { orders: ordersDeps, gateway: payments, log: app.log };
	const paymentUseCases = createPaymentUseCases(paymentsDeps);
	const orders = createOrderUseCases(
		ordersDeps,
		paymentUseCases.abandonPaymentOf,
	);
	await app.register(ordersRoutes, { prefix: "/api", orders });
	await app.register(paymentTermsRoutes, {
		prefix: "/api",
		orders,
		paymentTerms: createPaymentTermsUseCases({ db }),
	});
	await app.register(paymentsRoutes, {
		prefix: "/api",
		payments: paymentUseCases,
	});
	await app.register(quotesRoutes, {
		prefix: "/api",
		quotes: createQuoteUseCases({
			db,
			placeQuotedOrder: orders.placeQuotedOrder,
			accounts,
			notifyMail: () => mailOutbox.notify(),
		}),
	});
	scheduleOrderExpiry(app, paymentsDeps);
	await app.register(mailOutboxRoutes, {
		prefix: "/api",
		mailOutbox: createMailOutboxUseCases({ db, outbox: mailOutbox }),
	});
	await app.register(reviewsRoutes, {
		prefix: "/api",
		reviews: createReviewUseCases(db),
	});
	await app.register(blogRoutes, {
		prefix: "/api",
		blog: createBlogUseCases({ db, images }),
	});
	await app.register(faqsRoutes, {
		prefix: "/api",
		faqs: createFaqUseCases(db),
	});
	await app.register(portfolioRoutes, {
		prefix: "/api",
		portfolio: createPortfolioUseCases(db),
	});
	await app.register(shopSettingsRoutes, {
		prefix: "/api",
		shopSettings: createShopSettingsUseCases({
			db,
			images,
			onSaved: shopName.forget,
		}),
	});
	await app.register(invoicesRoutes, {
		prefix: "/api",
		invoices: createInvoiceUseCases({ db, images }),
	});
	await app.register(auditRoutes, {
		prefix: "/api",
		audit: createAuditUseCases(db),
	});
	await app.register(imagesRoutes, { images });

	const webRoot =
		config.webRoot && hasWebBuild(config.webRoot) ? config.webRoot : undefined;
	// /tools/{slug}, /blog/{slug}, the sitemap and robots.txt, drawn into the web app's index.html.
	await app.register(publicPagesRoutes, {
		publicPages: createPublicPageUseCases({
			db,
			publicUrl: config.publicUrl,
			webRoot,
			sitemapPageSize: config.sitemapPageSize,
		}),
	});
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
