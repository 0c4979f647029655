import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { clientGroup } from "../http/client-address.ts";
import { sendTooManyRequests } from "../http/too-many-requests.ts";
import type { SharedCounters } from "../limits/shared-counters.ts";
import { AUTH_BASE_PATH, type Auth, CLIENT_ADDRESS_HEADER } from "./auth.ts";
import { createRateLimiter } from "./rate-limiter.ts";
import { createSignInThrottle } from "./sign-in-throttle.ts";

const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;

/** Each auth endpoint group gets its own allowance per client address. */
function endpointGroup(path: string): string {
	const rest = path.slice(AUTH_BASE_PATH.length);
	if (rest.startsWith("/sign-in/")) return "sign-in";
	if (rest.startsWith("/sign-up/")) return "sign-up";
	if (rest.startsWith("/two-factor/")) return "two-factor";
	if (
		rest.startsWith("/request-password-reset") ||
		rest.startsWith("/reset-password")
	)
		return "password";
	return "other";
}

function toFetchHeaders(request: FastifyRequest): Headers {
	const headers = new Headers();
	for (const [name, value] of Object.entries(request.headers)) {
		if (value === undefined || name === CLIENT_ADDRESS_HEADER) continue;
		if (Array.isArray(value))
			for (const item of value) headers.append(name, item);
		else headers.set(name, value);
	}
	// request.ip honours TRUST_PROXY; a client's own X-Forwarded-For never reaches the auth.
	headers.set(CLIENT_ADDRESS_HEADER, request.ip);
	return headers;
}

function accountKey(body: unknown): string | undefined {
	if (typeof body !== "object" || body === null) return undefined;
	const email = (body as { email?: unknown }).email;
	return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * Serves better-auth under /api/auth/* through Fastify, so its requests pass our limits, body
 * parsing (JSON only), security headers and logging like any other route.
 */
export async function registerAuthBridge(
	app: FastifyInstance,
	{
		auth,
		config,
		counters,
		onSignInDelayed,
		beforeAuthRequest,
		signInRace,
	}: {
		auth: Auth;
		config: Config;
		/** Where the limits count: shared by every instance of the shop. */
		counters: SharedCounters;
		/** Told once when an account's failures from one client start costing time (the audit log). */
		onSignInDelayed?: (event: { email: string; address: string }) => void;
		/**
		 * What a password sign-in relies on (the password hash, the confirmation), read before and
		 * after it; and how to end the session it made when that changed meanwhile.
		 */
		signInRace?: {
			stampOf(email: string): Promise<string | undefined>;
			endSession(signedToken: string): Promise<void>;
		};
		/**
		 * Runs before the auth library sees a request (ending a session past its absolute lifetime,
		 * noting what the request may change); what it returns runs after a successful answer.
		 */
		beforeAuthRequest?: (
			request: FastifyRequest,
			path: string,
		) => Promise<(() => Promise<void>) | undefined>;
	},
): Promise<void> {
	const { limits } = config.auth;
	const perAddress = createRateLimiter(
		{ name: "auth", max: limits.perAddress, windowMs: limits.windowMs },
		counters,
	);
	const signInFailures = createSignInThrottle(
		{ freeFailures: limits.failuresPerAccount, windowMs: limits.windowMs },
		counters,
	);

	app.route({
		method: ["GET", "POST"],
		url: `${AUTH_BASE_PATH}/*`,
		schema: { hide: true },
		// The auth library checks its own sessions on each of its endpoints.
		config: { access: "public" },
		handler: async (request, reply) => {
			const path = request.url.split("?", 1)[0] ?? request.url;
			const client = clientGroup(request.ip);
			const addressDecision = await perAddress.take(
				`${endpointGroup(path)}:${client}`,
			);
			if (!addressDecision.allowed)
				return sendTooManyRequests(reply, {
					limit: limits.perAddress,
					retryAfterSeconds: addressDecision.retryAfterSeconds,
					reason: "Too many requests from your network.",
					envelope: "auth-library",
				});

			const account =
				path === SIGN_IN_PATH ? accountKey(request.body) : undefined;
			// The account and the client together: another address's failures cost the owner nothing.
			const failureKey = account && `${account}|${client}`;
			if (failureKey) {
				const decision = await signInFailures.begin(failureKey);
				if (!decision.allowed)
					return sendTooManyRequests(reply, {
						limit: limits.failuresPerAccount,
						retryAfterSeconds: decision.retryAfterSeconds,
						reason:
							"Too many failed sign-ins for this account from your network.",
						envelope: "auth-library",
					});
			}
			let afterSuccess: (() => Promise<void>) | undefined;
			let stampBefore: string | undefined;
			let response: Response;
			try {
				afterSuccess = await beforeAuthRequest?.(request, path);
				stampBefore = account && (await signInRace?.stampOf(account));
				response = await auth.handler(
					new Request(new URL(request.url, config.publicUrl), {
						method: request.method,
						headers: toFetchHeaders(request),
						body:
							request.method === "POST" && request.body !== undefined
								? JSON.stringify(request.body)
								: undefined,
					}),
				);
				// Counted before the next attempt of this account and client may begin.
				if (
					account &&
					failureKey &&
					response.status === 401 &&
					(await signInFailures.fail(failureKey))
				)
					onSignInDelayed?.({ email: account, address: client });
			} finally {
				if (failureKey) signInFailures.finish(failureKey);
			}

			// The owner chose a new password (or confirmed the address) while this sign-in checked
			// the old one: the session it made would outlive the change, so it is ended and refused.
			if (account && response.ok && signInRace) {
				const stampAfter = await signInRace.stampOf(account);
				if (stampAfter !== stampBefore) {
					const token = response.headers.get("set-auth-token");
					if (token) await signInRace.endSession(token);
					return reply.code(401).send({
						code: "INVALID_EMAIL_OR_PASSWORD",
						message: "Invalid email or password",
					});
				}
			}

			if (failureKey && response.ok) await signInFailures.succeed(failureKey);

			if (response.ok) await afterSuccess?.();
			reply.code(response.status);
			for (const [name, value] of response.headers) {
				if (name === "set-cookie" || name === "content-length") continue;
				reply.header(name, value);
			}
			const cookies = response.headers.getSetCookie();
			if (cookies.length > 0) reply.header("set-cookie", cookies);
			return reply.send(Buffer.from(await response.arrayBuffer()));
		},
	});
}
