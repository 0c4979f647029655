import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { readPageTitle, subscribeToPageTitle } from "../lib/page-title.ts";

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
		// Where focus was when the address changed: read now, before the new page renders.
		const focusAtNavigation = document.activeElement;
		let stop: () => void = () => undefined;
		let isCancelled = false;
		// Only a navigation needs this, so it comes with the first one and not with the first page.
		void import("./main-heading-focus.ts").then(
			({ focusMainHeadingWhenShown }) => {
				if (!isCancelled) stop = focusMainHeadingWhenShown(focusAtNavigation);
			},
			() => undefined,
		);
		return () => {
			isCancelled = true;
			stop();
		};
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
