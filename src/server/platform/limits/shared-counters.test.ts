import { describe, expect, onTestFinished, test } from "vitest";
import {
	postAuth,
	signUp,
	TEST_PASSWORD,
	testAuthConfig,
} from "../../test-support/accounts.ts";
import { handClock } from "../../test-support/hand-clock.ts";
import { startRedisServer } from "../../test-support/redis-server.ts";
import {
	createMigratedTestDatabase,
	createTestApp,
	createTestInstances,
} from "../../test-support/test-app.ts";
import { QUOTA_POLICIES } from "../http/quota-policies.ts";
import {
	createDatabaseCounters,
	createMemoryCounters,
	createSharedCounters,
	type SharedCounters,
} from "./shared-counters.ts";

const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);
const TEST_SECRET = "test-only-counter-secret-0123456789abcdef";

type Store = "memory" | "database" | "redis";

async function counters(
	store: Store,
	now: () => number,
): Promise<SharedCounters> {
	let made: SharedCounters;
	if (store === "memory") made = createMemoryCounters(now);
	else if (store === "database")
		made = createDatabaseCounters(
			(await createMigratedTestDatabase()).db,
			now,
			TEST_SECRET,
		);
	else {
		const redis = await startRedisServer();
		made = createSharedCounters({
			db: (await createMigratedTestDatabase()).db,
			redisUrl: redis.url,
			now,
			secret: TEST_SECRET,
		});
	}
	onTestFinished(() => made.close());
	return made;
}

describe.each<Store>(["memory", "database", "redis"])(
	"counters kept in %s",
	(store) => {
		test("adds count within a window; once it is over, the next add starts a new one", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			expect(shared.where).toBe(store);
			const start = clock.now();
			expect(await shared.add("k", 10_000)).toEqual({
				count: 1,
				resetAt: start + 10_000,
			});
			clock.advance(4_000);
			expect(await shared.add("k", 10_000, { by: 2 })).toEqual({
				count: 3,
				resetAt: start + 10_000,
			});
			// Another key has its own window.
			expect(await shared.add("other", 10_000)).toEqual({
				count: 1,
				resetAt: start + 14_000,
			});
			clock.advance(6_000);
			expect(await shared.add("k", 10_000)).toEqual({
				count: 1,
				resetAt: start + 20_000,
			});
		});

		test("adding 0 reads the count and starts no window; reset forgets the key", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			expect((await shared.add("k", 5_000, { by: 0 })).count).toBe(0);
			await shared.add("k", 5_000);
			clock.advance(1_000);
			// Reading did not start the window: it began at the first real add.
			expect(await shared.add("k", 5_000, { by: 0 })).toEqual({
				count: 1,
				resetAt: clock.now() + 4_000,
			});
			await shared.reset("k");
			expect((await shared.add("k", 5_000, { by: 0 })).count).toBe(0);
		});

		test("an extended window ends its length after the last add, and lasts while adds keep coming", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			await shared.add("failures", 10_000, { extend: true });
			clock.advance(8_000);
			expect(await shared.add("failures", 10_000, { extend: true })).toEqual({
				count: 2,
				resetAt: clock.now() + 10_000,
			});
			clock.advance(8_000);
			expect((await shared.add("failures", 10_000, { by: 0 })).count).toBe(2);
		});

		test("adding to several keys at once counts each in its own window, answered in the order asked", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			await shared.add("account", 60_000);
			const start = clock.now();
			expect(
				await shared.addEach([
					{ key: "address", windowMs: 1_000 },
					{ key: "account", windowMs: 60_000 },
				]),
			).toEqual([
				{ count: 1, resetAt: start + 1_000 },
				{ count: 2, resetAt: start + 60_000 },
			]);
			clock.advance(1_000);
			expect(
				(
					await shared.addEach([
						{ key: "account", windowMs: 60_000 },
						{ key: "address", windowMs: 1_000 },
					])
				).map((counted) => counted.count),
			).toEqual([3, 1]);
		});

		test("adding to several keys at once adds `by` to each where given, 1 elsewhere", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			await shared.add("lease", 60_000, { by: 5 });
			expect(
				(
					await shared.addEach([
						{ key: "lease", windowMs: 60_000, by: 5 },
						{ key: "single", windowMs: 60_000 },
					])
				).map((counted) => counted.count),
			).toEqual([10, 1]);
		});

		test("a count given back lowers the window's count, never below 0, and changes nothing once the window is over", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			await shared.add("k", 10_000, { by: 2 });
			expect((await shared.add("k", 10_000, { by: -1 })).count).toBe(1);
			expect((await shared.add("k", 10_000, { by: -5 })).count).toBe(0);
			expect((await shared.add("k", 10_000)).count).toBe(1);
			clock.advance(10_000);
			// Over: nothing to give back, and the next window starts from nothing.
			expect((await shared.add("k", 10_000, { by: -1 })).count).toBe(0);
			expect((await shared.add("k", 10_000)).count).toBe(1);
		});

		test("a count given back for a window that has ended changes nothing in the next one", async () => {
			const clock = handClock();
			const shared = await counters(store, clock.now);
			const first = await shared.add("k", 10_000, { by: 5 });
			clock.advance(10_000);
			// Another instance already counts in the next window.
			expect((await shared.add("k", 10_000, { by: 3 })).count).toBe(3);
			await shared.add("k", 10_000, { by: -4, windowEnd: first.resetAt });
			expect((await shared.add("k", 10_000, { by: 0 })).count).toBe(3);
			// Named by its own end, the current window takes it back.
			const current = await shared.add("k", 10_000, { by: 0 });
			await shared.add("k", 10_000, { by: -2, windowEnd: current.resetAt });
			expect((await shared.add("k", 10_000, { by: 0 })).count).toBe(1);
		});

		test("adds sent together each count once", async () => {
			const shared = await counters(store, Date.now);
			const counts = await Promise.all(
				Array.from({ length: 50 }, () => shared.add("burst", 60_000)),
			);
			expect(
				counts.map((counted) => counted.count).sort((a, b) => a - b),
			).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
		});
	},
);

test("the database keeps a digest of each key, never the counted address, and the sweep deletes windows that are over", async () => {
	const clock = handClock();
	const db = (await createMigratedTestDatabase()).db;
	const shared = createDatabaseCounters(db, clock.now, TEST_SECRET);
	await shared.add("account-mail:someone@example.com", 1_000);
	await shared.add("quota:orders:address:192.0.2.1", 60_000);
	const keys = (
		await db.selectFrom("shared_counters").select("key").execute()
	).map((row) => row.key);
	expect(keys).toHaveLength(2);
	for (const key of keys) {
		expect(key).not.toContain("example.com");
		expect(key).not.toContain("192.0.2.1");
	}
	clock.advance(1_000);
	expect(await shared.sweep()).toBe(1);
	expect(
		await db.selectFrom("shared_counters").select("key").execute(),
	).toHaveLength(1);
});

test("in memory, past the sweep threshold of keys, a live window keeps counting and an ended one starts over", async () => {
	const clock = handClock();
	const shared = createMemoryCounters(clock.now);
	for (let i = 0; i < 50_000; i += 1) await shared.add(`old-${i}`, 1_000);
	clock.advance(1_000);
	await shared.add("fresh", 1_000);
	expect((await shared.add("fresh", 1_000)).count).toBe(2);
	expect((await shared.add("old-1", 1_000)).count).toBe(1);
});

const searchQuota = (max: number) => ({
	searches: {
		...QUOTA_POLICIES.searches,
		perAccount: { max, windowMs: 60_000 },
		perAddress: { max, windowMs: 60_000 },
	},
});

test.skipIf(!isPostgresRun)(
	"on PostgreSQL, searches used up through one instance are refused through the other",
	async () => {
		const [a, b] = await createTestInstances({ quotas: searchQuota(2) });
		expect((await a.app.inject("/api/tools?q=grinder")).statusCode).toBe(200);
		expect((await b.app.inject("/api/tools?q=sander")).statusCode).toBe(200);
		const refusedByA = await a.app.inject("/api/tools?q=drill");
		const refusedByB = await b.app.inject("/api/tools?q=drill");
		expect([refusedByA.statusCode, refusedByB.statusCode]).toEqual([429, 429]);
		expect(refusedByB.json().error.code).toBe("TOO_MANY_REQUESTS");
	},
);

test("with REDIS_URL, sign-in requests used up through one instance are refused through the other, and a wrong password counts on both", async () => {
	const redis = await startRedisServer();
	const [a, b] = await createTestInstances({
		config: {
			redisUrl: redis.url,
			auth: testAuthConfig({
				limits: { perAddress: 4, failuresPerAccount: 1, windowMs: 60_000 },
			}),
		},
	});
	const account = await signUp(a.app);
	// The sign-up was one request of the address's sign-up group; sign-in has its own.
	const wrong = { email: account.email, password: "not the right phrase" };
	expect((await postAuth(a.app, "/sign-in/email", wrong)).statusCode).toBe(401);
	// The failure made on A delays the next attempt on B, right password or not.
	const delayed = await postAuth(b.app, "/sign-in/email", {
		email: account.email,
		password: TEST_PASSWORD,
	});
	expect(delayed.statusCode).toBe(429);
	expect(delayed.headers["retry-after"]).toBe("1");
	// Three more sign-in requests from the address, on either instance, use up its four.
	await postAuth(a.app, "/sign-in/email", wrong);
	await postAuth(b.app, "/sign-in/email", wrong);
	const refused = await postAuth(a.app, "/sign-in/email", wrong);
	expect(refused.statusCode).toBe(429);
	expect(refused.json().message).toMatch(
		/^Too many requests from your network/,
	);
});

test("with REDIS_URL, while Redis does not answer a counted search fails with a server error instead of going uncounted, and counting resumes when Redis is back", async () => {
	const redis = await startRedisServer();
	const t = await createTestApp({
		config: { redisUrl: redis.url },
		quotas: searchQuota(1),
	});
	expect((await t.app.inject("/api/tools?q=grinder")).statusCode).toBe(200);

	await redis.stop();
	const meanwhile = await t.app.inject("/api/tools?q=grinder");
	expect(meanwhile.statusCode).toBe(500);
	// The answer names the request, so the failure can be found in the server's log.
	expect(meanwhile.json()).toEqual({
		error: {
			code: "INTERNAL_ERROR",
			message: "Something went wrong on our side. Please try again.",
			requestId: meanwhile.headers["x-request-id"],
		},
	});
	// Reads the quotas do not count go on.
	expect((await t.app.inject("/api/tools")).statusCode).toBe(200);

	// Back, and empty (nothing was kept on disk): the address starts a new window.
	await redis.start();
	await expect
		.poll(async () => (await t.app.inject("/api/tools?q=grinder")).statusCode, {
			timeout: 10_000,
		})
		.toBe(200);
	expect((await t.app.inject("/api/tools?q=grinder")).statusCode).toBe(429);
});
