import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";

/**
 * Renders `element` as the page at `url` (matched by the route `path`), inside a router and a
 * query client of its own that does not retry, so a failed request shows its error at once.
 */
export function renderWithProviders(
	element: ReactElement,
	{ path = "/", url = path }: { path?: string; url?: string } = {},
) {
	const queryClient = new QueryClient({
		defaultOptions: { queries: { retry: false } },
	});
	return render(
		<QueryClientProvider client={queryClient}>
			<MemoryRouter initialEntries={[url]}>
				<Routes>
					<Route path={path} element={element} />
				</Routes>
			</MemoryRouter>
		</QueryClientProvider>,
	);
}
