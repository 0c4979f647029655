/**
 * A seeded source of random choices for the fuzzer: the same seed gives the same requests, so a
 * failure found once can be replayed with FUZZ_SEED.
 */
export type Random = {
	/** A float in [0, 1). */
	next(): number;
	/** An integer in [min, max]. */
	int(min: number, max: number): number;
	chance(probability: number): boolean;
	pick<T>(items: readonly T[]): T;
	/** A version 4 UUID, from this source, so that a seed replays it too. */
	uuid(): string;
};

/** sfc32, seeded through splitmix32: small, fast and good enough to drive a fuzzer. */
export function createRandom(seed: number): Random {
	let state = seed >>> 0;
	const splitmix = () => {
		state = (state + 0x9e3779b9) >>> 0;
		let z = state;
		z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
		z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
		return (z ^ (z >>> 16)) >>> 0;
	};
	let a = splitmix();
	let b = splitmix();
	let c = splitmix();
	let d = splitmix();
	const next = () => {
		const t = (((a + b) >>> 0) + d) >>> 0;
		d = (d + 1) >>> 0;
		a = b ^ (b >>> 9);
		b = (c + (c << 3)) >>> 0;
		c = ((c << 21) | (c >>> 11)) >>> 0;
		c = (c + t) >>> 0;
		return t / 4294967296;
	};
	const random: Random = {
		next,
		int: (min, max) => min + Math.floor(next() * (max - min + 1)),
		chance: (probability) => next() < probability,
		pick: (items) => {
			if (items.length === 0) throw new Error("nothing to pick from");
			return items[Math.floor(next() * items.length)] as (typeof items)[number];
		},
		uuid: () => {
			const hex = Array.from({ length: 32 }, () =>
				Math.floor(next() * 16).toString(16),
			);
			hex[12] = "4";
			hex[16] = "89ab"[Math.floor(next() * 4)] ?? "8";
			const text = hex.join("");
			return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
		},
	};
	return random;
}

/** The seed of this run: FUZZ_SEED when set, else a fixed one, so CI runs are repeatable. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
	const given = env.FUZZ_SEED;
	if (given === undefined || given === "") return 20_261_128;
	const seed = Number(given);
	if (!Number.isSafeInteger(seed))
		throw new Error(`FUZZ_SEED must be an integer, not "${given}"`);
	return seed;
}
