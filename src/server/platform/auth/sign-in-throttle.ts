import type { SharedCounters } from "../limits/shared-counters.ts";

export type ThrottleDecision =
	| { allowed: true }
	| { allowed: false; retryAfterSeconds: number };

/** The longest wait one more attempt can cost, however many failed before it. */
export const MAX_SIGN_IN_DELAY_SECONDS = 5 * 60;
/**
 * Failed password sign-ins, counted per account *and* client together, so someone else's failures
 * never lock the owner out from their own address. Past `freeFailures`, each attempt must wait
 * twice as long after the last failure as the one before (1 s, 2 s, 4 s … at most five minutes):
 * guessing slows to a crawl while the owner, who gets it right, waits seconds at worst. A success
 * clears the count; so do `windowMs` without a failure. The failures are kept in the shared
 * counters (every instance sees them). One attempt per account and client is checked at a time in
 * each instance: attempts sent together would otherwise all pass before the first one fails.
 */
export function createSignInThrottle(
	{ freeFailures, windowMs }: { freeFailures: number; windowMs: number },
	counters: SharedCounters,
) {
	const inFlight = new Set<string>();
	const keyOf = (key: string) => `sign-in-failures:${key}`;

	function delayMs(count: number): number {
		const over = count - freeFailures;
		if (over < 0) return 0;
		return Math.min(2 ** over * 1000, MAX_SIGN_IN_DELAY_SECONDS * 1000);
	}

	return {
		/**
		 * Starts an attempt when it may go ahead: none of the same key is under way here and the last
		 * failure was long enough ago. When it is allowed, `finish` must follow, whatever the outcome.
		 */
		async begin(key: string): Promise<ThrottleDecision> {
			// Marked at once, before anything awaits, so attempts sent together see each other.
			if (inFlight.has(key)) return { allowed: false, retryAfterSeconds: 1 };
			inFlight.add(key);
			try {
				// The window restarts at each failure: it ends `windowMs` after the last one.
				const { count, resetAt } = await counters.add(keyOf(key), windowMs, {
					by: 0,
				});
				const lastFailureAt = resetAt - windowMs;
				const waitMs =
					count === 0 ? 0 : lastFailureAt + delayMs(count) - counters.now();
				if (waitMs <= 0) return { allowed: true };
				inFlight.delete(key);
				return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
			} catch (error) {
				inFlight.delete(key);
				throw error;
			}
		},
		/** Counts a failure; true when this one starts the delays (a lockout worth recording). */
		async fail(key: string): Promise<boolean> {
			const { count } = await counters.add(keyOf(key), windowMs, {
				extend: true,
			});
			return count === freeFailures;
		},
		async succeed(key: string): Promise<void> {
			await counters.reset(keyOf(key));
		},
		finish(key: string): void {
			inFlight.delete(key);
		},
	};
}
