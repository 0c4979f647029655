/** Milliseconds from a monotonic clock. Caches take one so tests can move time by hand. */
export type Clock = () => number;

export const monotonicClock: Clock = () => performance.now();
