import type { SharedCounters } from "../limits/shared-counters.ts";
import type { QuotaLimit } from "./quota-policies.ts";

/**
 * Where the counters are shared (PostgreSQL or Redis), a large allowance is counted in leases: an
 * instance adds a twentieth of the allowance (at most LEASE_MOST) to the shared counter in one
 * step, then counts that many requests in its own memory before it asks again
 * (docs/decisions/019-several-instances.md, "Later: large allowances counted in leases"). A busy address
 * searching the catalog costs a round trip to the database every sixtieth search instead of every
 * one. A small allowance (under 40 a window) is counted request by request, as before.
 */
const LEASE_SHARE = 20;
const LEASE_MOST = 100;
/** Leases kept before the spent and ended ones are swept, so a flood of addresses cannot grow memory forever. */
const SWEEP_AT = 10_000;

/** One allowance a request draws on: its counter's key and its limit. */
export type Draw = { key: string; limit: QuotaLimit };

/** What one draw found. */
export type Counted = {
	/** Requests the allowance has left in its window after this one, as far as this instance knows; below 0: refused. */
	remaining: number;
	/** When the window ends (ms since the epoch). */
	resetAt: number;
	/** Gives this request's count back (another allowance refused the request). */
	giveBack(): Promise<void>;
};

/**
 * Counts this instance has added to a shared counter and not used yet; `isSpent`: the allowance
 * was used up when last counted, so until the window ends requests are counted one by one again.
 */
type Lease = {
	left: number;
	resetAt: number;
	counted: number;
	isSpent?: boolean;
};

export type QuotaLeases = {
	/** Counts one request against each draw (different keys), in the order given. */
	count(draws: readonly Draw[]): Promise<Counted[]>;
};

export function createQuotaLeases(shared: SharedCounters): QuotaLeases {
	const leases = new Map<string, Lease>();
	/** Leases being taken: a request for the same key waits for it instead of taking one more. */
	const taking = new Map<string, Promise<unknown>>();
	let sweepAt = SWEEP_AT;

	function leaseSize({ key, limit }: Draw, now: number): number {
		// In memory, counting costs nothing and every instance is this one.
		if (shared.where === "memory") return 1;
		// Used up: no lease would be granted, and requests past the allowance are counted (and
		// refused) side by side, none waiting for another.
		const lease = leases.get(key);
		if (lease?.isSpent && lease.resetAt > now) return 1;
		return Math.max(
			1,
			Math.min(LEASE_MOST, Math.floor(limit.max / LEASE_SHARE)),
		);
	}

	function sweep(now: number): void {
		if (leases.size < sweepAt) return;
		for (const [key, lease] of leases)
			if (lease.resetAt <= now || lease.left <= 0) leases.delete(key);
		sweepAt = Math.max(SWEEP_AT, leases.size * 2);
	}

	/** A request counted from this instance's lease: no round trip. */
	function fromLease({ limit }: Draw, lease: Lease): Counted {
		lease.left -= 1;
		return {
			remaining: limit.max - (lease.counted - lease.left),
			resetAt: lease.resetAt,
			giveBack: async () => {
				lease.left += 1;
			},
		};
	}

	/** Takes a lease for each draw from the shared counters, in one step, and counts the request. */
	async function leaseAndCount(
		draws: readonly Draw[],
		sizes: readonly number[],
	): Promise<Counted[]> {
		const windows = await shared.addEach(
			draws.map(({ key, limit }, index) => ({
				key,
				windowMs: limit.windowMs,
				by: sizes[index] ?? 1,
			})),
		);
		return Promise.all(
			draws.map(async (draw, index) => {
				const { key, limit } = draw;
				const size = sizes[index] ?? 1;
				const window = windows[index];
				if (!window) throw new Error("a counter went missing");
				// Counts go back only to the window they were taken in, never to the next one.
				const giveBackShared = (by: number) =>
					shared.add(key, limit.windowMs, {
						by: -by,
						windowEnd: window.resetAt,
					});
				const before = window.count - size;
				// The part of the lease within the allowance; the request itself counts even when refused.
				const granted = Math.min(size, Math.max(0, limit.max - before));
				const beyond = size - Math.max(granted, 1);
				if (beyond > 0) await giveBackShared(beyond);
				const kept = leases.get(key);
				if (granted === 0 && (!kept || kept.left <= 0)) {
					sweep(shared.now());
					leases.set(key, {
						left: 0,
						resetAt: window.resetAt,
						counted: window.count,
						isSpent: true,
					});
				}
				if (granted <= 1)
					return {
						remaining: limit.max - before - 1,
						resetAt: window.resetAt,
						giveBack: async () => {
							await giveBackShared(1);
						},
					};
				const lease: Lease = {
					left: granted,
					resetAt: window.resetAt,
					counted: before + granted,
				};
				// Two leases of one window (the other taken while this one's step ran): one pool.
				if (kept && !kept.isSpent && kept.resetAt === lease.resetAt) {
					kept.left += lease.left;
					kept.counted = Math.max(kept.counted, lease.counted);
					return fromLease(draw, kept);
				}
				sweep(shared.now());
				leases.set(key, lease);
				return fromLease(draw, lease);
			}),
		);
	}

	/**
	 * Takes leases for `draws`; until it has finished (the lease kept, or what passed the allowance
	 * given back), other requests for those keys wait for it instead of taking leases of their own.
	 */
	function takeLeases(draws: readonly Draw[]): Promise<Counted[]> {
		const now = shared.now();
		const sizes = draws.map((draw) => leaseSize(draw, now));
		const work = leaseAndCount(draws, sizes);
		for (const [index, { key }] of draws.entries())
			if ((sizes[index] ?? 1) > 1) taking.set(key, work);
		const done = () => {
			for (const { key } of draws)
				if (taking.get(key) === work) taking.delete(key);
		};
		work.then(done, done);
		return work;
	}

	return {
		async count(draws) {
			// A lease being taken for one of these keys: wait for it, then count from it.
			for (;;) {
				const waits = draws.flatMap(({ key }) => taking.get(key) ?? []);
				if (waits.length === 0) break;
				await Promise.allSettled(waits);
			}
			const now = shared.now();
			const counted: (Counted | undefined)[] = draws.map((draw) => {
				const lease = leases.get(draw.key);
				if (!lease || lease.left <= 0 || lease.resetAt <= now) return undefined;
				return fromLease(draw, lease);
			});
			const toTake = draws.filter((_, index) => !counted[index]);
			if (toTake.length > 0) {
				let taken: Counted[];
				try {
					taken = await takeLeases(toTake);
				} catch (error) {
					// Not counted after all: what this request took from leases goes back to them.
					await Promise.all(counted.map((found) => found?.giveBack()));
					throw error;
				}
				let next = 0;
				for (const [index, found] of counted.entries())
					if (!found) counted[index] = taken[next++];
			}
			return counted.map((found) => {
				if (!found) throw new Error("a draw went uncounted");
				return found;
			});
		},
	};
}
