/** How long to wait for a new page's heading (a page loading its code or data) before giving up. */
const HEADING_WAIT_MS = 10_000;

/** The page's main heading: the first h1 of <main> that is shown (a suspended page is hidden). */
function findMainHeading(main: HTMLElement): HTMLElement | undefined {
	return Array.from(main.querySelectorAll("h1")).find(
		(heading) => !heading.closest('[hidden], [style*="display: none"]'),
	);
}

/**
 * Once the new page's main heading is shown, focuses it, unless the user has moved focus since
 * the navigation. A page whose heading waits for its code or data is watched until it appears.
 */
export function focusMainHeadingWhenShown(
	focusAtNavigation: Element | null,
): () => void {
	const main = document.getElementById("main");
	if (!main) return () => undefined;
	const focus = (heading: HTMLElement) => {
		const focused = document.activeElement;
		const hasUserMovedFocus =
			focused !== null &&
			focused !== document.body &&
			focused !== focusAtNavigation;
		if (hasUserMovedFocus) return;
		if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
		heading.focus({ preventScroll: true });
	};
	const shown = findMainHeading(main);
	if (shown) {
		focus(shown);
		return () => undefined;
	}
	const observer = new MutationObserver(() => {
		const heading = findMainHeading(main);
		if (!heading) return;
		stop();
		focus(heading);
	});
	const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
	const stop = () => {
		observer.disconnect();
		clearTimeout(timer);
	};
	observer.observe(main, {
		childList: true,
		subtree: true,
		attributes: true,
		attributeFilter: ["style", "hidden"],
	});
	return stop;
}
