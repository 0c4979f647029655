import { useLocation } from "react-router";

/** What the sign-in pages keep in navigation state: the page a visitor was sent away from. */
export type ReturnState = { from: { pathname: string; search: string } };

/**
 * The path to go back to after signing in, from `location.state.from`. Only a path of this site
 * is accepted: "//host" or "/\host" would leave the shop, so they count as no origin at all.
 */
export function readReturnPath(state: unknown): string | undefined {
	if (typeof state !== "object" || state === null || !("from" in state))
		return undefined;
	const from = state.from;
	if (typeof from !== "object" || from === null) return undefined;
	const pathname = "pathname" in from ? from.pathname : undefined;
	const search = "search" in from ? from.search : "";
	if (typeof pathname !== "string" || typeof search !== "string")
		return undefined;
	if (!isSameSitePath(pathname)) return undefined;
	return `${pathname}${search.startsWith("?") ? search : ""}`;
}

function isSameSitePath(path: string): boolean {
	return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
}

/**
 * Where this sign-in page returns to ("/" when it was opened directly), and the state that carries
 * the same origin along to the other sign-in page.
 */
export function useReturnTo(): {
	path: string;
	state: ReturnState | undefined;
} {
	const location = useLocation();
	const returnPath = readReturnPath(location.state);
	if (!returnPath) return { path: "/", state: undefined };
	const queryStart = returnPath.indexOf("?");
	const pathname =
		queryStart === -1 ? returnPath : returnPath.slice(0, queryStart);
	const search = queryStart === -1 ? "" : returnPath.slice(queryStart);
	return { path: returnPath, state: { from: { pathname, search } } };
}
