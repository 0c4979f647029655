/**
 * Compares two strings by their UTF-16 code units, for `Array.prototype.sort`: the same order on
 * every runtime, and no Intl collation data paged into the process as `localeCompare` would
 * (docs/decisions/018-start-up-and-memory.md). For ids, keys and dated names, not for text shown
 * to people.
 */
export function byCodeUnits(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
