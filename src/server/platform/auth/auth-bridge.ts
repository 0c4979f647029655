import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import type { Clock } from "../clock.ts";
import { AUTH_BASE_PATH, type Auth, CLIENT_ADDRESS_HEADER } from "./auth.ts";
import {
	createRateLimiter,
	describeRetryAfter,
	type LimitDecision,
} from "./rate-limiter.ts";

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

function sendTooMany(
	reply: FastifyReply,
	decision: LimitDecision,
	what: string,
) {
	if (decision.allowed) throw new Error("sendTooMany needs a refusal");
	return reply
		.code(429)
		.header("retry-after", String(decision.retryAfterSeconds))
		.send({
			code: "TOO_MANY_REQUESTS",
			message: `${what} ${describeRetryAfter(decision.retryAfterSeconds)}`,
			retryAfterSeconds: decision.retryAfterSeconds,
		});
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
	{ auth, config, clock }: { auth: Auth; config: Config; clock: Clock },
): Promise<void> {
	const { limits } = config.auth;
	const perAddress = createRateLimiter(
		{ max: limits.perAddress, windowMs: limits.windowMs },
		clock,
	);
	const failuresPerAccount = createRateLimiter(
		{ max: limits.failuresPerAccount, windowMs: limits.windowMs },
		clock,
	);

	app.route({
		method: ["GET", "POST"],
		url: `${AUTH_BASE_PATH}/*`,
		schema: { hide: true },
		handler: async (request, reply) => {
			const path = request.url.split("?", 1)[0] ?? request.url;
			const addressDecision = perAddress.take(
				`${endpointGroup(path)}:${request.ip}`,
			);
			if (!addressDecision.allowed)
				return sendTooMany(
					reply,
					addressDecision,
					"Too many requests from your network.",
				);

			const account =
				path === SIGN_IN_PATH ? accountKey(request.body) : undefined;
			if (account) {
				const decision = failuresPerAccount.check(account);
				if (!decision.allowed)
					return sendTooMany(
						reply,
						decision,
						"Too many failed sign-ins for this account.",
					);
			}

			const response = await auth.handler(
				new Request(new URL(request.url, config.publicUrl), {
					method: request.method,
					headers: toFetchHeaders(request),
					body:
						request.method === "POST" && request.body !== undefined
							? JSON.stringify(request.body)
							: undefined,
				}),
			);

			if (account && response.status === 401) failuresPerAccount.hit(account);

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
