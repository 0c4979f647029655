import type { Clock } from "../clock.ts";

export type LimitDecision =
	| { allowed: true }
	| { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
	/** Whether one more request under this key fits; counts it when it does. */
	take(key: string): LimitDecision;
	/** Whether the key is already over its limit, without counting anything. */
	check(key: string): LimitDecision;
	/** Counts one event (a failed sign-in) without asking. */
	hit(key: string): void;
	reset(key: string): void;
};

/** Keys kept before expired windows are swept, so a flood of addresses cannot grow memory forever. */
const SWEEP_AT = 50_000;

/**
 * A fixed window per key, in this process's memory: enough for one server; several instances
 * will share a store (docs/decisions/007-accounts.md).
 */
export function createRateLimiter(
	{ max, windowMs }: { max: number; windowMs: number },
	clock: Clock,
): RateLimiter {
	const windows = new Map<string, { count: number; resetAt: number }>();

	function current(key: string): { count: number; resetAt: number } {
		const now = clock();
		let window = windows.get(key);
		if (!window || window.resetAt <= now) {
			if (windows.size >= SWEEP_AT) {
				for (const [stale, value] of windows)
					if (value.resetAt <= now) windows.delete(stale);
			}
			window = { count: 0, resetAt: now + windowMs };
			windows.set(key, window);
		}
		return window;
	}

	function refusal(window: { resetAt: number }): LimitDecision {
		return {
			allowed: false,
			retryAfterSeconds: Math.max(
				1,
				Math.ceil((window.resetAt - clock()) / 1000),
			),
		};
	}

	return {
		take(key) {
			const window = current(key);
			if (window.count >= max) return refusal(window);
			window.count += 1;
			return { allowed: true };
		},
		check(key) {
			const window = current(key);
			return window.count >= max ? refusal(window) : { allowed: true };
		},
		hit(key) {
			current(key).count += 1;
		},
		reset(key) {
			windows.delete(key);
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
