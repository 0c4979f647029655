import { expect, test } from "vitest";
import { createMemoryCounters } from "../limits/shared-counters.ts";
import { createRateLimiter, describeRetryAfter } from "./rate-limiter.ts";

function createHandClock(start = 5_000) {
	let now = start;
	const clock = () => now;
	return {
		clock,
		counters: createMemoryCounters(clock),
		advance: (ms: number) => {
			now += ms;
		},
	};
}

test("take allows up to the limit in a window, then refuses until the window ends", async () => {
	const time = createHandClock();
	const limiter = createRateLimiter(
		{ name: "test", max: 2, windowMs: 10_000 },
		time.counters,
	);
	expect(await limiter.take("a")).toEqual({ allowed: true, windowEnd: 15_000 });
	expect(await limiter.take("a")).toEqual({ allowed: true, windowEnd: 15_000 });
	expect(await limiter.take("a")).toEqual({
		allowed: false,
		retryAfterSeconds: 10,
		windowEnd: 15_000,
	});

	time.advance(9_999);
	expect(await limiter.take("a")).toEqual({
		allowed: false,
		retryAfterSeconds: 1,
		windowEnd: 15_000,
	});
	time.advance(1);
	expect(await limiter.take("a")).toEqual({ allowed: true, windowEnd: 25_000 });
});

test("a count given back in its window frees a place; one given back after its window ended changes nothing", async () => {
	const time = createHandClock();
	const limiter = createRateLimiter(
		{ name: "test", max: 1, windowMs: 10_000 },
		time.counters,
	);
	const first = await limiter.take("a");
	await limiter.giveBack("a", first.windowEnd);
	expect((await limiter.take("a")).allowed).toBe(true);
	expect((await limiter.take("a")).allowed).toBe(false);

	// Taken in the first window and given back once the next one has begun: the next window's
	// count stays as it is.
	const late = await limiter.take("a");
	time.advance(10_000);
	expect(await limiter.take("a")).toEqual({ allowed: true, windowEnd: 25_000 });
	await limiter.giveBack("a", late.windowEnd);
	expect(await limiter.take("a")).toEqual({
		allowed: false,
		retryAfterSeconds: 10,
		windowEnd: 25_000,
	});
});

test("the window starts at a key's first request, not at a fixed clock boundary", async () => {
	const time = createHandClock();
	const limiter = createRateLimiter(
		{ name: "test", max: 1, windowMs: 10_000 },
		time.counters,
	);
	await limiter.take("a");
	time.advance(4_000);
	await limiter.take("b");
	time.advance(6_000);
	expect(await limiter.take("a")).toEqual({ allowed: true, windowEnd: 25_000 });
	expect(await limiter.take("b")).toEqual({
		allowed: false,
		retryAfterSeconds: 4,
		windowEnd: 19_000,
	});
});

test("keys are counted apart", async () => {
	const time = createHandClock();
	const limiter = createRateLimiter(
		{ name: "test", max: 1, windowMs: 1_000 },
		time.counters,
	);
	expect((await limiter.take("sign-in:192.0.2.1")).allowed).toBe(true);
	expect((await limiter.take("sign-in:192.0.2.2")).allowed).toBe(true);
	expect((await limiter.take("sign-up:192.0.2.1")).allowed).toBe(true);
	expect((await limiter.take("sign-in:192.0.2.1")).allowed).toBe(false);
});

test("check only looks; hit counts without asking; reset forgets the key", async () => {
	const time = createHandClock();
	const limiter = createRateLimiter(
		{ name: "test", max: 2, windowMs: 60_000 },
		time.counters,
	);
	expect(await limiter.check("who@example.com")).toEqual({ allowed: true });
	expect(await limiter.check("who@example.com")).toEqual({ allowed: true });
	await limiter.hit("who@example.com");
	expect(await limiter.check("who@example.com")).toEqual({ allowed: true });
	await limiter.hit("who@example.com");
	expect(await limiter.check("who@example.com")).toEqual({
		allowed: false,
		retryAfterSeconds: 60,
	});
	// Hits past the limit do not move the end of the window.
	time.advance(30_000);
	await limiter.hit("who@example.com");
	expect(await limiter.check("who@example.com")).toEqual({
		allowed: false,
		retryAfterSeconds: 30,
	});
	await limiter.reset("who@example.com");
	expect(await limiter.check("who@example.com")).toEqual({ allowed: true });
});

test("a retry time under a second still says one second", async () => {
	const time = createHandClock();
	const limiter = createRateLimiter(
		{ name: "test", max: 1, windowMs: 1_000 },
		time.counters,
	);
	await limiter.take("a");
	time.advance(999);
	expect(await limiter.take("a")).toEqual({
		allowed: false,
		retryAfterSeconds: 1,
		windowEnd: 6_000,
	});
});

test("the retry time reads in seconds under a minute and in whole minutes, rounded up, above", async () => {
	expect(describeRetryAfter(1)).toBe("Try again in 1 second.");
	expect(describeRetryAfter(59)).toBe("Try again in 59 seconds.");
	expect(describeRetryAfter(60)).toBe("Try again in 1 minute.");
	expect(describeRetryAfter(61)).toBe("Try again in 2 minutes.");
	expect(describeRetryAfter(900)).toBe("Try again in 15 minutes.");
});
