import type { Clock } from "../clock.ts";

export type ThrottleDecision =
	| { allowed: true }
	| { allowed: false; retryAfterSeconds: number };

/** The longest wait one more attempt can cost, however many failed before it. */
export const MAX_SIGN_IN_DELAY_SECONDS = 5 * 60;
/** Keys kept before idle ones are swept, so a flood of made-up emails cannot grow memory forever. */
const SWEEP_AT = 50_000;

type Failures = { count: number; lastAt: number };

/**
 * Failed password sign-ins, counted per account *and* client together, so someone else's failures
 * never lock the owner out from their own address. Past `freeFailures`, each attempt must wait
 * twice as long after the last failure as the one before (1 s, 2 s, 4 s … at most five minutes):
 * guessing slows to a crawl while the owner, who gets it right, waits seconds at worst. A success
 * clears the count; so do `windowMs` without a failure. One attempt per account and client is
 * checked at a time: attempts sent together would otherwise all pass before the first one fails.
 */
export function createSignInThrottle(
	{ freeFailures, windowMs }: { freeFailures: number; windowMs: number },
	clock: Clock,
) {
	const failures = new Map<string, Failures>();
	const inFlight = new Set<string>();

	function current(key: string, now: number): Failures | undefined {
		const entry = failures.get(key);
		if (entry && now - entry.lastAt >= windowMs) {
			failures.delete(key);
			return undefined;
		}
		return entry;
	}

	function delayMs(count: number): number {
		const over = count - freeFailures;
		if (over < 0) return 0;
		return Math.min(2 ** over * 1000, MAX_SIGN_IN_DELAY_SECONDS * 1000);
	}

	return {
		check(key: string): ThrottleDecision {
			if (inFlight.has(key)) return { allowed: false, retryAfterSeconds: 1 };
			const now = clock();
			const entry = current(key, now);
			if (!entry) return { allowed: true };
			const waitMs = entry.lastAt + delayMs(entry.count) - now;
			if (waitMs <= 0) return { allowed: true };
			return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
		},
		/** Counts a failure; true when this one starts the delays (a lockout worth recording). */
		fail(key: string): boolean {
			const now = clock();
			if (failures.size >= SWEEP_AT)
				for (const [stale, entry] of failures)
					if (now - entry.lastAt >= windowMs) failures.delete(stale);
			const entry = current(key, now) ?? { count: 0, lastAt: now };
			entry.count += 1;
			entry.lastAt = now;
			failures.set(key, entry);
			return entry.count === freeFailures;
		},
		succeed(key: string): void {
			failures.delete(key);
		},
		/** Marks an attempt under way; `finish` must follow, whatever its outcome. */
		start(key: string): void {
			inFlight.add(key);
		},
		finish(key: string): void {
			inFlight.delete(key);
		},
	};
}
