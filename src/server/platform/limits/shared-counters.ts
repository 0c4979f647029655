import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { byCodeUnits } from "../code-unit-order.ts";
import { type Db, isPostgres } from "../db/database.ts";
import { scheduleAloneAcrossInstances } from "../db/run-alone.ts";
import { lazyPackage } from "../lazy-package.ts";

/** A counter's count in its current window, and when that window ends (ms since the epoch). */
export type WindowCount = { count: number; resetAt: number };

export type AddOptions = {
	/**
	 * How much to add: 1 by default; 0 only reads the count; a negative amount gives back counts
	 * just taken, within the current window only and never below 0.
	 */
	by?: number;
	/**
	 * The window restarts with each add, so it lasts while events keep coming and ends `windowMs`
	 * after the last (failed sign-ins: their count lives until a quiet spell).
	 */
	extend?: boolean;
	/**
	 * With a negative `by`: gives back only if the key's current window ends at this time, the
	 * window the counts were taken in. A give-back that arrives after that window ended (another
	 * instance already counting in the next) then changes nothing.
	 */
	windowEnd?: number;
};

/**
 * The counters behind every rate limit and quota: fixed windows, one per key. Where the shop runs
 * as several instances they must count together, or each instance would grant the whole
 * allowance again; so on PostgreSQL they live in the database, or in Redis when REDIS_URL is set.
 * SQLite has one server process: its counters stay in that process's memory.
 */
export type SharedCounters = {
	readonly where: "memory" | "database" | "redis";
	/** The wall clock the windows are measured by (tests move it by hand). */
	now(): number;
	/**
	 * Adds to the key's count in its window of `windowMs` (a new window starts when the last is
	 * over) and answers the count with the window's end. One atomic step wherever the counters
	 * live: two instances adding at once both count.
	 */
	add(
		key: string,
		windowMs: number,
		options?: AddOptions,
	): Promise<WindowCount>;
	/**
	 * Adds to each of several different keys (1, or `by` of at least 1), each in its own window,
	 * in one step where the store allows (one statement on PostgreSQL): a request counted against
	 * its address and its account pays one round trip. The answers are in the order of `counts`.
	 */
	addEach(
		counts: readonly { key: string; windowMs: number; by?: number }[],
	): Promise<WindowCount[]>;
	/** Forgets the key's count (a successful sign-in clears its failures). */
	reset(key: string): Promise<void>;
	/** Deletes windows that are over, where the store does not expire them by itself. */
	sweep(): Promise<number>;
	close(): Promise<void>;
};

/** Keys kept in memory before expired windows are swept, so a flood of addresses cannot grow memory forever. */
const MEMORY_SWEEP_AT = 50_000;

export type SharedCountersOptions = {
	db: Db;
	/** Redis instead of the database (a PostgreSQL shop only: SQLite's one process counts in memory). */
	redisUrl?: string;
	/** Wall-clock milliseconds: instances compare window ends, so never a per-process clock. */
	now?: () => number;
	/** Keys the digests of what is counted (the shop's AUTH_SECRET, the same on every instance). */
	secret: string;
};

export function createSharedCounters({
	db,
	redisUrl,
	now = Date.now,
	secret,
}: SharedCountersOptions): SharedCounters {
	if (redisUrl) return createRedisCounters(redisUrl, now, secret);
	if (isPostgres(db)) return createDatabaseCounters(db, now, secret);
	return createMemoryCounters(now);
}

/** How often windows that are over are deleted (one instance at a time does it). */
const SWEEP_INTERVAL_MS = 60_000;

/** Deletes the counters' windows that are over every minute while the server runs. */
export function scheduleCounterSweep(
	app: FastifyInstance,
	db: Db,
	counters: SharedCounters,
): void {
	scheduleAloneAcrossInstances(app, db, {
		name: "counter-sweep",
		everyMs: SWEEP_INTERVAL_MS,
		work: () => counters.sweep(),
		failure: "could not delete ended rate-limit windows",
	});
}

export function createMemoryCounters(now: () => number): SharedCounters {
	const windows = new Map<string, WindowCount>();
	let sweepAt = MEMORY_SWEEP_AT;

	function sweep(at: number): number {
		let swept = 0;
		for (const [key, window] of windows)
			if (window.resetAt <= at) {
				windows.delete(key);
				swept += 1;
			}
		return swept;
	}

	const counters: SharedCounters = {
		where: "memory",
		now,
		async add(key, windowMs, { by = 1, extend = false, windowEnd } = {}) {
			const at = now();
			let window = windows.get(key);
			if (!window || window.resetAt <= at) {
				if (by <= 0) return { count: 0, resetAt: at + windowMs };
				// Swept when the keys double since the last sweep: a flood of new keys costs one pass
				// per doubling, not one per key.
				if (windows.size >= sweepAt) {
					sweep(at);
					sweepAt = Math.max(MEMORY_SWEEP_AT, windows.size * 2);
				}
				window = { count: 0, resetAt: at + windowMs };
				windows.set(key, window);
			}
			if (by < 0) {
				if (windowEnd === undefined || window.resetAt === windowEnd)
					window.count = Math.max(0, window.count + by);
			} else if (by > 0) {
				window.count += by;
				if (extend) window.resetAt = at + windowMs;
			}
			return { ...window };
		},
		async addEach(counts) {
			return Promise.all(
				counts.map(({ key, windowMs, by }) =>
					counters.add(key, windowMs, { by: Math.max(1, by ?? 1) }),
				),
			);
		},
		async reset(key) {
			windows.delete(key);
		},
		async sweep() {
			return sweep(now());
		},
		async close() {
			windows.clear();
		},
	};
	return counters;
}

/**
 * A fixed-length digest of a key, keyed with the shop's secret: what is counted can be an email
 * address with a client address, which neither the database nor Redis should keep in the clear
 * nor let anyone recover by hashing guesses.
 */
function digester(secret: string): (key: string) => string {
	return (key) => createHmac("sha256", secret).update(key).digest("base64url");
}

export function createDatabaseCounters(
	db: Db,
	now: () => number,
	secret: string,
): SharedCounters {
	const digest = digester(secret);
	/**
	 * One statement for all the keys: a window that is over starts again at this add; a current one
	 * grows (and, extended, moves its end). Row locks order instances adding to the same key at once.
	 */
	async function upsert(
		counts: { hashed: string; windowMs: number; by: number }[],
		extend: boolean,
		at: number,
	): Promise<WindowCount[]> {
		// Each key once, in one order for every statement: two requests counting the same keys lock
		// their rows in the same order, so they never wait for each other in a cycle.
		const unique = [
			...new Map(counts.map((count) => [count.hashed, count])).values(),
		].sort((a, b) => byCodeUnits(a.hashed, b.hashed));
		if (unique.length === 0) return [];
		const values = sql.join(
			unique.map(
				({ hashed, windowMs, by }) => sql`(${hashed}, ${by}, ${at + windowMs})`,
			),
		);
		const { rows } = await sql<{
			key: string;
			count: string | number;
			reset_at: string | number;
		}>`insert into shared_counters (key, count, reset_at)
			values ${values}
			on conflict (key) do update set
				count = case when shared_counters.reset_at <= ${at}
					then excluded.count else shared_counters.count + excluded.count end,
				reset_at = case when shared_counters.reset_at <= ${at} or ${sql.lit(extend)}
					then excluded.reset_at else shared_counters.reset_at end
			returning key, count, reset_at`.execute(db);
		const byKey = new Map(rows.map((row) => [row.key, row]));
		return counts.map(({ hashed }) => {
			const row = byKey.get(hashed);
			if (!row) throw new Error("counting returned no row");
			return { count: Number(row.count), resetAt: Number(row.reset_at) };
		});
	}

	const counters: SharedCounters = {
		where: "database",
		now,
		async add(key, windowMs, { by = 1, extend = false, windowEnd } = {}) {
			const at = now();
			const hashed = digest(key);
			if (by < 0) {
				// Given back only within a window that is still running (the one named), never below 0.
				await db
					.updateTable("shared_counters")
					.set({
						count: sql`case when count + ${by} < 0 then 0 else count + ${by} end`,
					})
					.where("key", "=", hashed)
					.where("reset_at", ">", at)
					.$if(windowEnd !== undefined, (query) =>
						query.where("reset_at", "=", windowEnd ?? 0),
					)
					.execute();
				return counters.add(key, windowMs, { by: 0 });
			}
			if (by === 0) {
				const row = await db
					.selectFrom("shared_counters")
					.select(["count", "reset_at"])
					.where("key", "=", hashed)
					.where("reset_at", ">", at)
					.executeTakeFirst();
				return row
					? { count: Number(row.count), resetAt: Number(row.reset_at) }
					: { count: 0, resetAt: at + windowMs };
			}
			const [counted] = await upsert([{ hashed, windowMs, by }], extend, at);
			if (!counted) throw new Error("counting returned no row");
			return counted;
		},
		async addEach(counts) {
			const at = now();
			const hashedCounts = counts.map(({ key, windowMs, by }) => ({
				hashed: digest(key),
				windowMs,
				by: Math.max(1, by ?? 1),
			}));
			return upsert(hashedCounts, false, at);
		},
		async reset(key) {
			await db
				.deleteFrom("shared_counters")
				.where("key", "=", digest(key))
				.execute();
		},
		async sweep() {
			const result = await db
				.deleteFrom("shared_counters")
				.where("reset_at", "<=", now())
				.executeTakeFirst();
			return Number(result.numDeletedRows);
		},
		async close() {},
	};
	return counters;
}

/**
 * Redis runs the whole add as one script: read the window, start a new one when it is over, add,
 * and keep it. The window's end is the caller's wall clock, as in the database; the key's expiry
 * only clears it away once it is over.
 */
const REDIS_ADD = `
local by = tonumber(ARGV[1])
local window_ms = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local kept = redis.call('HMGET', KEYS[1], 'count', 'reset_at')
local count = tonumber(kept[1] or '0')
local reset_at = tonumber(kept[2] or '0')
if reset_at <= now then
	count = 0
	reset_at = now + window_ms
end
if by == 0 then return {count, reset_at} end
if by < 0 then
	-- Given back only within a window that is still running (the one named), never below 0.
	if kept[2] == false or tonumber(kept[2]) <= now then return {0, reset_at} end
	if ARGV[5] ~= '' and tonumber(kept[2]) ~= tonumber(ARGV[5]) then return {count, reset_at} end
	count = math.max(0, count + by)
else
	count = count + by
	if ARGV[4] == '1' then reset_at = now + window_ms end
end
redis.call('HSET', KEYS[1], 'count', count, 'reset_at', reset_at)
redis.call('PEXPIRE', KEYS[1], reset_at - now)
return {count, reset_at}
`;

const REDIS_KEY_PREFIX = "tools-gallery:counter:";
/** How long a count waits for Redis to answer at all before the request fails. */
const REDIS_WAIT_MS = 2_000;

type RedisClientModule = typeof import("@redis/client");
const redisClient = lazyPackage<RedisClientModule>("@redis/client");

function createRedisCounters(
	url: string,
	now: () => number,
	secret: string,
): SharedCounters {
	const digest = digester(secret);
	const client = redisClient().createClient({
		url,
		// Ask again soon, but never wait forever: a request counted while Redis is away fails.
		socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2000) },
		disableOfflineQueue: true,
	});
	// The client reports a lost connection as an error event; it reconnects by itself, and each
	// count that fails meanwhile is answered as an error of its own.
	client.on("error", () => {});
	// Resolves once Redis first answers (the client keeps trying meanwhile); never rejects.
	const connected = client.connect().then(
		() => true,
		() => false,
	);
	/** Waits a little for a first connection; a count is never held up for long by Redis. */
	async function ready(): Promise<void> {
		if (client.isReady) return;
		await Promise.race([
			connected,
			new Promise((resolve) => setTimeout(resolve, REDIS_WAIT_MS).unref()),
		]);
		if (!client.isReady)
			throw new Error(
				"Redis at REDIS_URL does not answer; the request could not be counted",
			);
	}
	const counters: SharedCounters = {
		where: "redis",
		now,
		async add(key, windowMs, { by = 1, extend = false, windowEnd } = {}) {
			await ready();
			const reply = (await client.sendCommand([
				"EVAL",
				REDIS_ADD,
				"1",
				REDIS_KEY_PREFIX + digest(key),
				String(by),
				String(windowMs),
				String(now()),
				extend ? "1" : "0",
				windowEnd === undefined ? "" : String(windowEnd),
			])) as [number, number];
			return { count: Number(reply[0]), resetAt: Number(reply[1]) };
		},
		async addEach(counts) {
			// Sent together: the client writes commands of one tick in one batch.
			return Promise.all(
				counts.map(({ key, windowMs, by }) =>
					counters.add(key, windowMs, { by: Math.max(1, by ?? 1) }),
				),
			);
		},
		async reset(key) {
			await ready();
			await client.sendCommand(["DEL", REDIS_KEY_PREFIX + digest(key)]);
		},
		async sweep() {
			return 0;
		},
		async close() {
			if (client.isOpen) await client.close();
			else client.destroy();
		},
	};
	return counters;
}
