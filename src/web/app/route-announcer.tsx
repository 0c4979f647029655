import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { readPageTitle, subscribeToPageTitle } from "../lib/page-title.ts";

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
function focusMainHeadingWhenShown(): () => void {
	const main = document.getElementById("main");
	if (!main) return () => undefined;
	const focusAtNavigation = document.activeElement;
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

/**
 * After each navigation inside the app, but not on the first load: moves focus to the new page's
 * main heading (WCAG 2.4.3) and announces the title the new page sets, in a polite live region.
 */
export function RouteAnnouncer() {
	const { pathname } = useLocation();
	const firstPathname = useRef(pathname);
	const hasLeftFirstPage = useRef(false);
	const [hasNavigated, setHasNavigated] = useState(false);
	const pageTitle = useSyncExternalStore(subscribeToPageTitle, readPageTitle);

	useEffect(() => {
		if (pathname === firstPathname.current && !hasLeftFirstPage.current) return;
		hasLeftFirstPage.current = true;
		setHasNavigated(true);
		return focusMainHeadingWhenShown();
	}, [pathname]);

	// The previous page's title is not read out for the new address while it loads.
	const announcement =
		hasNavigated && pageTitle.pathname === pathname ? pageTitle.title : "";
	return (
		<p aria-live="polite" aria-atomic="true" className="sr-only">
			{announcement}
		</p>
	);
}
