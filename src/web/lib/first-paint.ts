import { startTransition, useEffect, useState } from "react";

/**
 * Whether the page has shown its first content yet. Until then, what is not on the first screen
 * (the home page's lower sections, the account's session, the figures read from the API) waits,
 * so the first screen gets the connection and the processor to itself; right after, it all
 * starts at once. Without waitForFirstPaint (tests, or a browser that does not report paints)
 * the page counts as shown from the start.
 */
let hasPainted = true;
const listeners = new Set<() => void>();

function markPainted(): void {
	if (hasPainted) return;
	hasPainted = true;
	for (const listener of listeners) listener();
}

/** A page hidden in a background tab does not paint: this is how long the rest waits for it. */
const LONGEST_WAIT_MS = 3000;

/** Called once at start-up, before the first render: the first paint releases the rest. */
export function waitForFirstPaint(): void {
	if (
		typeof PerformanceObserver === "undefined" ||
		!PerformanceObserver.supportedEntryTypes?.includes("paint")
	)
		return;
	hasPainted = false;
	const observer = new PerformanceObserver((entries) => {
		if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
		observer.disconnect();
		markPainted();
	});
	observer.observe({ type: "paint", buffered: true });
	setTimeout(() => {
		observer.disconnect();
		markPainted();
	}, LONGEST_WAIT_MS);
}

/**
 * False until the page's first content is on screen; true from then on. The change renders as a
 * transition, in slices between which the browser stays responsive.
 */
export function useHasPainted(): boolean {
	const [isShown, setIsShown] = useState(hasPainted);
	useEffect(() => {
		if (isShown) return;
		const show = () => startTransition(() => setIsShown(true));
		if (hasPainted) show();
		else listeners.add(show);
		return () => {
			listeners.delete(show);
		};
	}, [isShown]);
	return isShown;
}
