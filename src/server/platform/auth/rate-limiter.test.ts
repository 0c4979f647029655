import { expect, test } from "vitest";
import { createRateLimiter, describeRetryAfter } from "./rate-limiter.ts";

function createHandClock(start = 5_000) {
	let now = start;
	return {
		clock: () => now,
		advance: (ms: number) => {
			now += ms;
		},
	};
}

test("take allows up to the limit in a window, then refuses until the window ends", () => {
	const time = createHandClock();
	const limiter = createRateLimiter({ max: 2, windowMs: 10_000 }, time.clock);
	expect(limiter.take("a")).toEqual({ allowed: true });
	expect(limiter.take("a")).toEqual({ allowed: true });
	expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });

	time.advance(9_999);
	expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
	time.advance(1);
	expect(limiter.take("a")).toEqual({ allowed: true });
});

test("the window starts at a key's first request, not at a fixed clock boundary", () => {
	const time = createHandClock();
	const limiter = createRateLimiter({ max: 1, windowMs: 10_000 }, time.clock);
	limiter.take("a");
	time.advance(4_000);
	limiter.take("b");
	time.advance(6_000);
	expect(limiter.take("a")).toEqual({ allowed: true });
	expect(limiter.take("b")).toEqual({ allowed: false, retryAfterSeconds: 4 });
});

test("keys are counted apart", () => {
	const time = createHandClock();
	const limiter = createRateLimiter({ max: 1, windowMs: 1_000 }, time.clock);
	expect(limiter.take("sign-in:192.0.2.1").allowed).toBe(true);
	expect(limiter.take("sign-in:192.0.2.2").allowed).toBe(true);
	expect(limiter.take("sign-up:192.0.2.1").allowed).toBe(true);
	expect(limiter.take("sign-in:192.0.2.1").allowed).toBe(false);
});

test("check only looks; hit counts without asking; reset forgets the key", () => {
	const time = createHandClock();
	const limiter = createRateLimiter({ max: 2, windowMs: 60_000 }, time.clock);
	expect(limiter.check("who@example.com")).toEqual({ allowed: true });
	expect(limiter.check("who@example.com")).toEqual({ allowed: true });
	limiter.hit("who@example.com");
	expect(limiter.check("who@example.com")).toEqual({ allowed: true });
	limiter.hit("who@example.com");
	expect(limiter.check("who@example.com")).toEqual({
		allowed: false,
		retryAfterSeconds: 60,
	});
	// Hits past the limit do not move the end of the window.
	time.advance(30_000);
	limiter.hit("who@example.com");
	expect(limiter.check("who@example.com")).toEqual({
		allowed: false,
		retryAfterSeconds: 30,
	});
	limiter.reset("who@example.com");
	expect(limiter.check("who@example.com")).toEqual({ allowed: true });
});

test("a retry time under a second still says one second", () => {
	const time = createHandClock();
	const limiter = createRateLimiter({ max: 1, windowMs: 1_000 }, time.clock);
	limiter.take("a");
	time.advance(999);
	expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
});

test("past the sweep threshold of keys, a live window keeps counting and an expired one starts over", () => {
	const time = createHandClock();
	const limiter = createRateLimiter({ max: 1, windowMs: 1_000 }, time.clock);
	for (let i = 0; i < 50_000; i += 1) limiter.take(`old-${i}`);
	time.advance(1_000);
	limiter.take("fresh");
	expect(limiter.take("fresh").allowed).toBe(false);
	expect(limiter.take("old-1").allowed).toBe(true);
});

test("the retry time reads in seconds under a minute and in whole minutes, rounded up, above", () => {
	expect(describeRetryAfter(1)).toBe("Try again in 1 second.");
	expect(describeRetryAfter(59)).toBe("Try again in 59 seconds.");
	expect(describeRetryAfter(60)).toBe("Try again in 1 minute.");
	expect(describeRetryAfter(61)).toBe("Try again in 2 minutes.");
	expect(describeRetryAfter(900)).toBe("Try again in 15 minutes.");
});
