import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export type SecurityHeaders = (
	request: IncomingMessage,
	response: ServerResponse,
) => void;

/** The API reference page sets inline styles from its script; nothing else may. */
const API_REFERENCE_PREFIX = "/api/docs";

/**
 * Browser features the shop never uses, denied to the page and anything it embeds. Payment is
 * denied too until a payment provider lands: Stripe's wallet buttons run in Stripe's frames,
 * so that change grants `payment` to Stripe's origin along with the CSP it needs.
 * (`interest-cohort` is left out: Chromium no longer knows it and logs an error for it.)
 */
const PERMISSIONS_POLICY = [
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
	"payment",
	"serial",
	"usb",
	"xr-spatial-tracking",
]
	.map((feature) => `${feature}=()`)
	.join(", ");

/**
 * CSP allows images from our origin, data: URLs and blob: URLs (the preview of a photo picked in
 * a form, made by the page itself). It allows scripts only from our own origin (no inline script anywhere, including the API
 * reference), and styles only from our own style sheets, except on the API reference. helmet
 * has no Permissions-Policy, so it is set here beside helmet's headers.
 *
 * helmet is built once here and run on the raw response; @fastify/helmet rebuilt it on every
 * request, which cost more than the rest of serving the cached tool list.
 */
export function createSecurityHeaders({
	isHttps,
}: {
	isHttps: boolean;
}): SecurityHeaders {
	const strict = buildHelmet({ isHttps, allowInlineStyles: false });
	const apiReference = buildHelmet({ isHttps, allowInlineStyles: true });
	// helmet only sets headers and calls back synchronously; it never fails.
	return (request, response) => {
		const setHeaders = request.url?.startsWith(API_REFERENCE_PREFIX)
			? apiReference
			: strict;
		setHeaders(request, response, () => {});
		response.setHeader("permissions-policy", PERMISSIONS_POLICY);
	};
}

function buildHelmet({
	isHttps,
	allowInlineStyles,
}: {
	isHttps: boolean;
	allowInlineStyles: boolean;
}) {
	return helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				"default-src": ["'self'"],
				"script-src": ["'self'"],
				"style-src": allowInlineStyles
					? ["'self'", "'unsafe-inline'"]
					: ["'self'"],
				"img-src": ["'self'", "data:", "blob:"],
				"font-src": ["'self'", "data:"],
				"connect-src": ["'self'"],
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
			? { maxAge: 31_536_000, includeSubDomains: true }
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
