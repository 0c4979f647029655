import type { FastifyReply } from "fastify";
import { describeRetryAfter } from "../auth/rate-limiter.ts";

/** Where a limit stands after this request: the IETF RateLimit header fields' figures. */
export type RateLimitState = {
	limit: number;
	remaining: number;
	/** Seconds until the window ends and the allowance is whole again. */
	resetSeconds: number;
};

/**
 * The IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, on allowed
 * answers and refusals alike, so a client can slow down before it is refused.
 */
export function setRateLimitHeaders(
	reply: FastifyReply,
	{ limit, remaining, resetSeconds }: RateLimitState,
): FastifyReply {
	return reply
		.header("ratelimit-limit", String(limit))
		.header("ratelimit-remaining", String(Math.max(0, remaining)))
		.header("ratelimit-reset", String(Math.max(0, resetSeconds)));
}

export type TooManyRequests = {
	/** The limit that was reached. */
	limit: number;
	retryAfterSeconds: number;
	/** Says which limit, before the retry time: "Too many orders from your account." */
	reason: string;
	/**
	 * `api` (default): our error envelope, `{ error: { code, message, retryAfterSeconds } }`.
	 * `auth-library`: the shape of the auth library's own answers under /api/auth, `{ code,
	 * message, retryAfterSeconds }`, which its client reads.
	 */
	envelope?: "api" | "auth-library";
};

/**
 * Answers 429 with `Retry-After`, the RateLimit header fields and a message that ends with when to
 * try again ("… Try again in 12 minutes."). The one way every limit of the server refuses.
 */
export function sendTooManyRequests(
	reply: FastifyReply,
	{ limit, retryAfterSeconds, reason, envelope = "api" }: TooManyRequests,
): FastifyReply {
	const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
	const body = {
		code: "TOO_MANY_REQUESTS" as const,
		message: `${reason} ${describeRetryAfter(seconds)}`,
		retryAfterSeconds: seconds,
	};
	setRateLimitHeaders(reply, { limit, remaining: 0, resetSeconds: seconds });
	return reply
		.code(429)
		.header("retry-after", String(seconds))
		.send(envelope === "api" ? { error: body } : body);
}
