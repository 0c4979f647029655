import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
	MemoryRouter,
	Route,
	Routes,
	useLocation,
	useParams,
} from "react-router";
import { expect, test, vi } from "vitest";
import { LoginPage } from "../pages/auth/login-page.tsx";
import { SignUpPage } from "../pages/auth/sign-up-page.tsx";
import { jsonResponse } from "../test-support/fake-api.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { RequireSession } from "./require-session.tsx";

/** A shop with one account; signing in with its password (or a signed-up one) starts a session. */
function serveShop() {
	let isSignedIn = false;
	const passwords = new Set(["correct horse"]);
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const { pathname } = new URL(String(input), window.location.href);
			const body =
				typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
			if (pathname === "/api/session")
				return isSignedIn
					? jsonResponse({
							me: {
								id: "u1",
								name: "Dana Reyes",
								email: "dana@example.com",
								email_verified: true,
								image: null,
								is_admin: false,
								two_factor_enabled: false,
							},
						})
					: jsonResponse({ me: null });
			if (pathname === "/api/auth/sign-in/email") {
				isSignedIn = passwords.has(String(body?.password));
				return isSignedIn
					? jsonResponse({ token: "t" })
					: jsonResponse({ code: "INVALID_EMAIL_OR_PASSWORD" }, 401);
			}
			if (pathname === "/api/auth/sign-up/email") {
				// As the shop does: the account is made, the session comes from signing in.
				passwords.add(String(body?.password));
				return jsonResponse({ token: null });
			}
			if (pathname === "/api/sign-in-options")
				return jsonResponse({ google: false });
			throw new Error(`No answer for ${pathname}`);
		},
	);
}

function PurchasePage() {
	const { toolId } = useParams();
	const { search } = useLocation();
	return <h1>{`Purchase of ${toolId}${search}`}</h1>;
}

function renderApp(url: string) {
	renderWithProviders(
		<Routes>
			<Route path="/login" element={<LoginPage />} />
			<Route path="/sign-up" element={<SignUpPage />} />
			<Route
				path="/tool-purchase/:toolId"
				element={
					<RequireSession>
						<PurchasePage />
					</RequireSession>
				}
			/>
		</Routes>,
		{ path: "*", url },
	);
}

test("a visitor is sent to /login and, after signing in, back to the page they opened", async () => {
	serveShop();
	renderApp("/tool-purchase/saw-1?quantity=5");
	expect(screen.getByRole("status")).toHaveTextContent("Checking your account");

	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Email"), "dana@example.com");
	await user.type(screen.getByLabelText("Password"), "correct horse");
	await user.click(screen.getByRole("button", { name: "Login" }));

	expect(
		await screen.findByRole("heading", {
			name: "Purchase of saw-1?quantity=5",
		}),
	).toBeVisible();
	expect(window.localStorage).toHaveLength(0);
	expect(window.sessionStorage).toHaveLength(0);
});

test("the origin survives a detour from login to sign-up", async () => {
	serveShop();
	renderApp("/tool-purchase/saw-2");
	const user = userEvent.setup();
	await user.click(
		await screen.findByRole("link", { name: "Create a new account" }),
	);
	await user.type(await screen.findByLabelText("Full Name"), "Dana Reyes");
	await user.type(screen.getByLabelText("Email"), "dana@example.com");
	await user.type(screen.getByLabelText("Password"), "sawdust-and-glue");
	await user.click(screen.getByRole("button", { name: "Sign Up" }));

	expect(
		await screen.findByRole("heading", { name: "Purchase of saw-2" }),
	).toBeVisible();
});

test("an origin outside the shop is ignored: login returns to the home page", async () => {
	serveShop();
	render(
		<QueryClientProvider client={new QueryClient()}>
			<MemoryRouter
				initialEntries={[
					{
						pathname: "/login",
						state: { from: { pathname: "//evil.example/x", search: "" } },
					},
				]}
			>
				<Routes>
					<Route path="/login" element={<LoginPage />} />
					<Route path="/" element={<h1>Home page</h1>} />
					<Route path="*" element={<h1>Somewhere else</h1>} />
				</Routes>
			</MemoryRouter>
		</QueryClientProvider>,
	);
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Email"), "dana@example.com");
	await user.type(screen.getByLabelText("Password"), "correct horse");
	await user.click(screen.getByRole("button", { name: "Login" }));
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
});

test("a session that cannot be read is an error with 'Try again', not a trip to /login", async () => {
	let isOffline = true;
	const shop = vi.fn(async (input: RequestInfo | URL) => {
		const { pathname } = new URL(String(input), window.location.href);
		if (pathname !== "/api/session")
			throw new Error(`No answer for ${pathname}`);
		if (isOffline) throw new TypeError("Failed to fetch");
		return jsonResponse({
			me: {
				id: "u1",
				name: "Dana Reyes",
				email: "dana@example.com",
				email_verified: true,
				image: null,
				is_admin: false,
				two_factor_enabled: false,
			},
		});
	});
	vi.stubGlobal("fetch", shop);
	renderApp("/tool-purchase/saw-3");

	const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
	expect(alert).toHaveTextContent("We could not check your account");
	expect(alert).toHaveTextContent(
		"We could not reach the shop. Check your connection and try again.",
	);
	expect(screen.queryByRole("heading", { name: "Login" })).toBeNull();
	expect(document.title).toBe(
		"Your account could not be checked · Tools Gallery",
	);

	isOffline = false;
	await userEvent.click(screen.getByRole("button", { name: "Try again" }));
	expect(
		await screen.findByRole("heading", { name: "Purchase of saw-3" }),
	).toBeVisible();
});
