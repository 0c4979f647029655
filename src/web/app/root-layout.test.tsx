import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Link, Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { lazyComponent } from "../lib/lazy-component.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { jsonResponse } from "../test-support/fake-api.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { RootLayout } from "./root-layout.tsx";

function HomePage() {
	usePageTitle();
	return (
		<>
			<h1>Welcome</h1>
			<Link to="/blog">Read the blog</Link>
			<Link to="/dashboard/broken">Open a broken page</Link>
		</>
	);
}

/** A page whose heading comes later, as one that waits for its data. */
function BlogPage() {
	usePageTitle("Blog");
	const [isLoaded, setIsLoaded] = useState(false);
	return isLoaded ? (
		<h1>Blog</h1>
	) : (
		<button type="button" onClick={() => setIsLoaded(true)}>
			Finish loading
		</button>
	);
}

function BrokenPage(): never {
	throw new Error("This page is broken");
}

/** A page whose code is gone from the server, as after a new release of the shop. */
const GonePage = lazyComponent<object>(() =>
	Promise.reject(
		new TypeError("Failed to fetch dynamically imported module: /assets/x.js"),
	),
);

function renderApp(url = "/") {
	vi.stubGlobal("fetch", async () => jsonResponse({ me: null }));
	renderWithProviders(
		<Routes>
			<Route element={<RootLayout />}>
				<Route path="/" element={<HomePage />} />
				<Route path="/blog" element={<BlogPage />} />
				<Route
					path="/dashboard/*"
					element={
						<Routes>
							<Route path="broken" element={<BrokenPage />} />
							<Route path="gone" element={<GonePage />} />
						</Routes>
					}
				/>
			</Route>
		</Routes>,
		{ path: "*", url },
	);
}

const liveRegion = () => {
	const region = document.querySelector("[aria-live='polite']");
	if (!region) throw new Error("no polite live region");
	return region;
};

test("the first load keeps focus where the browser put it; each page names itself in the title", async () => {
	renderApp();
	expect(
		await screen.findByRole("heading", { level: 1, name: "Welcome" }),
	).toBeVisible();
	expect(document.title).toBe("Tools Gallery");
	expect(document.activeElement).toBe(document.body);
	expect(liveRegion()).toHaveTextContent("");
});

test("after a navigation, focus moves to the new page's main heading once it appears, and its title is announced", async () => {
	renderApp();
	const user = userEvent.setup();
	await user.click(await screen.findByRole("link", { name: "Read the blog" }));
	expect(document.title).toBe("Blog · Tools Gallery");

	// The heading is not there yet: focus waits for it to appear.
	await user.click(screen.getByRole("button", { name: "Finish loading" }));
	const heading = await screen.findByRole("heading", {
		level: 1,
		name: "Blog",
	});
	await waitFor(() => expect(heading).toHaveFocus());
	expect(heading).toHaveAttribute("tabindex", "-1");
	expect(liveRegion()).toHaveTextContent("Blog · Tools Gallery");
});

test("a dashboard page that throws shows the error page with a way home, and the rest of the site stays", async () => {
	// React reports the error it caught: that report is this test's expected outcome. The spy is
	// the one every test has (an unexpected console.error fails it), set aside for this render.
	const consoleError = vi.spyOn(console, "error");
	const reportUnexpected = consoleError.getMockImplementation();
	const reported: unknown[][] = [];
	consoleError.mockImplementation((...args: unknown[]) => {
		reported.push(args);
	});
	try {
		renderApp();
		const user = userEvent.setup();
		await user.click(
			await screen.findByRole("link", { name: "Open a broken page" }),
		);
		expect(
			await screen.findByRole("heading", {
				level: 1,
				name: "Something went wrong on this page.",
			}),
		).toBeVisible();
	} finally {
		consoleError.mockImplementation(reportUnexpected ?? (() => undefined));
	}
	expect(
		screen.getByRole("link", { name: "Back to the homepage" }),
	).toHaveAttribute("href", "/");
	expect(screen.getByRole("navigation", { name: "Main" })).toBeVisible();
	expect(document.title).toBe(
		"Something went wrong on this page · Tools Gallery",
	);
	expect(reported.flat().map(String).join(" ")).toContain(
		"This page is broken",
	);
});

test("a page whose code cannot be downloaded says so and offers a reload, which fetches the current version", async () => {
	const consoleError = vi.spyOn(console, "error");
	const reportUnexpected = consoleError.getMockImplementation();
	consoleError.mockImplementation(() => undefined);
	const reload = vi.fn();
	vi.stubGlobal("location", { ...window.location, reload });
	try {
		renderApp("/dashboard/gone");
		expect(
			await screen.findByRole("heading", {
				level: 1,
				name: "This page could not be loaded.",
			}),
		).toBeVisible();
	} finally {
		consoleError.mockImplementation(reportUnexpected ?? (() => undefined));
	}
	expect(await screen.findByRole("navigation", { name: "Main" })).toBeVisible();
	expect(document.title).toBe("This page could not be loaded · Tools Gallery");
	await userEvent.click(
		screen.getByRole("button", { name: "Reload the page" }),
	);
	expect(reload).toHaveBeenCalledOnce();
});
