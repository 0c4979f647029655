import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export type SecurityHeaders = (
	request: IncomingMessage,
	response: ServerResponse,
) => void;

/** The API reference page sets inline styles from its script; nothing else may. */
const API_REFERENCE_PREFIX = "/api/docs";
const API_PREFIX = "/api/";

/**
 * What an API answer (JSON, an image, a PDF, a CSV file) carries: a document policy that loads
 * nothing and may not be framed, nosniff, no referrer, and its bytes for this origin only. The
 * headers that only a page's document reads (Permissions-Policy, COOP, Origin-Agent-Cluster, …)
 * would be some 700 bytes on each of the shop's most frequent answers, read by no one.
 */
function apiHeaders(isHttps: boolean): [string, string][] {
	return [
		["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
		["cross-origin-resource-policy", "same-origin"],
		["referrer-policy", "no-referrer"],
		["x-content-type-options", "nosniff"],
		["x-frame-options", "DENY"],
		...(isHttps
			? ([
					[
						"strict-transport-security",
						`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
					],
				] as [string, string][])
			: []),
	];
}

const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Browser features the shop never uses, denied to the page and anything it embeds. Payment is
 * denied too unless Stripe takes the payments: its wallet buttons run in Stripe's frames, so
 * then `payment` is granted to the page and Stripe's origin only.
 * (`interest-cohort` is left out: Chromium no longer knows it and logs an error for it.)
 */
const DENIED_FEATURES = [
	"accelerometer",
	"browsing-topics",
	"camera",
	"display-capture",
	"geolocation",
	"gyroscope",
	"hid",
	"magnetometer",
	"microphone",
	"midi",
	"serial",
	"usb",
	"xr-spatial-tracking",
].map((feature) => `${feature}=()`);

function permissionsPolicy(allowsStripe: boolean): string {
	const payment = allowsStripe ? `payment=(self "${STRIPE_JS}")` : "payment=()";
	return [...DENIED_FEATURES, payment].sort().join(", ");
}

/**
 * Where Stripe.js and its Payment Element come from and talk to: the script and its frames on
 * js.stripe.com, 3-D Secure pages on hooks.stripe.com, and Stripe's API.
 */
const STRIPE_JS = "https://js.stripe.com";
const STRIPE_SOURCES = {
	script: [STRIPE_JS, "https://*.js.stripe.com"],
	frame: [STRIPE_JS, "https://*.js.stripe.com", "https://hooks.stripe.com"],
	connect: ["https://api.stripe.com"],
};

/**
 * CSP allows images from our origin, data: URLs and blob: URLs (the preview of a photo picked in
 * a form, made by the page itself). It allows scripts only from our own origin (no inline script anywhere, including the API
 * reference), and styles only from our own style sheets, except on the API reference. When
 * Stripe takes the payments (`allowsStripe`), Stripe.js, its frames and its API are allowed as
 * well, and nothing else. helmet has no Permissions-Policy, so it is set here beside helmet's
 * headers.
 *
 * helmet is built once here and run on the raw response; @fastify/helmet rebuilt it on every
 * request, which cost more than the rest of serving the cached tool list. API answers get the
 * short set of apiHeaders instead.
 */
export function createSecurityHeaders({
	isHttps,
	allowsStripe = false,
}: {
	isHttps: boolean;
	allowsStripe?: boolean;
}): SecurityHeaders {
	const strict = buildHelmet({
		isHttps,
		allowInlineStyles: false,
		allowsStripe,
	});
	const apiReference = buildHelmet({
		isHttps,
		allowInlineStyles: true,
		allowsStripe: false,
	});
	const permissions = permissionsPolicy(allowsStripe);
	const api = apiHeaders(isHttps);
	// helmet only sets headers and calls back synchronously; it never fails.
	return (request, response) => {
		const url = request.url ?? "";
		const isApiReference = url.startsWith(API_REFERENCE_PREFIX);
		if (url.startsWith(API_PREFIX) && !isApiReference) {
			for (const [name, value] of api) response.setHeader(name, value);
			return;
		}
		const setHeaders = isApiReference ? apiReference : strict;
		setHeaders(request, response, () => {});
		response.setHeader("permissions-policy", permissions);
	};
}

function buildHelmet({
	isHttps,
	allowInlineStyles,
	allowsStripe,
}: {
	isHttps: boolean;
	allowInlineStyles: boolean;
	allowsStripe: boolean;
}) {
	const stripe = (sources: string[]) => (allowsStripe ? sources : []);
	return helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				"default-src": ["'self'"],
				"script-src": ["'self'", ...stripe(STRIPE_SOURCES.script)],
				"style-src": allowInlineStyles
					? ["'self'", "'unsafe-inline'"]
					: ["'self'"],
				"img-src": ["'self'", "data:", "blob:"],
				"font-src": ["'self'", "data:"],
				"connect-src": ["'self'", ...stripe(STRIPE_SOURCES.connect)],
				...(allowsStripe ? { "frame-src": STRIPE_SOURCES.frame } : {}),
				"object-src": ["'none'"],
				"base-uri": ["'self'"],
				"form-action": ["'self'"],
				"frame-ancestors": ["'none'"],
				...(isHttps ? { "upgrade-insecure-requests": [] } : {}),
			},
		},
		crossOriginEmbedderPolicy: false,
		referrerPolicy: { policy: "strict-origin-when-cross-origin" },
		strictTransportSecurity: isHttps
			? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
			: false,
		xFrameOptions: { action: "deny" },
	});
}

export function registerSecurityHeaders(
	app: FastifyInstance,
	setHeaders: SecurityHeaders,
): void {
	app.addHook("onRequest", (request, reply, done) => {
		setHeaders(request.raw, reply.raw);
		done();
	});
}
