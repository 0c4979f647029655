/** A clock that moves only when a test moves it: `now` for wallClock, `advance` to skip time. */
export function handClock(start = Date.UTC(2026, 5, 1, 12)) {
	let now = start;
	return {
		now: () => now,
		advance(ms: number) {
			now += ms;
		},
	};
}
