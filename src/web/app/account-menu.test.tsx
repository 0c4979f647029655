import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { jsonResponse } from "../test-support/fake-api.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { Navbar } from "./navbar.tsx";

/** A signed-in shop behind `fetch`; signing out ends the session. Returns the paths asked for. */
function serveSignedInShop(image: string | null = null) {
	const requests: string[] = [];
	let isSignedIn = true;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const { pathname } = new URL(String(input), window.location.href);
			requests.push(`${init?.method ?? "GET"} ${pathname}`);
			if (pathname === "/api/auth/sign-out") {
				isSignedIn = false;
				return jsonResponse({ success: true });
			}
			if (pathname === "/api/session")
				return isSignedIn
					? jsonResponse({
							me: {
								id: "u1",
								name: "Dana Reyes",
								email: "dana@example.com",
								email_verified: true,
								image,
								is_admin: false,
								two_factor_enabled: false,
							},
						})
					: jsonResponse({ me: null });
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
				<Route path="/blog" element={<h1>Blog page</h1>} />
				<Route path="/dashboard" element={<h1>Dashboard page</h1>} />
				<Route path="/dashboard/profile" element={<h1>Profile page</h1>} />
			</Routes>
		</>,
		{ path: "*", url },
	);
}

const menuItem = (name: string) => screen.getByRole("menuitem", { name });

test("the account menu opens, moves and closes from the keyboard", async () => {
	serveSignedInShop();
	renderNavbar();
	const user = userEvent.setup();
	const button = await screen.findByRole("button", { name: "Dana Reyes" });
	expect(button).toHaveAttribute("aria-haspopup", "menu");
	expect(button).toHaveAttribute("aria-expanded", "false");
	expect(within(button).getByText("DR")).toBeVisible();

	button.focus();
	await user.keyboard("{Enter}");
	expect(button).toHaveAttribute("aria-expanded", "true");
	expect(
		within(screen.getByRole("menu")).getAllByRole("menuitem"),
	).toHaveLength(3);
	expect(menuItem("My Profile")).toHaveFocus();

	await user.keyboard("{ArrowDown}");
	expect(menuItem("Dashboard")).toHaveFocus();
	await user.keyboard("{ArrowDown}");
	expect(menuItem("Sign Out")).toHaveFocus();
	await user.keyboard("{ArrowDown}");
	expect(menuItem("My Profile")).toHaveFocus();
	await user.keyboard("{ArrowUp}");
	expect(menuItem("Sign Out")).toHaveFocus();

	await user.keyboard("{Escape}");
	expect(screen.queryByRole("menu")).not.toBeInTheDocument();
	expect(button).toHaveAttribute("aria-expanded", "false");
	expect(button).toHaveFocus();

	await user.keyboard("{ArrowDown}");
	expect(menuItem("My Profile")).toHaveFocus();
	await user.keyboard("{Escape}");
	await user.keyboard(" ");
	expect(menuItem("My Profile")).toHaveFocus();

	await user.keyboard("{ArrowDown}{Enter}");
	expect(
		await screen.findByRole("heading", { name: "Dashboard page" }),
	).toBeVisible();
	expect(screen.queryByRole("menu")).not.toBeInTheDocument();
});

test("clicking outside the account menu closes it", async () => {
	serveSignedInShop();
	renderNavbar();
	const user = userEvent.setup();
	const button = await screen.findByRole("button", { name: "Dana Reyes" });
	await user.click(button);
	expect(screen.getByRole("menu")).toBeVisible();

	await user.click(screen.getByRole("heading", { name: "Blog page" }));
	expect(screen.queryByRole("menu")).not.toBeInTheDocument();
	expect(button).toHaveAttribute("aria-expanded", "false");
});

test("'My Profile' opens the profile and the picture shows in the button", async () => {
	serveSignedInShop("/images/avatars/dana.webp");
	renderNavbar();
	const user = userEvent.setup();
	const button = await screen.findByRole("button", { name: "Dana Reyes" });
	expect(button.querySelector("img")).toHaveAttribute(
		"src",
		"/images/avatars/dana.webp",
	);
	await user.click(button);
	await user.click(menuItem("My Profile"));
	expect(
		await screen.findByRole("heading", { name: "Profile page" }),
	).toBeVisible();
});

test("'Sign Out' in the account menu signs out and goes to the home page", async () => {
	const requests = serveSignedInShop();
	renderNavbar();
	const user = userEvent.setup();
	await user.click(await screen.findByRole("button", { name: "Dana Reyes" }));
	await user.click(menuItem("Sign Out"));

	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(await screen.findByRole("link", { name: "Login" })).toBeVisible();
	expect(
		screen.queryByRole("button", { name: "Dana Reyes" }),
	).not.toBeInTheDocument();
	expect(requests).toContain("POST /api/auth/sign-out");
});
