import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import sharp from "sharp";
import { expect, onTestFinished, test } from "vitest";
import type { Portfolio } from "../shared/portfolio.schemas.ts";
import { addDays, utcDay } from "../shared/quotes.schemas.ts";
import {
	csvImportBody,
	toolRow,
	toolsCsv,
} from "./features/catalog-csv/catalog-csv-test-support.ts";
import { issueInvoice } from "./features/invoices/invoices.service.ts";
import { getAnyOrder } from "./features/orders/orders.service.ts";
import { addReceivingPoints } from "./features/receiving-points/receiving-points.service.ts";
import type { Db } from "./platform/db/database.ts";
import {
	authHeaders,
	multipartBody,
	type SignedIn,
	signUp,
} from "./test-support/accounts.ts";
import {
	CALLERS,
	type Caller,
	type Callers,
	createCallers,
	createMatrixApp,
	findLeaks,
} from "./test-support/callers.ts";
import { listRoutes } from "./test-support/routes.ts";
import { insertTestTool } from "./test-support/test-app.ts";
import {
	makePng,
	toolFormBody,
	VALID_TOOL_FIELDS,
} from "./test-support/tools.ts";

type Expected = Record<Caller, number>;
/** What the first four callers get; the others follow from them (see `expand`). */
type FourCallers = Record<
	"anonymous" | "customer" | "otherCustomer" | "admin",
	number
>;

type Fixture = {
	victimId: string;
	promoteeId: string;
	toolId: string;
	/** The public address (/tools/{slug}) of the tool `toolId`. */
	toolSlug: string;
	blogSlug: string;
	imageName: string;
	photo: Awaited<ReturnType<typeof multipartBody>>;
	/** A tool that only the admin's edit changes, and another that only its delete removes. */
	editedToolId: string;
	deletedToolId: string;
	newTool: Awaited<ReturnType<typeof toolFormBody>>;
	toolEdit: Awaited<ReturnType<typeof toolFormBody>>;
	/** A tool and quantity anyone may order, and orders of "customer", one per route that changes one. */
	orderInput: { tool_id: string; order_quantity: number };
	viewedOrderId: string;
	cancelledOrderId: string;
	paidOrderId: string;
	deletedOrderId: string;
	/** An invoice of one of "customer"'s orders, and a logo for the shop. */
	invoiceId: string;
	logo: Awaited<ReturnType<typeof toolFormBody>>;
	/** Receiving points: one only the admin's edit changes, one only the admin's delete removes. */
	editedPointId: string;
	removedPointId: string;
	/** Demo reviews (no author) that only the admin's hide, show or delete changes. */
	hiddenReviewId: string;
	shownReviewId: string;
	deletedReviewId: string;
	/** Seeded questions: one only the admin's edit changes, one only the admin's removal removes. */
	editedFaqId: string;
	removedFaqId: string;
	/** Every question's id, for a reorder that keeps the order as it is. */
	faqIds: string[];
	portfolio: Portfolio;
	/** Seeded posts: one only the admin's edit changes, one only the admin's delete removes. */
	blogPostId: string;
	deletedBlogPostId: string;
	newBlogPost: Awaited<ReturnType<typeof toolFormBody>>;
	blogPostEdit: Awaited<ReturnType<typeof toolFormBody>>;
	/** Quote requests of "customer", one per route that reads or changes one. */
	quotes: Awaited<ReturnType<typeof addMatrixQuotes>>;
};

type Probe = {
	/** The request for this route; the caller's Origin and credentials are added to it. */
	request: (fixture: Fixture) => InjectOptions;
	expected: Expected;
};

/**
 * A bearer token and an unconfirmed account on an ADMIN_EMAILS address are customers with nothing
 * of "customer"'s: they get what "otherCustomer" gets. A pending two-factor sign-in, an expired
 * session and a removed account's session are nobody: they get what "anonymous" gets.
 */
function expand(four: FourCallers): Expected {
	return {
		...four,
		bearer: four.otherCustomer,
		unconfirmedAdmin: four.otherCustomer,
		pendingTwoFactor: four.anonymous,
		expiredSession: four.anonymous,
		removedUser: four.anonymous,
	};
}
const everyone = (status: number): Expected =>
	expand({
		anonymous: status,
		customer: status,
		otherCustomer: status,
		admin: status,
	});
const signedIn = (status: number): Expected =>
	expand({
		anonymous: 401,
		customer: status,
		otherCustomer: status,
		admin: status,
	});
/** A customer's own order: theirs to use, a 404 for everyone else (admins manage the list). */
const ownerOnly = (status: number): Expected =>
	expand({ anonymous: 401, customer: status, otherCustomer: 404, admin: 404 });
const adminOnly = (status: number): Expected =>
	expand({ anonymous: 401, customer: 403, otherCustomer: 403, admin: status });
const get = (url: string) => () => ({ method: "GET" as const, url });
/** An id no row has: the route's refusal comes first, or its 404 for the admin. */
const UNKNOWN_ID = `${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`;

/** Public reads whose sample request is the route's own path. */
const PUBLIC_READS = [
	"/api/health",
	"/api/ready",
	"/api/openapi.json",
	"/api/docs",
	"/api/docs/",
	"/api/docs/json",
	"/api/docs/yaml",
	"/api/docs/static/swagger-initializer.js",
	"/api/sign-in-options",
	"/api/session",
	"/api/tools",
	"/api/reviews",
	"/api/reviews/summary",
	"/api/blog-posts",
	"/api/receiving-points",
	"/api/receiving-points/count",
	"/api/shop-settings",
	"/api/faqs",
	"/api/portfolio",
	"/api/payment-options",
	"/sitemap.xml",
	"/robots.txt",
];

/**
 * Every route of the app, as "METHOD /path" the way Fastify registers it, with what each kind of
 * caller gets. A GET entry stands for its HEAD too unless HEAD has its own entry.
 */
const MATRIX: Record<string, Probe[]> = {
	...Object.fromEntries(
		PUBLIC_READS.map((url) => [
			`GET ${url}`,
			[{ request: get(url), expected: everyone(200) }],
		]),
	),
	// Sends the reader on to the documentation page itself.
	"GET /api/docs/static/index.html": [
		{ request: get("/api/docs/static/index.html"), expected: everyone(302) },
	],
	"GET /api/docs/static/*": [
		{
			request: get("/api/docs/static/swagger-ui.css"),
			expected: everyone(200),
		},
	],
	"GET /api/tools/:toolId": [
		{
			request: (f) => ({ method: "GET", url: `/api/tools/${f.toolId}` }),
			expected: everyone(200),
		},
	],
	"GET /api/tools/by-slug/:slug": [
		{
			request: (f) => ({
				method: "GET",
				url: `/api/tools/by-slug/${f.toolSlug}`,
			}),
			expected: everyone(200),
		},
	],
	"GET /tools/:slug": [
		{
			request: (f) => ({ method: "GET", url: `/tools/${f.toolSlug}` }),
			expected: everyone(200),
		},
	],
	"GET /blog/:slug": [
		{
			request: (f) => ({ method: "GET", url: `/blog/${f.blogSlug}` }),
			expected: everyone(200),
		},
	],
	// The files a sitemap index lists; the first of each answers even when the index is not needed.
	"GET /sitemap-tools-:page.xml": [
		{ request: get("/sitemap-tools-1.xml"), expected: everyone(200) },
	],
	"GET /sitemap-posts-:page.xml": [
		{ request: get("/sitemap-posts-1.xml"), expected: everyone(200) },
	],
	"GET /api/blog-posts/:slug": [
		{
			request: (f) => ({ method: "GET", url: `/api/blog-posts/${f.blogSlug}` }),
			expected: everyone(200),
		},
	],
	"GET /images/:name": [
		{
			request: (f) => ({ method: "GET", url: `/images/${f.imageName}` }),
			expected: everyone(200),
		},
	],
	"GET /*": [
		{ request: get("/"), expected: everyone(200) },
		{ request: get("/favicon.svg"), expected: everyone(200) },
	],
	// The auth library's own endpoints check the session themselves; each of them, one by one, is
	// in auth-endpoint-matrix.test.ts.
	"GET /api/auth/*": [
		{ request: get("/api/auth/get-session"), expected: everyone(200) },
		// Turned off: one door fewer, for everyone.
		{ request: get("/api/auth/list-accounts"), expected: everyone(404) },
	],
	// It answers GET and POST only: a HEAD finds no endpoint.
	"HEAD /api/auth/*": [
		{
			request: () => ({ method: "HEAD", url: "/api/auth/get-session" }),
			expected: everyone(404),
		},
	],
	"POST /api/auth/*": [
		{
			request: () => ({
				method: "POST",
				url: "/api/auth/update-user",
				payload: { name: "Renamed" },
			}),
			expected: signedIn(200),
		},
	],
	"GET /api/me": [{ request: get("/api/me"), expected: signedIn(200) }],
	"GET /api/profile": [
		{ request: get("/api/profile"), expected: signedIn(200) },
	],
	"PATCH /api/profile": [
		{
			request: () => ({
				method: "PATCH",
				url: "/api/profile",
				payload: { city: "Ghent" },
			}),
			expected: signedIn(200),
		},
	],
	"PUT /api/profile/photo": [
		{
			request: (f) => ({
				method: "PUT",
				url: "/api/profile/photo",
				headers: f.photo.headers,
				payload: f.photo.payload,
			}),
			expected: signedIn(200),
		},
	],
	"GET /api/users": [{ request: get("/api/users"), expected: adminOnly(200) }],
	"POST /api/orders": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/orders",
				payload: f.orderInput,
			}),
			expected: signedIn(201),
		},
	],
	"POST /api/checkout": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/checkout",
				payload: {
					lines: [
						{
							tool_id: f.orderInput.tool_id,
							quantity: f.orderInput.order_quantity,
						},
					],
					fulfilment: {
						kind: "collection",
						receiving_point_id: f.editedPointId,
					},
				},
			}),
			expected: signedIn(201),
		},
	],
	"POST /api/cart/preview": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/cart/preview",
				payload: { lines: [{ tool_id: f.toolId, quantity: 1 }] },
			}),
			expected: everyone(200),
		},
	],
	"GET /api/cart": [{ request: get("/api/cart"), expected: signedIn(200) }],
	"PUT /api/cart/lines/:toolId": [
		{
			request: (f) => ({
				method: "PUT",
				url: `/api/cart/lines/${f.orderInput.tool_id}`,
				payload: { quantity: f.orderInput.order_quantity },
			}),
			expected: signedIn(200),
		},
	],
	"DELETE /api/cart/lines/:toolId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/cart/lines/${f.orderInput.tool_id}`,
			}),
			expected: signedIn(200),
		},
	],
	"DELETE /api/cart": [
		{
			request: () => ({ method: "DELETE", url: "/api/cart" }),
			expected: signedIn(204),
		},
	],
	"POST /api/cart/merge": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/cart/merge",
				payload: {
					lines: [
						{
							tool_id: f.orderInput.tool_id,
							quantity: f.orderInput.order_quantity,
						},
					],
				},
			}),
			expected: signedIn(200),
		},
	],
	"POST /api/receiving-points": [
		{
			request: () => ({
				method: "POST",
				url: "/api/receiving-points",
				payload: {
					name: "Matrix Depot",
					address: "1 Test Road",
					opening_hours: "Mon-Fri 8-18",
				},
			}),
			expected: adminOnly(201),
		},
	],
	"PUT /api/receiving-points/:pointId": [
		{
			request: (f) => ({
				method: "PUT",
				url: `/api/receiving-points/${f.editedPointId}`,
				payload: {
					name: "Matrix Depot East",
					address: "2 Test Road",
					opening_hours: "Mon-Sat 8-18",
				},
			}),
			expected: adminOnly(200),
		},
	],
	"DELETE /api/receiving-points/:pointId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/receiving-points/${f.removedPointId}`,
			}),
			expected: adminOnly(204),
		},
	],
	"GET /api/admin/orders/:orderId": [
		{
			request: (f) => get(`/api/admin/orders/${f.viewedOrderId}`)(),
			expected: adminOnly(200),
		},
	],
	// A card order: an admin reaches it and is told only invoices are marked paid by hand (409).
	"POST /api/admin/orders/:orderId/invoice-payment": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/admin/orders/${f.viewedOrderId}/invoice-payment`,
				payload: { reference: "Matrix transfer" },
			}),
			expected: adminOnly(409),
		},
	],
	"GET /api/me/payment-terms": [
		{ request: get("/api/me/payment-terms"), expected: signedIn(200) },
	],
	"GET /api/admin/payment-terms": [
		{ request: get("/api/admin/payment-terms"), expected: adminOnly(200) },
	],
	"GET /api/admin/overdue-invoices": [
		{ request: get("/api/admin/overdue-invoices"), expected: adminOnly(200) },
	],
	// No account has this address: an admin reaches the route and is told so (404).
	"POST /api/admin/payment-terms": [
		{
			request: () => ({
				method: "POST",
				url: "/api/admin/payment-terms",
				payload: {
					email: "nobody-here@example.com",
					net_days: 30,
					credit_limit: "5000",
				},
			}),
			expected: adminOnly(404),
		},
	],
	"DELETE /api/admin/payment-terms/:userId": [
		{
			request: () => ({
				method: "DELETE",
				url: "/api/admin/payment-terms/no-such-user",
			}),
			expected: adminOnly(404),
		},
	],
	// The order is unpaid: an admin reaches the step and is told it does not fit (409).
	...Object.fromEntries(
		["ship", "ready", "deliver", "collect", "refund"].map((step) => [
			`POST /api/admin/orders/:orderId/${step}`,
			[
				{
					request: (f: Fixture) => ({
						method: "POST" as const,
						url: `/api/admin/orders/${f.viewedOrderId}/${step}`,
						payload:
							step === "ship"
								? { carrier: "DHL", tracking_number: "JD1" }
								: step === "refund"
									? { reason: "Matrix" }
									: undefined,
					}),
					expected: adminOnly(409),
				},
			],
		]),
	),
	"PUT /api/admin/shop-settings": [
		{
			request: () => ({
				method: "PUT",
				url: "/api/admin/shop-settings",
				payload: {
					shop_name: "Matrix Tools",
					legal_address: "1 Test Road",
					tax_id: "",
					contact_email: "",
					currency: "USD",
				},
			}),
			expected: adminOnly(200),
		},
	],
	"PUT /api/admin/shop-settings/logo": [
		{
			request: (f) => ({
				method: "PUT",
				url: "/api/admin/shop-settings/logo",
				headers: f.logo.headers,
				payload: f.logo.payload,
			}),
			expected: adminOnly(200),
		},
	],
	"DELETE /api/admin/shop-settings/logo": [
		{
			request: () => ({
				method: "DELETE",
				url: "/api/admin/shop-settings/logo",
			}),
			expected: adminOnly(200),
		},
	],
	"GET /api/invoices/:invoiceId/pdf": [
		{
			request: (f) => get(`/api/invoices/${f.invoiceId}/pdf`)(),
			expected: expand({
				anonymous: 401,
				customer: 200,
				otherCustomer: 404,
				admin: 200,
			}),
		},
	],
	"GET /api/admin/invoices": [
		{ request: get("/api/admin/invoices"), expected: adminOnly(200) },
	],
	"GET /api/admin/api-keys": [
		{ request: get("/api/admin/api-keys"), expected: adminOnly(200) },
	],
	"POST /api/admin/api-keys": [
		{
			request: () => ({
				method: "POST",
				url: "/api/admin/api-keys",
				payload: { name: "Matrix", scopes: ["catalog:read"] },
			}),
			expected: adminOnly(201),
		},
	],
	"POST /api/admin/api-keys/:keyId/revoke": [
		{
			request: () => ({
				method: "POST",
				url: `/api/admin/api-keys/${UNKNOWN_ID}/revoke`,
			}),
			expected: adminOnly(404),
		},
	],
	"PUT /api/admin/tools/:toolId/stock": [
		{
			request: (f) => ({
				method: "PUT",
				url: `/api/admin/tools/${f.toolId}/stock`,
				payload: { available_quantity: 1000 },
			}),
			expected: adminOnly(200),
		},
	],
	"GET /api/admin/webhooks": [
		{ request: get("/api/admin/webhooks"), expected: adminOnly(200) },
	],
	// A receiver that refuses connections at once: the deliveries it causes fail fast.
	"POST /api/admin/webhooks": [
		{
			request: () => ({
				method: "POST",
				url: "/api/admin/webhooks",
				payload: { url: "http://127.0.0.1:9/hooks", events: ["order.paid"] },
			}),
			expected: adminOnly(201),
		},
	],
	"DELETE /api/admin/webhooks/:endpointId": [
		{
			request: () => ({
				method: "DELETE",
				url: `/api/admin/webhooks/${UNKNOWN_ID}`,
			}),
			expected: adminOnly(404),
		},
	],
	"GET /api/admin/webhooks/:endpointId/deliveries": [
		{
			request: get(`/api/admin/webhooks/${UNKNOWN_ID}/deliveries`),
			expected: adminOnly(404),
		},
	],
	"GET /api/admin/webhook-deliveries/:deliveryId": [
		{
			request: get(`/api/admin/webhook-deliveries/${UNKNOWN_ID}`),
			expected: adminOnly(404),
		},
	],
	"POST /api/admin/webhook-deliveries/:deliveryId/replay": [
		{
			request: () => ({
				method: "POST",
				url: `/api/admin/webhook-deliveries/${UNKNOWN_ID}/replay`,
			}),
			expected: adminOnly(404),
		},
	],
	"GET /api/admin/mail-outbox": [
		{ request: get("/api/admin/mail-outbox"), expected: adminOnly(200) },
	],
	"POST /api/admin/mail-outbox/:mailId/retry": [
		{
			request: () => ({
				method: "POST",
				url: `/api/admin/mail-outbox/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/retry`,
			}),
			expected: adminOnly(404),
		},
	],
	"GET /api/me/orders": [
		{ request: get("/api/me/orders"), expected: signedIn(200) },
	],
	"GET /api/orders/:orderId": [
		{
			request: (f) => ({
				method: "GET",
				url: `/api/orders/${f.viewedOrderId}`,
			}),
			expected: ownerOnly(200),
		},
	],
	"POST /api/orders/:orderId/cancel": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/orders/${f.cancelledOrderId}/cancel`,
			}),
			expected: ownerOnly(200),
		},
	],
	"POST /api/orders/:orderId/payment": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/orders/${f.paidOrderId}/payment`,
			}),
			expected: ownerOnly(200),
		},
	],
	"GET /api/orders": [
		{ request: get("/api/orders"), expected: adminOnly(200) },
	],
	"DELETE /api/orders/:orderId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/orders/${f.deletedOrderId}`,
			}),
			expected: adminOnly(204),
		},
	],
	// Routes run in name order: "customer" deletes the review the fixture wrote for them, writes a
	// new one (as does "otherCustomer"), then edits it. Admins moderate; they write no review.
	"DELETE /api/me/review": [
		{
			request: () => ({ method: "DELETE", url: "/api/me/review" }),
			expected: expand({
				anonymous: 401,
				customer: 204,
				otherCustomer: 404,
				admin: 404,
			}),
		},
	],
	"POST /api/reviews": [
		{
			request: () => ({
				method: "POST",
				url: "/api/reviews",
				payload: { user_review: "Fine tools.", user_rating: 4 },
			}),
			expected: expand({
				anonymous: 401,
				customer: 201,
				otherCustomer: 201,
				admin: 403,
			}),
		},
	],
	"PUT /api/me/review": [
		{
			request: () => ({
				method: "PUT",
				url: "/api/me/review",
				payload: { user_review: "Still fine.", user_rating: 5 },
			}),
			expected: expand({
				anonymous: 401,
				customer: 200,
				otherCustomer: 200,
				admin: 403,
			}),
		},
	],
	"GET /api/me/review": [
		{ request: get("/api/me/review"), expected: signedIn(200) },
	],
	"POST /api/reviews/:reviewId/hide": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/reviews/${f.hiddenReviewId}/hide`,
			}),
			expected: adminOnly(200),
		},
	],
	"POST /api/reviews/:reviewId/show": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/reviews/${f.shownReviewId}/show`,
			}),
			expected: adminOnly(200),
		},
	],
	"DELETE /api/reviews/:reviewId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/reviews/${f.deletedReviewId}`,
			}),
			expected: adminOnly(204),
		},
	],
	"GET /api/moderation/reviews": [
		{ request: get("/api/moderation/reviews"), expected: adminOnly(200) },
	],
	"GET /api/moderation/actions": [
		{ request: get("/api/moderation/actions"), expected: adminOnly(200) },
	],
	"POST /api/quotes": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/quotes",
				payload: f.quotes.input,
			}),
			expected: signedIn(201),
		},
	],
	"GET /api/quotes": [{ request: get("/api/quotes"), expected: signedIn(200) }],
	"GET /api/quotes/:quoteId": [
		{
			request: (f) => get(`/api/quotes/${f.quotes.viewedId}`)(),
			expected: ownerOnly(200),
		},
	],
	"POST /api/quotes/:quoteId/withdraw": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/quotes/${f.quotes.withdrawnId}/withdraw`,
			}),
			expected: ownerOnly(200),
		},
	],
	// Answered in the fixture: "customer" accepts it as an order; anyone else is told it is not theirs.
	"POST /api/quotes/:quoteId/accept": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/quotes/${f.quotes.acceptedId}/accept`,
				payload: { fulfilment: MATRIX_DELIVERY },
			}),
			expected: ownerOnly(201),
		},
	],
	"GET /api/admin/quotes": [
		{ request: get("/api/admin/quotes"), expected: adminOnly(200) },
	],
	"POST /api/admin/quotes/:quoteId/answer": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/admin/quotes/${f.quotes.answeredId}/answer`,
				payload: { unit_price: "10", valid_until: addDays(utcDay(), 7) },
			}),
			expected: adminOnly(200),
		},
	],
	"POST /api/admin/quotes/:quoteId/decline": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/admin/quotes/${f.quotes.declinedId}/decline`,
				payload: {},
			}),
			expected: adminOnly(200),
		},
	],
	"GET /api/admin/audit-events": [
		{ request: get("/api/admin/audit-events"), expected: adminOnly(200) },
	],
	"GET /api/admin/sales": [
		{ request: get("/api/admin/sales"), expected: adminOnly(200) },
	],
	"GET /api/admin/exports/tools.csv": [
		{ request: get("/api/admin/exports/tools.csv"), expected: adminOnly(200) },
	],
	"GET /api/admin/exports/orders.csv": [
		{ request: get("/api/admin/exports/orders.csv"), expected: adminOnly(200) },
	],
	// A dry run: it writes no tool, whoever is let through.
	"POST /api/admin/imports/tools": [
		{
			request: () => ({
				method: "POST",
				url: "/api/admin/imports/tools",
				...csvImportBody(toolsCsv([toolRow("MATRIX-1")]), "dry_run"),
			}),
			expected: adminOnly(202),
		},
	],
	// Nobody's job: only the admin gets as far as looking for it.
	"GET /api/admin/imports/:jobId": [
		{
			request: get("/api/admin/imports/00000000-0000-4000-8000-000000000000"),
			expected: adminOnly(404),
		},
	],
	// Each section saved as it already is: only who may save is probed here.
	...Object.fromEntries(
		(["about", "education", "projects", "technology"] as const).map(
			(section) => [
				`PUT /api/portfolio/${section}`,
				[
					{
						request: (f: Fixture) => ({
							method: "PUT" as const,
							url: `/api/portfolio/${section}`,
							payload: { content: f.portfolio[section] },
						}),
						expected: adminOnly(200),
					},
				],
			],
		),
	),
	"GET /api/admin/blog-posts": [
		{ request: get("/api/admin/blog-posts"), expected: adminOnly(200) },
	],
	"GET /api/admin/blog-posts/:postId": [
		{
			request: (f) => ({
				method: "GET",
				url: `/api/admin/blog-posts/${f.blogPostId}`,
			}),
			expected: adminOnly(200),
		},
	],
	"POST /api/admin/blog-posts": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/admin/blog-posts",
				headers: f.newBlogPost.headers,
				payload: f.newBlogPost.payload,
			}),
			expected: adminOnly(201),
		},
	],
	// A version-1 edit: the admin's publish and unpublish run first (in name order) and move the
	// post on, so the admin's edit is a 409: allowed, and refused as stale.
	"PUT /api/admin/blog-posts/:postId": [
		{
			request: (f) => ({
				method: "PUT",
				url: `/api/admin/blog-posts/${f.blogPostId}`,
				headers: f.blogPostEdit.headers,
				payload: f.blogPostEdit.payload,
			}),
			expected: adminOnly(409),
		},
	],
	"POST /api/admin/blog-posts/:postId/publish": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/admin/blog-posts/${f.blogPostId}/publish`,
			}),
			expected: adminOnly(200),
		},
	],
	"POST /api/admin/blog-posts/:postId/unpublish": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/admin/blog-posts/${f.blogPostId}/unpublish`,
			}),
			expected: adminOnly(200),
		},
	],
	"DELETE /api/admin/blog-posts/:postId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/admin/blog-posts/${f.deletedBlogPostId}`,
			}),
			expected: adminOnly(204),
		},
	],
	"POST /api/faqs": [
		{
			request: () => ({
				method: "POST",
				url: "/api/faqs",
				payload: { question: "Do you ship?", answer: "Yes." },
			}),
			expected: adminOnly(201),
		},
	],
	"PUT /api/faqs/:faqId": [
		{
			request: (f) => ({
				method: "PUT",
				url: `/api/faqs/${f.editedFaqId}`,
				payload: { question: "Edited?", answer: "Yes." },
			}),
			expected: adminOnly(200),
		},
	],
	"DELETE /api/faqs/:faqId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/faqs/${f.removedFaqId}`,
			}),
			expected: adminOnly(204),
		},
	],
	// The fixture's list: by the time this runs, the admin added one question and removed another,
	// so an order of the fixture's list is refused (400) for the admin; the others never get there.
	"PUT /api/faqs/order": [
		{
			request: (f) => ({
				method: "PUT",
				url: "/api/faqs/order",
				payload: { ids: f.faqIds },
			}),
			expected: adminOnly(400),
		},
	],
	"GET /api/order-deletions": [
		{ request: get("/api/order-deletions"), expected: adminOnly(200) },
	],
	"GET /api/admin/unpaid-holders": [
		{ request: get("/api/admin/unpaid-holders"), expected: adminOnly(200) },
	],
	// Signed by the payment provider, not by a session: without Stripe configured no signature is valid.
	"POST /api/payments/stripe/webhook": [
		{
			request: () => ({
				method: "POST",
				url: "/api/payments/stripe/webhook",
				headers: {
					"content-type": "application/json",
					"stripe-signature": "t=1,v1=00",
				},
				payload: "{}",
			}),
			expected: everyone(400),
		},
	],
	"POST /api/tools": [
		{
			request: (f) => ({
				method: "POST",
				url: "/api/tools",
				headers: f.newTool.headers,
				payload: f.newTool.payload,
			}),
			expected: adminOnly(201),
		},
	],
	"PUT /api/tools/:toolId": [
		{
			request: (f) => ({
				method: "PUT",
				url: `/api/tools/${f.editedToolId}`,
				headers: f.toolEdit.headers,
				payload: f.toolEdit.payload,
			}),
			expected: adminOnly(200),
		},
	],
	"DELETE /api/tools/:toolId": [
		{
			request: (f) => ({
				method: "DELETE",
				url: `/api/tools/${f.deletedToolId}`,
			}),
			expected: adminOnly(204),
		},
	],
	"POST /api/users/:id/admin": [
		{
			request: (f) => ({
				method: "POST",
				url: `/api/users/${f.promoteeId}/admin`,
			}),
			expected: adminOnly(200),
		},
	],
	// The admin goes last: its 204 removes the account.
	"DELETE /api/users/:id": [
		{
			request: (f) => ({ method: "DELETE", url: `/api/users/${f.victimId}` }),
			expected: adminOnly(204),
		},
	],
};

/** The app with a web build in place, so the static routes are registered too. */
async function createFullApp() {
	const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-web-"));
	onTestFinished(() => fs.rmSync(webRoot, { recursive: true, force: true }));
	fs.writeFileSync(
		path.join(webRoot, "index.html"),
		"<!doctype html><title>Shop</title>",
	);
	fs.writeFileSync(
		path.join(webRoot, "favicon.svg"),
		"<svg xmlns='http://www.w3.org/2000/svg'/>",
	);
	return createMatrixApp({ seed: true, webRoot });
}

async function createFixture(
	app: FastifyInstance,
	db: Db,
	callers: Callers,
): Promise<Fixture> {
	const customer = callers.accountOf("customer");
	const otherCustomer = callers.accountOf("otherCustomer");
	if (!customer || !otherCustomer) throw new Error("callers missing");
	const tool = (await app.inject({ url: "/api/tools" })).json().items[0];
	const orderInput = {
		tool_id: String(tool.id),
		order_quantity: Number(tool.minimum_quantity),
	};
	const placeOrder = async (account: SignedIn = customer) => {
		const response = await app.inject({
			method: "POST",
			url: "/api/orders",
			headers: authHeaders(account.cookie),
			payload: orderInput,
		});
		if (response.statusCode !== 201)
			throw new Error(`placing an order failed: ${response.body}`);
		const orderId = String(response.json().id);
		// Theirs alone: no other customer's answer may show it.
		const owner = account === customer ? "customer" : "otherCustomer";
		callers.marks[owner]?.orderIds.push(orderId);
		return orderId;
	};
	await placeOrder(otherCustomer);
	const posts = (
		await app.inject({ url: "/api/blog-posts?page_size=3" })
	).json().items as { id: string; slug: string }[];
	const [post, , deletedPost] = posts;
	if (!post || !deletedPost)
		throw new Error("the demo content has fewer than 3 blog posts");
	const postFields = {
		title: "Matrix Post",
		excerpt: "A summary.",
		body: "Text.",
		published_on: "2026-01-01",
	};
	const reviews = (await app.inject({ url: "/api/reviews?page_size=3" })).json()
		.items as { id: string }[];
	const [hiddenReview, shownReview, deletedReview] = reviews;
	if (!hiddenReview || !shownReview || !deletedReview)
		throw new Error("the demo content has fewer than 3 reviews");
	const faqs = (await app.inject({ url: "/api/faqs" })).json().items as {
		id: string;
	}[];
	const [editedFaq, removedFaq] = faqs;
	if (!editedFaq || !removedFaq)
		throw new Error("the demo content has fewer than 2 questions");
	const wroteReview = await app.inject({
		method: "POST",
		url: "/api/reviews",
		headers: authHeaders(customer.cookie),
		payload: { user_review: "Good saws.", user_rating: 5 },
	});
	if (wroteReview.statusCode !== 201)
		throw new Error(`writing a review failed: ${wroteReview.body}`);
	const form = new FormData();
	const png = await sharp({
		create: { width: 8, height: 8, channels: 3, background: "#808080" },
	})
		.png()
		.toBuffer();
	form.append(
		"photo",
		new Blob([new Uint8Array(png)], { type: "image/png" }),
		"me.png",
	);
	return {
		victimId: (await signUp(app, { name: "Victim" })).userId,
		promoteeId: (await signUp(app, { name: "Promotee" })).userId,
		toolId: tool.id,
		toolSlug: tool.slug,
		blogSlug: post.slug,
		imageName: String(tool.img).replace("/images/", ""),
		photo: await multipartBody(form),
		editedToolId: (await insertTestTool(db)).id,
		deletedToolId: (await insertTestTool(db)).id,
		newTool: await toolFormBody(VALID_TOOL_FIELDS, [
			["image", await makePng(), "tool.png", "image/png"],
		]),
		toolEdit: await toolFormBody({
			...VALID_TOOL_FIELDS,
			version: "1",
			available_quantity_seen: VALID_TOOL_FIELDS.available_quantity,
		}),
		orderInput,
		viewedOrderId: await placeOrder(),
		cancelledOrderId: await placeOrder(),
		paidOrderId: await placeOrder(),
		deletedOrderId: await placeOrder(),
		...(await addMatrixPoints(db)),
		invoiceId: await invoiceOf(db, await placeOrder()),
		logo: await toolFormBody({}, [
			["logo", await makePng(), "logo.png", "image/png"],
		]),
		hiddenReviewId: hiddenReview.id,
		shownReviewId: shownReview.id,
		deletedReviewId: deletedReview.id,
		editedFaqId: editedFaq.id,
		removedFaqId: removedFaq.id,
		faqIds: faqs.map((faq) => faq.id),
		portfolio: (await app.inject({ url: "/api/portfolio" })).json(),
		blogPostId: post.id,
		deletedBlogPostId: deletedPost.id,
		newBlogPost: await toolFormBody(postFields, [
			["cover", await makePng(), "cover.png", "image/png"],
		]),
		blogPostEdit: await toolFormBody({ ...postFields, version: "1" }),
		quotes: await addMatrixQuotes(app, customer, callers, orderInput),
	};
}

/** Issues the invoice of an order, as its payment would. */
async function invoiceOf(db: Db, orderId: string): Promise<string> {
	const order = await getAnyOrder(db, orderId);
	const invoice = await db
		.transaction()
		.execute((trx) => issueInvoice(trx, order, new Date()));
	return invoice.id;
}

async function addMatrixPoints(db: Db) {
	const [edited, removed] = await addReceivingPoints(
		db,
		["North", "South"].map((side) => ({
			name: `${side} Depot`,
			address: `${side} Road 1`,
			opening_hours: "Mon-Fri 8-18",
		})),
	);
	if (!edited || !removed) throw new Error("adding receiving points failed");
	return { editedPointId: edited.id, removedPointId: removed.id };
}

const MATRIX_DELIVERY = {
	kind: "delivery",
	address: {
		recipient: "Matrix Receiver",
		address: "9 Quote Street",
		city: "Leeds",
		state: "",
		zip: "LS1 1AA",
	},
} as const;

/** Quote requests of "customer": one to read, one to withdraw, one answered to accept, two for the admin. */
async function addMatrixQuotes(
	app: FastifyInstance,
	customer: SignedIn,
	callers: Callers,
	orderInput: { tool_id: string; order_quantity: number },
) {
	const input = {
		tool_id: orderInput.tool_id,
		quantity: orderInput.order_quantity,
	};
	const request = async () => {
		const response = await app.inject({
			method: "POST",
			url: "/api/quotes",
			headers: authHeaders(customer.cookie),
			payload: input,
		});
		if (response.statusCode !== 201)
			throw new Error(`asking for a quote failed: ${response.body}`);
		return String(response.json().id);
	};
	const acceptedId = await request();
	const admin = callers.accountOf("admin");
	if (!admin) throw new Error("callers missing");
	const answered = await app.inject({
		method: "POST",
		url: `/api/admin/quotes/${acceptedId}/answer`,
		headers: authHeaders(admin.cookie),
		payload: { unit_price: "10", valid_until: addDays(utcDay(), 7) },
	});
	if (answered.statusCode !== 200)
		throw new Error(`answering a quote failed: ${answered.body}`);
	return {
		input,
		acceptedId,
		viewedId: await request(),
		withdrawnId: await request(),
		answeredId: await request(),
		declinedId: await request(),
	};
}

function probesOf(route: string): Probe[] | undefined {
	const own = MATRIX[route];
	if (own || !route.startsWith("HEAD ")) return own;
	// HEAD answers as its GET does, without the body.
	return MATRIX[route.replace(/^HEAD /, "GET ")]?.map((probe) => ({
		...probe,
		request: (fixture: Fixture) => ({
			...probe.request(fixture),
			method: "HEAD",
		}),
	}));
}

test("every route has an entry in the authorization matrix, and every entry a route", async () => {
	const t = await createFullApp();
	const routes = listRoutes(t.app);
	const missing = routes.filter((route) => !probesOf(route));
	expect(missing, "add these routes to the matrix in this file").toEqual([]);
	const stale = Object.keys(MATRIX).filter((route) => !routes.includes(route));
	expect(stale, "these matrix entries match no route").toEqual([]);
});

// Hundreds of requests, nine callers on every route: far more than one test usually makes.
test("each caller gets the status the matrix names on every route, and no one else's email, address or orders", async () => {
	const t = await createFullApp();
	const callers = await createCallers(t);
	const fixture = await createFixture(t.app, t.db, callers);
	const failures: string[] = [];
	for (const route of listRoutes(t.app)) {
		for (const probe of probesOf(route) ?? []) {
			for (const caller of CALLERS) {
				const request = probe.request(fixture);
				const response = await t.app.inject({
					...request,
					headers: { ...callers.headersOf(caller), ...request.headers },
				});
				const where = `${request.method} ${request.url} as ${caller}`;
				const expected = probe.expected[caller];
				if (response.statusCode !== expected)
					failures.push(
						`${where}: ${response.statusCode}, expected ${expected}`,
					);
				for (const leak of findLeaks(callers, caller, response.body))
					failures.push(`${where}: shows ${leak}`);
			}
		}
	}
	expect(failures).toEqual([]);
}, 180_000);
