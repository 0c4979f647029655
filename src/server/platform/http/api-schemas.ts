import * as z from "zod/mini";
import { ApiErrorBodySchema } from "../../../shared/api-error.ts";

function errorResponse(description: string) {
	return ApiErrorBodySchema.check(z.describe(description));
}

/** Error responses every public read route can give; listed so the OpenAPI document shows them. */
export const readErrorResponses = {
	400: errorResponse(
		"The request is not valid: VALIDATION_FAILED, with one detail per bad field",
	),
	404: errorResponse("Nothing has this id or slug: NOT_FOUND"),
};

/** A 429 of a route with a quota: the error envelope with the seconds to wait (route-quotas.ts). */
export const tooManyRequestsResponse = z
	.object({
		error: z.object({
			code: z.literal("TOO_MANY_REQUESTS"),
			message: z.string(),
			retryAfterSeconds: z.number(),
		}),
	})
	.check(
		z.describe(
			"TOO_MANY_REQUESTS: a quota of this operation is used up; Retry-After and RateLimit-Reset say in how many seconds it is whole again",
		),
	);

/** For an operation with no client error of its own: any 4xx still comes in the error envelope. */
export const clientErrorResponses = {
	"4xx": errorResponse("A client error, in the error envelope"),
};

/** Every way a client can prove who it is; an operation names those it accepts in `security`. */
export const securitySchemes = {
	sessionCookie: {
		type: "apiKey",
		in: "cookie",
		name: "better-auth.session_token",
		description:
			"The HttpOnly session cookie set by signing in (web app); named __Host-better-auth.session_token when the shop is served over https.",
	},
	bearerToken: {
		type: "http",
		scheme: "bearer",
		description: "A session token sent by API clients other than the web app.",
	},
	apiKey: {
		type: "apiKey",
		in: "header",
		name: "X-Api-Key",
		description:
			"A key an admin made for another system (Dashboard › API Keys), shown once. It opens only the operations whose `x-api-key-scope` is one of its scopes: catalog:read, orders:read, stock:write. 600 requests a minute per key.",
	},
} as const;

/**
 * `security` of an operation for signed-in users: the session cookie or a bearer token. Set from
 * each route's declared access (route-access.ts), public operations getting `security: []`, so
 * Redocly's `security-defined` rule holds for every operation.
 */
export const signedInAccess: readonly Record<string, readonly string[]>[] = [
	{ sessionCookie: [] },
	{ bearerToken: [] },
];
