import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import Fastify from "fastify";
import {
	serializerCompiler,
	validatorCompiler,
	type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { generateApi } from "swagger-typescript-api";
import { expect, onTestFinished, test } from "vitest";
import * as z from "zod/mini";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import { signedInAccess } from "./api-schemas.ts";
import { registerOpenApi } from "./openapi.ts";

type OpenApiDocument = {
	paths: Record<string, Record<string, { operationId?: string }>>;
	components?: { securitySchemes?: Record<string, unknown> };
};

/** Redocly's `recommended` rules, one line per problem: severity, rule, message, where. */
async function lintOpenApi(document: unknown): Promise<string[]> {
	const config = await createConfig({ extends: ["recommended"] });
	const problems = await lintFromString({
		source: JSON.stringify(document),
		absoluteRef: "openapi.json",
		config,
	});
	return problems.map(
		(problem) =>
			`${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location.map((location) => location.pointer).join(", ")}`,
	);
}

async function fetchOpenApi(): Promise<OpenApiDocument> {
	const { app } = await createTestApp();
	return (await app.inject({ url: "/api/openapi.json" })).json();
}

test("the OpenAPI document passes Redocly's recommended rules with no error or warning", async () => {
	expect(await lintOpenApi(await fetchOpenApi())).toEqual([]);
});

test("the lint reports a duplicated operationId and an operation with no security", async () => {
	const document = await fetchOpenApi();
	const getTool = document.paths["/api/tools/{toolId}"]?.get;
	if (!getTool) throw new Error("GET /api/tools/{toolId} is not documented");
	const planted = { ...getTool, operationId: "listTools", security: undefined };
	document.paths["/api/tools/{toolId}"] = { get: planted };

	const ruleIds = (await lintOpenApi(document)).map(
		(problem) => problem.split(":")[0],
	);
	expect(ruleIds.sort()).toEqual([
		"error operation-operationId-unique",
		"error security-defined",
	]);
});

test("every operation has the operationId generated clients name their methods after", async () => {
	const document = await fetchOpenApi();
	const operationIds = Object.entries(document.paths).flatMap(
		([route, pathItem]) =>
			Object.entries(pathItem).map(
				([method, operation]) =>
					`${method.toUpperCase()} ${route} ${operation.operationId}`,
			),
	);
	expect(operationIds.sort()).toEqual(
		[
			"DELETE /api/tools/{toolId} deleteTool",
			"PUT /api/admin/tools/{toolId}/stock setToolStock",
			"GET /api/admin/api-keys listApiKeys",
			"POST /api/admin/api-keys makeApiKey",
			"POST /api/admin/api-keys/{keyId}/revoke revokeApiKey",
			"GET /api/admin/webhooks listWebhookEndpoints",
			"POST /api/admin/webhooks addWebhookEndpoint",
			"DELETE /api/admin/webhooks/{endpointId} removeWebhookEndpoint",
			"GET /api/admin/webhooks/{endpointId}/deliveries listWebhookDeliveries",
			"GET /api/admin/webhook-deliveries/{deliveryId} getWebhookDelivery",
			"POST /api/admin/webhook-deliveries/{deliveryId}/replay replayWebhookDelivery",
			"DELETE /api/orders/{orderId} deleteOrder",
			"GET /api/payment-options getPaymentOptions",
			"POST /api/orders placeOrder",
			"POST /api/checkout checkOut",
			"GET /api/admin/orders/{orderId} getAnyOrder",
			"POST /api/admin/orders/{orderId}/ship shipOrder",
			"POST /api/admin/orders/{orderId}/invoice-payment recordInvoicePayment",
			"GET /api/me/payment-terms getOwnPaymentTerms",
			"GET /api/admin/payment-terms listPaymentTerms",
			"POST /api/admin/payment-terms approvePaymentTerms",
			"DELETE /api/admin/payment-terms/{userId} revokePaymentTerms",
			"GET /api/admin/overdue-invoices listOverdueInvoices",
			"POST /api/admin/orders/{orderId}/ready markOrderReady",
			"POST /api/admin/orders/{orderId}/deliver markOrderDelivered",
			"POST /api/admin/orders/{orderId}/collect markOrderCollected",
			"POST /api/admin/orders/{orderId}/refund refundOrder",
			"GET /api/admin/mail-outbox listOutboxMails",
			"GET /api/shop-settings getShopSettings",
			"PUT /api/admin/shop-settings saveShopSettings",
			"PUT /api/admin/shop-settings/logo replaceShopLogo",
			"DELETE /api/admin/shop-settings/logo removeShopLogo",
			"GET /api/invoices/{invoiceId}/pdf downloadInvoicePdf",
			"GET /api/admin/invoices listInvoices",
			"GET /api/admin/exports/tools.csv exportToolsCsv",
			"GET /api/admin/exports/orders.csv exportOrdersCsv",
			"POST /api/admin/imports/tools startToolImport",
			"GET /api/admin/imports/{jobId} getImportJob",
			"POST /api/admin/mail-outbox/{mailId}/retry retryOutboxMail",
			"POST /api/cart/preview previewCart",
			"GET /api/cart getCart",
			"PUT /api/cart/lines/{toolId} setCartLine",
			"DELETE /api/cart/lines/{toolId} removeCartLine",
			"DELETE /api/cart clearCart",
			"POST /api/cart/merge mergeCart",
			"GET /api/receiving-points listReceivingPoints",
			"GET /api/receiving-points/count countReceivingPoints",
			"POST /api/receiving-points addReceivingPoint",
			"PUT /api/receiving-points/{pointId} editReceivingPoint",
			"DELETE /api/receiving-points/{pointId} removeReceivingPoint",
			"GET /api/me/orders listMyOrders",
			"GET /api/orders/{orderId} getOrder",
			"POST /api/orders/{orderId}/cancel cancelOrder",
			"POST /api/orders/{orderId}/payment payOrder",
			"GET /api/orders listOrders",
			"GET /api/order-deletions listOrderDeletions",
			"GET /api/admin/unpaid-holders listUnpaidHolders",
			"POST /api/payments/stripe/webhook receiveStripeWebhook",
			"GET /api/blog-posts listBlogPosts",
			"GET /api/blog-posts/{slug} getBlogPost",
			"GET /api/admin/blog-posts listAllBlogPosts",
			"GET /api/admin/blog-posts/{postId} getAnyBlogPost",
			"POST /api/admin/blog-posts addBlogPost",
			"PUT /api/admin/blog-posts/{postId} editBlogPost",
			"POST /api/admin/blog-posts/{postId}/publish publishBlogPost",
			"POST /api/admin/blog-posts/{postId}/unpublish unpublishBlogPost",
			"DELETE /api/admin/blog-posts/{postId} deleteBlogPost",
			"GET /api/faqs listFaqs",
			"POST /api/faqs addFaq",
			"PUT /api/faqs/{faqId} editFaq",
			"DELETE /api/faqs/{faqId} removeFaq",
			"PUT /api/faqs/order reorderFaqs",
			"GET /api/portfolio getPortfolio",
			"PUT /api/portfolio/about savePortfolioAbout",
			"PUT /api/portfolio/education savePortfolioEducation",
			"PUT /api/portfolio/projects savePortfolioProjects",
			"PUT /api/portfolio/technology savePortfolioTechnology",
			"GET /api/health getHealth",
			"GET /api/me getMe",
			"GET /api/profile getProfile",
			"GET /api/ready getReadiness",
			"GET /api/reviews listReviews",
			"GET /api/reviews/summary summarizeReviews",
			"GET /api/me/review getMyReview",
			"POST /api/reviews addReview",
			"PUT /api/me/review editMyReview",
			"DELETE /api/me/review deleteMyReview",
			"GET /api/moderation/reviews listReviewsToModerate",
			"POST /api/reviews/{reviewId}/hide hideReview",
			"POST /api/reviews/{reviewId}/show showReview",
			"DELETE /api/reviews/{reviewId} deleteReview",
			"GET /api/moderation/actions listReviewModerations",
			"GET /api/admin/audit-events listAuditEvents",
			"GET /api/admin/sales getSalesReport",
			"POST /api/quotes requestQuote",
			"GET /api/quotes listMyQuotes",
			"GET /api/quotes/{quoteId} getQuote",
			"POST /api/quotes/{quoteId}/withdraw withdrawQuote",
			"POST /api/quotes/{quoteId}/accept acceptQuote",
			"GET /api/admin/quotes listQuotes",
			"POST /api/admin/quotes/{quoteId}/answer answerQuote",
			"POST /api/admin/quotes/{quoteId}/decline declineQuote",
			"GET /api/session getSession",
			"GET /api/sign-in-options getSignInOptions",
			"GET /api/tools listTools",
			"GET /api/tools/{toolId} getTool",
			"GET /api/tools/by-slug/{slug} getToolBySlug",
			"GET /api/users listUsers",
			"PATCH /api/profile updateProfile",
			"POST /api/tools addTool",
			"POST /api/users/{id}/admin makeAdmin",
			"PUT /api/profile/photo updateProfilePhoto",
			"PUT /api/tools/{toolId} editTool",
			"DELETE /api/users/{id} removeUser",
		].sort(),
	);
});

test("an operation for signed-in users brings its security schemes into the document, still lint-clean", async () => {
	const app = Fastify({ logger: false });
	onTestFinished(() => app.close());
	app.setValidatorCompiler(validatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	await registerOpenApi(app);
	app.withTypeProvider<ZodTypeProvider>().get(
		"/api/me",
		{
			schema: {
				operationId: "getMe",
				tags: ["content"],
				summary: "The signed-in user",
				security: signedInAccess,
				response: {
					200: z.object({ email: z.string() }),
					401: ApiErrorBodySchema,
				},
			},
		},
		async () => ({ email: "buyer@example.com" }),
	);
	await app.ready();

	const document = (await app.inject({ url: "/api/openapi.json" })).json();
	expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
		"bearerToken",
		"sessionCookie",
	]);
	expect(await lintOpenApi(document)).toEqual([]);
});

/** Type-checks against the generated client; `readFirstTool` is then run against the live server. */
const CLIENT_USE = `import { Api } from "./api.ts";

export async function readFirstTool(baseUrl: string) {
	const api = new Api({ baseUrl });
	const page = await api.api.listTools({ page: 1, page_size: 2 });
	const priceCents: number | undefined = page.data.items[0]?.price_cents;
	const id: string | undefined = page.data.items[0]?.id;
	const tool = id === undefined ? undefined : (await api.api.getTool(id)).data;
	return { total: page.data.total, priceCents, toolName: tool?.tool_name };
}

export function listPageOne(api: Api<unknown>) {
	// @ts-expect-error page is a whole number, so text must not compile
	return api.api.listTools({ page: "one" });
}
`;

function runTsc(project: string): Promise<{ code: number; output: string }> {
	const tsc = path.join(
		PROJECT_ROOT,
		"node_modules",
		"typescript",
		"bin",
		"tsc",
	);
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[tsc, "--project", project],
			(error, stdout, stderr) => {
				resolve({
					code: error ? Number(error.code ?? 1) : 0,
					output: stdout + stderr,
				});
			},
		);
	});
}

test("a typed client generated from the live document compiles, rejects a wrong call and reads the catalog", {
	timeout: 60_000,
}, async () => {
	const { app, db } = await createTestApp();
	const tool = await insertTestTool(db, { price_cents: 4250 });
	const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
	// Not kept alive: compiling takes about as long as the server keeps an idle connection, and a
	// pooled connection it closes meanwhile would fail the client's first request.
	const document = await (
		await fetch(`${baseUrl}/api/openapi.json`, {
			headers: { connection: "close" },
		})
	).json();

	const dir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-api-client-"),
	);
	onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
	await generateApi({
		spec: document,
		output: dir,
		fileName: "api.ts",
		httpClientType: "fetch",
		silent: true,
	});
	fs.writeFileSync(path.join(dir, "use-api.ts"), CLIENT_USE);
	fs.writeFileSync(
		path.join(dir, "tsconfig.json"),
		JSON.stringify({
			compilerOptions: {
				target: "ES2023",
				lib: ["ES2023", "DOM"],
				module: "ESNext",
				moduleResolution: "Bundler",
				allowImportingTsExtensions: true,
				noEmit: true,
				strict: true,
				noUncheckedIndexedAccess: true,
				types: [],
			},
			files: ["use-api.ts"],
		}),
	);

	expect(await runTsc(dir)).toEqual({ code: 0, output: "" });

	const { readFirstTool } = await import(
		pathToFileURL(path.join(dir, "use-api.ts")).href
	);
	expect(await readFirstTool(baseUrl)).toEqual({
		total: 1,
		priceCents: 4250,
		toolName: tool.tool_name,
	});
});
