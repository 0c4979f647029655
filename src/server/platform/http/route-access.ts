import type {
	FastifyInstance,
	FastifyReply,
	FastifyRequest,
	FastifySchema,
	onRouteHookHandler,
	preHandlerHookHandler,
	RouteOptions,
} from "fastify";
import * as z from "zod/mini";
import {
	API_KEY_HEADER,
	type ApiKeyScope,
} from "../../../shared/api-keys.schemas.ts";
import {
	IDEMPOTENCY_KEY_HEADER,
	IdempotencyKeySchema,
} from "../../../shared/orders.schemas.ts";
import type { ApiKeyGuard } from "../auth/api-key-guard.ts";
import type { SessionGuard } from "../auth/session-guard.ts";
import { signedInAccess, tooManyRequestsResponse } from "./api-schemas.ts";
import type { Idempotency } from "./idempotency.ts";
import type { QuotaName } from "./quota-policies.ts";
import type { RouteQuotas } from "./route-quotas.ts";

/**
 * Who may call a route. "owner": signed in, and the handler checks that the resource is the
 * caller's (or the caller an admin); the guard is signed-in's, the declaration says so.
 */
export const ROUTE_ACCESS = ["public", "signed-in", "owner", "admin"] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module "fastify" {
	interface FastifyContextConfig {
		/** Who may call the route; a route without it cannot be registered (route-access.ts). */
		access?: RouteAccess;
		/** The quotas each request counts against (quota-policies.ts). */
		quota?: QuotaName | readonly QuotaName[];
		/**
		 * "own": the route keeps its Idempotency-Key itself (an order: one key, one order), instead
		 * of the answer being kept and given again (idempotency.ts). "never": the answer holds a
		 * secret shown once, which no table may keep; the route takes no key.
		 */
		idempotency?: "own" | "never";
		/**
		 * The scope that lets an API key (X-Api-Key) call the route instead of a signed-in
		 * account; a key opens no route without one.
		 */
		apiKey?: ApiKeyScope;
	}
}

const SCOPE_ACCESS = Symbol("scope access");
const DECLARATIONS = Symbol("route access declarations");

/** The header every signed-in POST accepts: a repeat with the same key gets the first answer. */
const IdempotencyHeadersSchema = z.object({
	[IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema,
});

/** One registered route and what it declares, as `listRouteDeclarations` reports it. */
export type RouteDeclaration = {
	method: string;
	url: string;
	access: RouteAccess;
	quotas: readonly QuotaName[];
	apiKeyScope?: ApiKeyScope;
};

/**
 * For routes a plugin we do not write registers in `scope` (static files, the API reference): they
 * cannot carry a route config, so the scope declares their access for them.
 */
export function declareScopeAccess(
	scope: FastifyInstance,
	access: RouteAccess,
): void {
	scope.decorate(SCOPE_ACCESS, access);
}

function isRouteAccess(value: unknown): value is RouteAccess {
	return ROUTE_ACCESS.some((access) => access === value);
}

function toList<T>(value: T | readonly T[] | undefined): readonly T[] {
	if (value === undefined) return [];
	return Array.isArray(value) ? value : [value as T];
}

/** Every route registered since `registerRouteAccess`, with its access and quotas. */
export function listRouteDeclarations(
	app: FastifyInstance,
): readonly RouteDeclaration[] {
	const declarations: unknown = (app as unknown as Record<symbol, unknown>)[
		DECLARATIONS
	];
	if (!Array.isArray(declarations))
		throw new Error("registerRouteAccess was not called on this app");
	return declarations;
}

function describeRoute(route: RouteOptions): string {
	return `${toList(route.method).join(",")} ${route.url}`;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function guardOf(access: RouteAccess, guard: SessionGuard): Guard | undefined {
	if (access === "admin") return guard.requireAdmin;
	if (access === "signed-in" || access === "owner") return guard.requireUser;
	return undefined;
}

/**
 * Who the request is: with an X-Api-Key, the key's guard alone (it opens the route or refuses);
 * otherwise the session guard of the route's access, if any.
 */
function authenticatorOf(
	sessionGuard: Guard | undefined,
	keyGuard: Guard,
): preHandlerHookHandler {
	return async function authenticate(
		request: FastifyRequest,
		reply: FastifyReply,
	) {
		if (request.headers[API_KEY_HEADER] !== undefined)
			return keyGuard(request, reply);
		if (sessionGuard) return sessionGuard(request, reply);
	};
}

type DocumentedSchema = FastifySchema & {
	hide?: boolean;
	description?: string;
	security?: readonly Record<string, readonly string[]>[];
	response?: Record<string, unknown>;
	"x-access"?: RouteAccess;
	"x-api-key-scope"?: ApiKeyScope;
};

/**
 * The OpenAPI side of the declaration: `security` when the route names none, `x-access`, "Admins
 * only." for admin operations and the 429 of a route with a quota. A copy: the route's own schema
 * object may be shared with its HEAD route.
 */
function documentAccess(
	schema: DocumentedSchema,
	access: RouteAccess,
	hasQuota: boolean,
	apiKeyScope: ApiKeyScope | undefined,
): DocumentedSchema {
	if (schema.hide) return schema;
	const byAccess = access === "public" ? [] : signedInAccess;
	const documented: DocumentedSchema = {
		...schema,
		security:
			schema.security ??
			(apiKeyScope
				? [...(access === "public" ? [{}] : byAccess), { apiKey: [] }]
				: byAccess),
		"x-access": access,
		...(apiKeyScope ? { "x-api-key-scope": apiKeyScope } : {}),
	};
	if (access === "admin" && !schema.description?.startsWith("Admins only."))
		documented.description = schema.description
			? `Admins only. ${schema.description}`
			: "Admins only.";
	if (hasQuota)
		documented.response = { ...schema.response, 429: tooManyRequestsResponse };
	return documented;
}

/**
 * Default deny: every route declares who may call it (`config: { access }`), and the guard comes
 * from that declaration, before the route's own preHandlers, followed by the quotas it declares
 * (`config: { quota }`). A route that declares nothing cannot be registered. Register on the root
 * instance before any route.
 */
export function registerRouteAccess(
	app: FastifyInstance,
	{
		guard,
		apiKeys,
		quotas,
		idempotency,
	}: {
		guard: SessionGuard;
		apiKeys: ApiKeyGuard;
		quotas: RouteQuotas;
		idempotency: Idempotency;
	},
): void {
	const declarations: RouteDeclaration[] = [];
	app.decorate(DECLARATIONS, declarations);
	const onRoute: onRouteHookHandler = function (route) {
		const scopeAccess: unknown = (this as unknown as Record<symbol, unknown>)[
			SCOPE_ACCESS
		];
		const access: unknown = route.config?.access ?? scopeAccess;
		if (access === undefined)
			throw new Error(
				`${describeRoute(route)} declares no access: add config: { access: "public" | "signed-in" | "owner" | "admin" }`,
			);
		if (!isRouteAccess(access))
			throw new Error(
				`${describeRoute(route)} declares an unknown access: ${String(access)}`,
			);
		const quotaNames = toList(route.config?.quota);
		const apiKeyScope = route.config?.apiKey;
		for (const method of toList(route.method))
			declarations.push({
				method,
				url: route.url,
				access,
				quotas: quotaNames,
				...(apiKeyScope ? { apiKeyScope } : {}),
			});
		const guardHandler = authenticatorOf(
			guardOf(access, guard),
			apiKeyScope ? apiKeys.requireScope(apiKeyScope) : apiKeys.refuseKey,
		);
		// Every POST of a signed-in caller takes an Idempotency-Key, counted by its quotas first.
		const isKeyed =
			toList(route.method).includes("POST") &&
			access !== "public" &&
			route.config?.idempotency === undefined;
		if (isKeyed) {
			if (route.schema?.headers)
				throw new Error(
					`${describeRoute(route)} declares headers: declare Idempotency-Key among them and config: { idempotency: "own" }`,
				);
			route.schema = { ...route.schema, headers: IdempotencyHeadersSchema };
		}
		const preHandlers = [
			guardHandler,
			...(quotaNames.length > 0 ? [quotas.preHandlerFor(quotaNames)] : []),
			...(isKeyed ? [idempotency.preHandler] : []),
		];
		if (preHandlers.length > 0)
			route.preHandler = [
				...preHandlers,
				...toList<preHandlerHookHandler>(route.preHandler),
			];
		if (route.schema)
			route.schema = documentAccess(
				route.schema as DocumentedSchema,
				access,
				quotaNames.length > 0,
				apiKeyScope,
			);
	};
	app.addHook("onRoute", onRoute);
}
