import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { jsonResponse } from "../test-support/fake-api.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { Navbar } from "./navbar.tsx";

const me = {
	id: "u1",
	name: "Dana Reyes",
	email: "dana@example.com",
	email_verified: true,
	image: null,
	is_admin: false,
	two_factor_enabled: false,
};

/** `/api/session` answers once `answerMe` says; everything else the navigation bar asks is refused. */
function serveShop(answerMe: () => Promise<Response>) {
	const requests: string[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const { pathname } = new URL(String(input), window.location.href);
			requests.push(`${init?.method ?? "GET"} ${pathname}`);
			if (pathname === "/api/session") return answerMe();
			if (pathname === "/api/cart")
				return jsonResponse({
					lines: [],
					total_cents: 0,
					pieces: 3,
					can_check_out: false,
				});
			if (pathname === "/api/auth/sign-out")
				return jsonResponse({ success: true });
			throw new Error(`No answer for ${pathname}`);
		},
	);
	return requests;
}

function renderNavbar(url = "/blog") {
	renderWithProviders(
		<>
			<Navbar />
			<Routes>
				<Route path="/" element={<h1>Home page</h1>} />
				<Route path="/home" element={<h1>Home page</h1>} />
				<Route path="/blog" element={<h1>Blog page</h1>} />
			</Routes>
		</>,
		{ path: "*", url },
	);
}

/** The bar's links by what they say: their text, or the name of an icon link (the cart). */
const mainLinks = () =>
	within(screen.getByRole("navigation", { name: "Main" }))
		.getAllByRole("link")
		.map((link) => link.getAttribute("aria-label") ?? link.textContent);

test("while the account is loading, a spinner stands in for the navigation bar", async () => {
	let answer: (response: Response) => void = () => undefined;
	serveShop(() => new Promise((resolve) => (answer = resolve)));
	renderNavbar();
	expect(await screen.findByRole("status")).toHaveTextContent(
		"Loading your account",
	);
	expect(screen.queryByRole("navigation")).not.toBeInTheDocument();

	answer(jsonResponse({ me: null }));
	expect(await screen.findByRole("navigation", { name: "Main" })).toBeVisible();
	expect(screen.queryByRole("status")).not.toBeInTheDocument();
});

test("a visitor sees the public links and Login", async () => {
	serveShop(async () => jsonResponse({ me: null }));
	renderNavbar();
	await screen.findByRole("navigation", { name: "Main" });
	// The cart's count comes with the cart's code, just after the bar.
	await screen.findByRole("link", { name: "Cart, 0 pieces" });
	expect(mainLinks()).toEqual([
		"Tools Gallery",
		"Home",
		"Blog",
		"Reviews",
		"My Portfolio",
		"Login",
		"Cart, 0 pieces",
	]);
	expect(screen.getByRole("link", { name: "Blog" })).toHaveAttribute(
		"aria-current",
		"page",
	);
	expect(
		screen.queryByRole("button", { name: "Sign Out" }),
	).not.toBeInTheDocument();
});

test("a signed-in customer sees Dashboard, 'Sign Out' and their name instead of Login", async () => {
	serveShop(async () => jsonResponse({ me }));
	renderNavbar();
	expect(
		await screen.findByRole("button", { name: "Dana Reyes" }),
	).toBeVisible();
	// The cart's count comes from the server cart once it is read.
	expect(
		await screen.findByRole("link", { name: "Cart, 3 pieces" }),
	).toHaveAttribute("href", "/cart");
	expect(mainLinks()).toEqual([
		"Tools Gallery",
		"Home",
		"Blog",
		"Reviews",
		"My Portfolio",
		"Dashboard",
		"Cart, 3 pieces",
	]);
	expect(screen.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("'Sign Out' ends the session and goes to the home page", async () => {
	const requests = serveShop(async () => jsonResponse({ me }));
	renderNavbar();
	await screen.findByRole("link", { name: "Cart, 3 pieces" });
	await userEvent.click(
		await screen.findByRole("button", { name: "Sign Out" }),
	);
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(screen.getByRole("link", { name: "Login" })).toBeVisible();
	expect(requests).toEqual([
		"GET /api/session",
		"GET /api/cart",
		"POST /api/auth/sign-out",
	]);
	expect(window.localStorage).toHaveLength(0);
	expect(window.sessionStorage).toHaveLength(0);
});

test("the collapsed menu lists the account's pages and 'Sign Out'", async () => {
	serveShop(async () => jsonResponse({ me }));
	renderNavbar();
	const user = userEvent.setup();
	await user.click(await screen.findByRole("button", { name: "Open menu" }));
	const collapsed = document.getElementById(
		screen
			.getByRole("button", { name: "Close menu" })
			.getAttribute("aria-controls") ?? "",
	);
	if (!collapsed) throw new Error("the collapsed menu is not shown");
	expect(
		within(collapsed)
			.getAllByRole("link")
			.map((link) => link.textContent),
	).toEqual([
		"Home",
		"Blog",
		"Reviews",
		"My Portfolio",
		"Dashboard",
		"My Profile",
	]);
	expect(
		within(collapsed).getByRole("button", { name: "Sign Out" }),
	).toBeVisible();
	await user.click(within(collapsed).getByRole("link", { name: "Home" }));
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(screen.getByRole("button", { name: "Open menu" })).toBeVisible();
});

test("an account that could not be loaded is not shown as signed out: the bar offers to load it again", async () => {
	let isOffline = true;
	serveShop(async () => {
		if (isOffline) throw new TypeError("Failed to fetch");
		return jsonResponse({ me });
	});
	renderNavbar();
	const retry = await screen.findByRole(
		"button",
		{ name: "Load my account" },
		{ timeout: 5000 },
	);
	expect(screen.getByText("Your account could not be loaded.")).toBeVisible();
	expect(mainLinks()).toEqual([
		"Tools Gallery",
		"Home",
		"Blog",
		"Reviews",
		"My Portfolio",
		"Cart",
	]);
	expect(screen.queryByRole("link", { name: "Login" })).toBeNull();

	isOffline = false;
	await userEvent.click(retry);
	expect(
		await screen.findByRole("button", { name: "Dana Reyes" }),
	).toBeVisible();
	expect(screen.queryByRole("button", { name: "Load my account" })).toBeNull();
});

test("an admin's bar has no cart: the admins' menus do not shop with one", async () => {
	const requests = serveShop(async () =>
		jsonResponse({ me: { ...me, is_admin: true } }),
	);
	renderNavbar();
	await screen.findByRole("button", { name: "Dana Reyes" });
	expect(screen.queryByRole("link", { name: /^Cart/ })).toBeNull();
	expect(requests).toEqual(["GET /api/session"]);
});
