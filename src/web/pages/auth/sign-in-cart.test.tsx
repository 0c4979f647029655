import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, expect, test } from "vitest";
import type { Tool } from "../../../shared/tools.schemas.ts";
import { AppRoutes } from "../../app/app-routes.tsx";
import { ToastHost } from "../../app/toast-host.tsx";
import { BROWSER_CART_KEY } from "../../lib/browser-cart.ts";
import { errorResponse } from "../../test-support/fake-api.ts";
import {
	aCartShop,
	type CartShop,
	type SentRequest,
	serveCartShop,
} from "../../test-support/fake-cart.ts";
import { aTool } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { LoginPage } from "./login-page.tsx";
import { SignUpPage } from "./sign-up-page.tsx";

const saw: Tool = aTool(1, { tool_name: "185 mm Circular Saw" });
const wrench: Tool = aTool(2, {
	tool_name: "Pipe Wrench",
	minimum_quantity: 10,
});

beforeEach(() => {
	window.localStorage.clear();
	// The visitor filled a cart before signing in.
	window.localStorage.setItem(
		BROWSER_CART_KEY,
		JSON.stringify([
			{ tool_id: saw.id, quantity: 5 },
			{ tool_id: wrench.id, quantity: 10 },
		]),
	);
});

/** A visitor on `url` whose account's server cart already holds 5 saws. */
function visitShop(
	url: string,
	answer?: (request: SentRequest) => Response | undefined,
): { shop: CartShop; sent: SentRequest[] } {
	const shop = aCartShop({
		me: null,
		tools: [saw, wrench],
		cart: [{ tool_id: saw.id, quantity: 5 }],
	});
	const sent = serveCartShop(shop, answer);
	renderWithProviders(
		<>
			<Routes>
				<Route path="/login" element={<LoginPage />} />
				<Route path="/sign-up" element={<SignUpPage />} />
				<Route path="/" element={<h1>Home page</h1>} />
			</Routes>
			<ToastHost />
		</>,
		{ path: "*", url },
	);
	return { shop, sent };
}

const calls = (sent: SentRequest[]) =>
	sent
		.filter((request) => request.method !== "GET")
		.map((request) => `${request.method} ${request.url.pathname}`);

async function logIn() {
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Email"), "cleo@example.com");
	await user.type(screen.getByLabelText("Password"), "correct horse battery");
	await user.click(screen.getByRole("button", { name: "Login" }));
}

test("signing in adds the browser cart to the account's cart once, then empties the browser cart", async () => {
	const { shop, sent } = visitShop("/login");
	await logIn();
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(calls(sent)).toEqual([
		"POST /api/auth/sign-in/email",
		"POST /api/cart/merge",
	]);
	const merge = sent.find(
		(request) => request.url.pathname === "/api/cart/merge",
	);
	expect(merge?.body).toEqual({
		lines: [
			{ tool_id: saw.id, quantity: 5 },
			{ tool_id: wrench.id, quantity: 10 },
		],
	});
	expect(shop.cart).toEqual([
		{ tool_id: saw.id, quantity: 10 },
		{ tool_id: wrench.id, quantity: 10 },
	]);
	expect(window.localStorage.getItem(BROWSER_CART_KEY)).toBeNull();
});

test("signing up hands the browser cart over the same way", async () => {
	const { shop, sent } = visitShop("/sign-up");
	const user = userEvent.setup();
	await user.type(await screen.findByLabelText("Full Name"), "Cleo Customer");
	await user.type(screen.getByLabelText("Email"), "cleo@example.com");
	await user.type(screen.getByLabelText("Password"), "correct horse battery");
	await user.click(screen.getByRole("button", { name: "Sign Up" }));
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(calls(sent)).toEqual([
		"POST /api/auth/sign-up/email",
		"POST /api/auth/sign-in/email",
		"POST /api/cart/merge",
	]);
	expect(shop.cart).toEqual([
		{ tool_id: saw.id, quantity: 10 },
		{ tool_id: wrench.id, quantity: 10 },
	]);
	expect(window.localStorage.getItem(BROWSER_CART_KEY)).toBeNull();
});

test("a cart the shop refuses to merge stays in the browser; signing in goes on and says so", async () => {
	const { shop } = visitShop("/login", (request) =>
		request.url.pathname === "/api/cart/merge"
			? errorResponse(
					409,
					"CONFLICT",
					"A cart holds at most 50 different tools. Check out or remove a line first.",
				)
			: undefined,
	);
	await logIn();
	expect(
		await screen.findByRole("heading", { name: "Home page" }),
	).toBeVisible();
	expect(
		await screen.findByText(
			"The tools you put in your cart could not be added to your account's cart: A cart holds at most 50 different tools. Check out or remove a line first.",
		),
	).toBeVisible();
	expect(shop.cart).toEqual([{ tool_id: saw.id, quantity: 5 }]);
	expect(
		JSON.parse(window.localStorage.getItem(BROWSER_CART_KEY) ?? ""),
	).toHaveLength(2);
});

test("a signed-in page that still finds a browser cart (a sign-in through Google) hands it over once", async () => {
	const shop = aCartShop({ tools: [saw, wrench], cart: [] });
	const sent = serveCartShop(shop);
	renderWithProviders(<AppRoutes />, { path: "*", url: "/cart" });
	expect(
		await screen.findByRole("article", { name: wrench.tool_name }),
	).toBeVisible();
	await waitFor(() =>
		expect(window.localStorage.getItem(BROWSER_CART_KEY)).toBeNull(),
	);
	expect(calls(sent)).toEqual(["POST /api/cart/merge"]);
	expect(shop.cart).toEqual([
		{ tool_id: saw.id, quantity: 5 },
		{ tool_id: wrench.id, quantity: 10 },
	]);
	expect(
		await screen.findByRole("link", { name: "Cart, 15 pieces" }),
	).toBeVisible();
});
