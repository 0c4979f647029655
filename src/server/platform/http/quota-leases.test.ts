import { expect, test, vi } from "vitest";
import { handClock } from "../../test-support/hand-clock.ts";
import { createMigratedTestDatabase } from "../../test-support/test-app.ts";
import {
	createDatabaseCounters,
	createMemoryCounters,
	type SharedCounters,
} from "../limits/shared-counters.ts";
import { createQuotaLeases, type Draw } from "./quota-leases.ts";

const MINUTE = 60_000;
const SECRET = "test-only-lease-secret-0123456789abcdef";

/** Counters in this run's database, as instances share them. */
async function sharedInDatabase(now: () => number): Promise<SharedCounters> {
	const { db } = await createMigratedTestDatabase();
	return createDatabaseCounters(db, now, SECRET);
}

/** What the shared counter holds for `key` now, without adding to it. */
async function sharedCount(shared: SharedCounters, key: string) {
	return (await shared.add(key, MINUTE, { by: 0 })).count;
}

const searches = (max: number): Draw => ({
	key: "quota:searches:address:203.0.113.7",
	limit: { max, windowMs: MINUTE },
});

test("through one instance a large allowance counts exactly: remaining goes down one a request, and the request past it is refused", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const leases = createQuotaLeases(shared);
	const draw = searches(100);
	const remaining: number[] = [];
	for (let request = 0; request < 101; request++) {
		const [counted] = await leases.count([draw]);
		remaining.push(counted?.remaining ?? Number.NaN);
	}
	expect(remaining).toEqual(
		Array.from({ length: 101 }, (_, index) => 99 - index),
	);
	// Past the allowance, the shared counter holds the allowance and the refused request, no more.
	expect(await sharedCount(shared, draw.key)).toBe(101);
});

test("a lease costs the shared counters one step for a twentieth of the allowance: the other requests are counted in the instance", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const leases = createQuotaLeases(shared);
	const draw = searches(1200);
	await leases.count([draw]);
	// The first request leased 60: the shared count says so before they are used.
	expect(await sharedCount(shared, draw.key)).toBe(60);
	for (let request = 1; request < 60; request++) await leases.count([draw]);
	expect(await sharedCount(shared, draw.key)).toBe(60);
	// The 61st takes the next lease.
	const [counted] = await leases.count([draw]);
	expect(counted?.remaining).toBe(1200 - 61);
	expect(await sharedCount(shared, draw.key)).toBe(120);
});

test("requests sent together through one instance take one lease between them, and none is refused below the allowance", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const leases = createQuotaLeases(shared);
	const draw = searches(100);
	const counted = await Promise.all(
		Array.from({ length: 30 }, () => leases.count([draw])),
	);
	const remaining = counted.map(([found]) => found?.remaining);
	expect(remaining.every((left) => left !== undefined && left >= 0)).toBe(true);
	expect(new Set(remaining).size).toBe(30);
	// Six leases of five, never more than the requests needed.
	expect(await sharedCount(shared, draw.key)).toBe(30);
});

test("two instances drawing on one allowance never pass it together: once both refuse, exactly the allowance was served", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const instances = [createQuotaLeases(shared), createQuotaLeases(shared)];
	const draw = searches(100);
	let served = 0;
	const refusedBy = new Set<number>();
	for (let request = 0; refusedBy.size < 2 && request < 400; request++) {
		const through = request % 2;
		const [counted] = await (instances[through]?.count([draw]) ?? []);
		if ((counted?.remaining ?? -1) >= 0) served++;
		else refusedBy.add(through);
	}
	expect(refusedBy.size).toBe(2);
	expect(served).toBe(100);
});

test("a lease ends with its window: the next window starts with a lease of its own", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const leases = createQuotaLeases(shared);
	const draw = searches(100);
	for (let request = 0; request < 3; request++) await leases.count([draw]);
	clock.advance(MINUTE);
	const [counted] = await leases.count([draw]);
	expect(counted?.remaining).toBe(99);
	expect(counted?.resetAt).toBe(clock.now() + MINUTE);
	expect(await sharedCount(shared, draw.key)).toBe(5);
});

test("a request another allowance refused gives its count back to the lease it came from", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const leases = createQuotaLeases(shared);
	const draw = searches(100);
	await leases.count([draw]);
	const [counted] = await leases.count([draw]);
	expect(counted?.remaining).toBe(98);
	await counted?.giveBack();
	const [next] = await leases.count([draw]);
	expect(next?.remaining).toBe(98);
});

test("small allowances, and counters kept in memory, count every request where they are kept", async () => {
	const clock = handClock();
	const inDatabase = await sharedInDatabase(clock.now);
	const small = searches(39);
	await createQuotaLeases(inDatabase).count([small]);
	expect(await sharedCount(inDatabase, small.key)).toBe(1);
	const inMemory = createMemoryCounters(clock.now);
	const large = searches(1200);
	await createQuotaLeases(inMemory).count([large]);
	expect(await sharedCount(inMemory, large.key)).toBe(1);
});

test("requests sent together near the end of an allowance share its last lease: each one the allowance still holds is served", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const draw = searches(100);
	// Other instances have used 97 of the 100.
	await shared.add(draw.key, MINUTE, { by: 97 });
	const leases = createQuotaLeases(shared);
	const counted = await Promise.all(
		Array.from({ length: 3 }, () => leases.count([draw])),
	);
	expect(counted.map(([found]) => found?.remaining).sort()).toEqual([0, 1, 2]);
	const [fourth] = await leases.count([draw]);
	expect(fourth?.remaining).toBeLessThan(0);
	expect(await sharedCount(shared, draw.key)).toBe(101);
});

test("a request the shared counters could not count gives back what it took from a lease", async () => {
	const clock = handClock();
	const { db } = await createMigratedTestDatabase();
	const shared = createDatabaseCounters(db, clock.now, SECRET);
	const leases = createQuotaLeases(shared);
	const address = searches(100);
	const account: Draw = {
		key: "quota:searches:account:someone",
		limit: { max: 100, windowMs: MINUTE },
	};
	const [first] = await leases.count([address]);
	expect(first?.remaining).toBe(99);
	// The database stops answering: the account's allowance has no lease and cannot be counted.
	await db.destroy();
	await expect(leases.count([address, account])).rejects.toThrow();
	// The address's lease still holds the count the failed request took from it.
	const [next] = await leases.count([address]);
	expect(next?.remaining).toBe(98);
});

test("past the allowance, requests sent together are counted side by side, none waiting for another", async () => {
	const clock = handClock();
	const shared = await sharedInDatabase(clock.now);
	const draw = searches(100);
	await shared.add(draw.key, MINUTE, { by: 100 });
	const leases = createQuotaLeases(shared);
	// The first request past the allowance finds it used up.
	const [first] = await leases.count([draw]);
	expect(first?.remaining).toBeLessThan(0);
	// The store's steps still run; this only watches how many run at once.
	const addEach = shared.addEach.bind(shared);
	let running = 0;
	let mostAtOnce = 0;
	vi.spyOn(shared, "addEach").mockImplementation(async (counts) => {
		running++;
		mostAtOnce = Math.max(mostAtOnce, running);
		try {
			return await addEach(counts);
		} finally {
			running--;
		}
	});
	const refused = await Promise.all(
		Array.from({ length: 5 }, () => leases.count([draw])),
	);
	expect(refused.every(([found]) => (found?.remaining ?? 0) < 0)).toBe(true);
	expect(mostAtOnce).toBe(5);
	// Each counted once, as before leases: the allowance, the first refusal and these five.
	expect(await sharedCount(shared, draw.key)).toBe(106);
});
