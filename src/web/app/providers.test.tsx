import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { expect, test, vi } from "vitest";
import { LoginPage } from "../pages/auth/login-page.tsx";
import { DashboardRoutes } from "../pages/dashboard/dashboard-routes.tsx";
import { errorResponse, jsonResponse } from "../test-support/fake-api.ts";
import {
	anOrder,
	aShop,
	type SentRequest,
	serveOrders,
} from "../test-support/fake-orders.ts";
import { Providers } from "./providers.tsx";
import { RequireSession } from "./require-session.tsx";

/** The app's own providers and routes for the dashboard and login, opened at `url`. */
function renderApp(url: string) {
	render(
		<MemoryRouter initialEntries={[url]}>
			<Providers>
				<Routes>
					<Route path="/login" element={<LoginPage />} />
					<Route
						path="/dashboard/*"
						element={
							<RequireSession>
								<DashboardRoutes />
							</RequireSession>
						}
					/>
				</Routes>
			</Providers>
		</MemoryRouter>,
	);
}

/**
 * A shop whose session can be ended on the server (`endSession`): from then on every call is
 * refused with 401 and the session reads as nobody, until the user signs in again.
 */
function serveShopWithSession() {
	let hasSession = true;
	const shop = aShop({ orders: [anOrder(1), anOrder(2)] });
	const sent = serveOrders(shop, (request: SentRequest) => {
		const { pathname } = request.url;
		if (pathname === "/api/sign-in-options")
			return jsonResponse({ google: false });
		if (pathname === "/api/auth/sign-in/email") {
			hasSession = true;
			return jsonResponse({ token: "t" });
		}
		if (hasSession) return undefined;
		if (pathname === "/api/session") return jsonResponse({ me: null });
		return errorResponse(401, "UNAUTHORIZED", "Sign in to do this");
	});
	return {
		sent,
		endSession: () => {
			hasSession = false;
		},
	};
}

test("a session that ends while My Orders is open sends the next step to /login, and signing in returns to My Orders", async () => {
	const { endSession } = serveShopWithSession();
	renderApp("/dashboard/my-orders");
	const user = userEvent.setup();
	await screen.findByRole("article", { name: "Tool 2" });

	endSession();
	await user.click(
		screen.getByRole("button", { name: "Cancel order of Tool 2" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Cancel this order?" });
	await user.click(
		within(dialog).getByRole("button", { name: "Cancel order" }),
	);

	expect(
		await screen.findByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
	expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
	await user.type(screen.getByLabelText("Email"), "cleo@example.com");
	await user.type(screen.getByLabelText("Password"), "correct horse");
	await user.click(screen.getByRole("button", { name: "Login" }));

	expect(
		await screen.findByRole("heading", { level: 1, name: "My Orders" }),
	).toBeVisible();
	expect(await screen.findByRole("article", { name: "Tool 2" })).toBeVisible();
});

test("a 401 while reading a page's data, after the session ended, also lands on /login", async () => {
	const { endSession, sent } = serveShopWithSession();
	renderApp("/dashboard/my-orders");
	const user = userEvent.setup();
	await screen.findByRole("article", { name: "Tool 2" });

	endSession();
	await user.click(screen.getByRole("link", { name: "My Profile" }));

	expect(
		await screen.findByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
	const sessionReads = sent.filter(
		(request) => request.url.pathname === "/api/session",
	);
	expect(sessionReads).toHaveLength(2);
});

test("a page whose data does not come within 15 seconds says so and offers 'Try again'", async () => {
	let isStalled = true;
	serveOrders(aShop({ orders: [anOrder(1)] }));
	const answer = globalThis.fetch;
	// While stalled, My Orders is never answered: the request ends only when its signal aborts.
	vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
		isStalled && String(input).startsWith("/api/me/orders")
			? new Promise<Response>((_resolve, reject) =>
					init?.signal?.addEventListener("abort", () =>
						reject(init.signal?.reason),
					),
				)
			: answer(input, init),
	);
	vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
	try {
		renderApp("/dashboard/my-orders");
		await vi.advanceTimersByTimeAsync(15_100);
	} finally {
		vi.useRealTimers();
	}

	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent("Your orders could not be loaded");
	expect(alert).toHaveTextContent(
		"The shop did not answer in time. Check your connection and try again.",
	);
	isStalled = false;
	await userEvent
		.setup()
		.click(screen.getByRole("button", { name: "Try again" }));
	expect(await screen.findByRole("article", { name: "Tool 1" })).toBeVisible();
});
