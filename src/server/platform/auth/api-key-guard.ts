import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
	API_KEY_HEADER,
	API_KEY_PREFIX,
	type ApiKeyScope,
	ApiKeyScopeSchema,
} from "../../../shared/api-keys.schemas.ts";
import type { Db } from "../db/database.ts";
import { ForbiddenError, UnauthorizedError } from "../http/errors.ts";
import {
	sendTooManyRequests,
	setRateLimitHeaders,
} from "../http/too-many-requests.ts";
import type { SharedCounters } from "../limits/shared-counters.ts";

/** The key a request came with, once verified: who the integration is and what it may do. */
export type CallingKey = { id: string; name: string; scopes: ApiKeyScope[] };

declare module "fastify" {
	interface FastifyRequest {
		/** Set by the API key guard on a route a key opened; null otherwise. */
		apiKey: CallingKey | null;
	}
}

/** Requests one key may make a minute, across every instance, whatever its scopes. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
const MINUTE = 60_000;
/** `last_used_at` is written at most this often per key: a key in use costs no write a request. */
const LAST_USED_RESOLUTION_MS = MINUTE;
/** How many characters of the secret the admins see, its prefix included. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;

/** A new key's secret (shown once), its digest (kept) and the characters the admins see. */
export function makeApiKeySecret(): {
	secret: string;
	hash: string;
	prefix: string;
} {
	const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
	return {
		secret,
		hash: hashApiKey(secret),
		prefix: secret.slice(0, SHOWN_CHARACTERS),
	};
}

/**
 * The digest a key is kept and found by. A plain SHA-256 is enough: the secret is 256 random
 * bits, so no dictionary or slow hash is needed against a stolen table.
 */
export function hashApiKey(secret: string): string {
	return createHash("sha256").update(secret).digest("hex");
}

export type ApiKeyGuard = {
	/**
	 * The preHandler of a route that a key with `scope` may call: 401 for a key that is unknown
	 * or revoked, 403 for one without the scope, 429 past the key's requests a minute.
	 */
	requireScope(
		scope: ApiKeyScope,
	): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
	/** The preHandler of every other route: a key opens nothing there (403). */
	refuseKey(request: FastifyRequest): Promise<void>;
};

export function createApiKeyGuard({
	db,
	counters,
	now,
}: {
	db: Db;
	counters: SharedCounters;
	now: () => number;
}): ApiKeyGuard {
	async function verify(secret: string): Promise<CallingKey> {
		const row = await db
			.selectFrom("api_keys")
			.select(["id", "name", "scopes", "last_used_at"])
			.where("key_hash", "=", hashApiKey(secret))
			.where("revoked_at", "is", null)
			.executeTakeFirst();
		if (!row)
			throw new UnauthorizedError(
				"This API key is not valid: it was revoked, or never existed",
			);
		const at = now();
		if (
			row.last_used_at === null ||
			Date.parse(row.last_used_at) <= at - LAST_USED_RESOLUTION_MS
		)
			await db
				.updateTable("api_keys")
				.set({ last_used_at: new Date(at).toISOString() })
				.where("id", "=", row.id)
				.execute();
		return { id: row.id, name: row.name, scopes: readScopes(row.scopes) };
	}

	return {
		requireScope(scope) {
			return async function requireKeyScope(request, reply) {
				const secret = request.headers[API_KEY_HEADER];
				if (typeof secret !== "string")
					throw new UnauthorizedError("Send the API key in X-Api-Key");
				const key = await verify(secret);
				if (!key.scopes.includes(scope))
					throw new ForbiddenError(
						`This API key may not do this: it needs the ${scope} scope`,
					);
				const window = await counters.add(`api-key:${key.id}`, MINUTE);
				const state = {
					limit: API_KEY_REQUESTS_PER_MINUTE,
					remaining: API_KEY_REQUESTS_PER_MINUTE - window.count,
					resetSeconds: Math.max(
						1,
						Math.ceil((window.resetAt - counters.now()) / 1000),
					),
				};
				if (state.remaining < 0)
					return sendTooManyRequests(reply, {
						limit: state.limit,
						retryAfterSeconds: state.resetSeconds,
						reason: "Too many requests with this API key.",
					});
				setRateLimitHeaders(reply, state);
				request.apiKey = key;
			};
		},
		async refuseKey(request) {
			if (request.headers[API_KEY_HEADER] !== undefined)
				throw new ForbiddenError(
					"An API key opens only the routes its scopes name (see the API reference); this one needs a signed-in account",
				);
		},
	};
}

/** The scopes as stored; one this version does not know is left out rather than trusted. */
function readScopes(json: string): ApiKeyScope[] {
	const stored: unknown = JSON.parse(json);
	if (!Array.isArray(stored)) return [];
	return stored.flatMap((scope) => {
		const known = ApiKeyScopeSchema.safeParse(scope);
		return known.success ? [known.data] : [];
	});
}
