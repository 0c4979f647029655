import type { SharedCounters } from "../limits/shared-counters.ts";

export type LimitDecision =
	| { allowed: true }
	| { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
	/** Whether one more request under this key fits; counts it either way. */
	take(key: string): Promise<LimitDecision>;
	/** Whether the key is already at its limit, without counting anything. */
	check(key: string): Promise<LimitDecision>;
	/** Counts one event (a failed sign-in) without asking. */
	hit(key: string): Promise<void>;
	/** Gives back one count taken in the current window (a request refused for another reason). */
	giveBack(key: string): Promise<void>;
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
			return count > max ? refusal(resetAt) : { allowed: true };
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
		async giveBack(key) {
			await counters.add(keyOf(key), windowMs, { by: -1 });
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
