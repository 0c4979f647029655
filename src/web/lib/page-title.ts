import { useLayoutEffect } from "react";
import { useLocation } from "react-router";

export const SHOP_NAME = "Tools Gallery";

/** The title a page set last, and the address it set it for. */
export type PageTitle = { title: string; pathname: string | undefined };

let current: PageTitle = { title: SHOP_NAME, pathname: undefined };
const listeners = new Set<() => void>();

/** "My Orders · Tools Gallery"; the home page is just "Tools Gallery". */
export function formatPageTitle(title?: string): string {
	return title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
}

/** For the route announcer (useSyncExternalStore): the latest title and its address. */
export function subscribeToPageTitle(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

export function readPageTitle(): PageTitle {
	return current;
}

/**
 * Names the page in the browser's tab and history (WCAG 2.4.2). Every page calls it once, with
 * no title for the home page; the route announcer reads it out after a navigation.
 */
export function usePageTitle(title?: string): void {
	const { pathname } = useLocation();
	useLayoutEffect(() => {
		const text = formatPageTitle(title);
		document.title = text;
		current = { title: text, pathname };
		for (const listener of listeners) listener();
	}, [title, pathname]);
}
