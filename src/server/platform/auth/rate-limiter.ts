import type { SharedCounters } from "../limits/shared-counters.ts";

export type LimitDecision =
	| { allowed: true }
	| { allowed: false; retryAfterSeconds: number };

/** A decision that counted the request, with the end of the window it was counted in. */
export type TakenDecision = LimitDecision & { windowEnd: number };

export type RateLimiter = {
	/** Whether one more request under this key fits; counts it either way. */
	take(key: string): Promise<TakenDecision>;
	/** Whether the key is already at its limit, without counting anything. */
	check(key: string): Promise<LimitDecision>;
	/** Counts one event (a failed sign-in) without asking. */
	hit(key: string): Promise<void>;
	/**
	 * Gives back one count that `take` took (a request refused for another reason), only while the
	 * window it was taken in (`windowEnd`, from `take`) lasts: a give-back that arrives after that
	 * window ended never lowers the next window's count.
	 */
	giveBack(key: string, windowEnd: number): Promise<void>;
	reset(key: string): Promise<void>;
};

/**
 * A fixed window per key, counted in the shared counters (so every instance of the shop counts
 * the same requests). `name` keeps this limiter's keys apart from every other's.
 */
export function createRateLimiter(
	{ name, max, windowMs }: { name: string; max: number; windowMs: number },
	counters: SharedCounters,
): RateLimiter {
	const keyOf = (key: string) => `${name}:${key}`;

	function refusal(resetAt: number): LimitDecision {
		return {
			allowed: false,
			retryAfterSeconds: Math.max(
				1,
				Math.ceil((resetAt - counters.now()) / 1000),
			),
		};
	}

	return {
		async take(key) {
			const { count, resetAt } = await counters.add(keyOf(key), windowMs);
			return {
				...(count > max ? refusal(resetAt) : { allowed: true }),
				windowEnd: resetAt,
			};
		},
		async check(key) {
			const { count, resetAt } = await counters.add(keyOf(key), windowMs, {
				by: 0,
			});
			return count >= max ? refusal(resetAt) : { allowed: true };
		},
		async hit(key) {
			await counters.add(keyOf(key), windowMs);
		},
		async giveBack(key, windowEnd) {
			await counters.add(keyOf(key), windowMs, { by: -1, windowEnd });
		},
		async reset(key) {
			await counters.reset(keyOf(key));
		},
	};
}

/** "Try again in 12 minutes." — rounded up, never "0 minutes". */
export function describeRetryAfter(seconds: number): string {
	if (seconds < 60)
		return `Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
	const minutes = Math.ceil(seconds / 60);
	return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
