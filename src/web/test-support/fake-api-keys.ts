import { vi } from "vitest";
import {
	API_KEYS_ACTIVE_MAX,
	type ApiKey,
	NewApiKeyInputSchema,
} from "../../shared/api-keys.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { admin } from "./fake-catalog.ts";

export { admin };

/** The n-th key of the shop (a higher n was made later): reads the catalog, never used. */
export function anApiKey(n: number, changes: Partial<ApiKey> = {}): ApiKey {
	return {
		id: `50000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		name: `Integration ${String(n).padStart(2, "0")}`,
		scopes: ["catalog:read"],
		prefix: `tgk_Key${String(n).padStart(3, "0")}`,
		created_at: new Date(Date.UTC(2026, 10, 10 + n, 9, 30)).toISOString(),
		created_by_email: admin.email,
		last_used_at: null,
		revoked_at: null,
		...changes,
	};
}

export type ApiKeyRequest = { method: string; url: URL; body: unknown };

/**
 * The API keys' admin API over `keys` (changed by the requests), as the server answers it: newest
 * first, revoked ones included, 20 a page; making a key checks its input, refuses a 21st active
 * key and answers with the secret once; revoking sets revoked_at, and a revoked key is answered
 * unchanged. `answer` may answer a request first, to stage a failure. Returns every request
 * sent, in order.
 */
export function serveApiKeys(
	keys: ApiKey[],
	{
		me = admin,
		now = "2026-11-27T10:00:00.000Z",
		answer = () => undefined,
	}: {
		me?: object;
		now?: string;
		answer?: (request: ApiKeyRequest) => Response | undefined;
	} = {},
): ApiKeyRequest[] {
	const sent: ApiKeyRequest[] = [];
	let made = 0;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const body = init?.body ? JSON.parse(String(init.body)) : undefined;
			const request = { method, url, body };
			sent.push(request);
			const staged = answer(request);
			if (staged) return staged;
			if (url.pathname === "/api/session") return jsonResponse({ me });
			if (url.pathname === "/api/admin/api-keys" && method === "GET") {
				const newestFirst = [...keys].sort((a, b) =>
					b.created_at.localeCompare(a.created_at),
				);
				return pageOf(newestFirst, url, 20);
			}
			if (url.pathname === "/api/admin/api-keys" && method === "POST") {
				const parsed = NewApiKeyInputSchema.safeParse(body);
				if (!parsed.success) {
					const details = parsed.error.issues.map((issue) => ({
						field: issue.path.join("."),
						message: issue.message,
					}));
					return errorResponse(
						400,
						"VALIDATION_FAILED",
						`Invalid body: ${details.map((detail) => detail.field).join(", ")}`,
						details,
					);
				}
				const active = keys.filter((key) => key.revoked_at === null);
				if (active.length >= API_KEYS_ACTIVE_MAX)
					return errorResponse(
						409,
						"CONFLICT",
						`A shop holds at most ${API_KEYS_ACTIVE_MAX} active API keys: revoke one first`,
					);
				made += 1;
				const secret = `tgk_New${made}SecretPart0123456789abcdefXYZ`;
				const key: ApiKey = {
					id: `5f000000-0000-4000-8000-${String(made).padStart(12, "0")}`,
					...parsed.data,
					prefix: secret.slice(0, 10),
					created_at: now,
					created_by_email: admin.email,
					last_used_at: null,
					revoked_at: null,
				};
				keys.push(key);
				return jsonResponse({ key, secret }, 201);
			}
			const revoked = /^\/api\/admin\/api-keys\/([^/]+)\/revoke$/.exec(
				url.pathname,
			)?.[1];
			if (revoked && method === "POST") {
				const index = keys.findIndex((key) => key.id === revoked);
				const key = keys[index];
				if (!key) return errorResponse(404, "NOT_FOUND", "API key not found");
				if (key.revoked_at) return jsonResponse(key);
				const after = { ...key, revoked_at: now };
				keys[index] = after;
				return jsonResponse(after);
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	return sent;
}
