import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { LazyPart } from "../components/ui/lazy-part.tsx";
import { useHasPainted } from "../lib/first-paint.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { useNearViewport } from "../lib/near-viewport.ts";
import { Navbar } from "./navbar.tsx";
import { RouteAnnouncer } from "./route-announcer.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

// The footer is under the first screen on every page that has content: its code comes once the
// page has shown and the reader comes near its end (at once on a short page), so the first
// download and the first screen's work carry only what that screen needs. It is added after the
// page's content, so nothing above it moves when it arrives.
const Footer = lazyComponent(() =>
	import("./footer.tsx").then((module) => module.Footer),
);

export function RootLayout() {
	const hasPainted = useHasPainted();
	const [footerRef, isFooterNear] = useNearViewport();
	const { pathname } = useLocation();
	// Braces matter: scrollTo returns a Promise in current Chromium, and React would call an
	// effect's return value as its cleanup.
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at the top
	useEffect(() => {
		window.scrollTo(0, 0);
	}, [pathname]);

	return (
		<div className="flex min-h-screen flex-col">
			<a
				href="#main"
				className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:btn"
			>
				Skip to content
			</a>
			<Navbar />
			<main id="main" className="flex-1">
				<RouteErrorBoundary resetKey={pathname}>
					<Outlet />
				</RouteErrorBoundary>
			</main>
			{hasPainted && isFooterNear ? (
				<LazyPart fallback={null}>
					<Footer />
				</LazyPart>
			) : (
				<div ref={footerRef} />
			)}
			<RouteAnnouncer />
		</div>
	);
}
