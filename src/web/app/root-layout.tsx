import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";
import { RouteAnnouncer } from "./route-announcer.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

export function RootLayout() {
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
			<Footer />
			<RouteAnnouncer />
		</div>
	);
}
