import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test } from "vitest";
import type { Tool } from "../../shared/tools.schemas.ts";
import { AppRoutes } from "../app/app-routes.tsx";
import { ToastHost } from "../app/toast-host.tsx";
import { QUANTITY_SETTLE_MS } from "../features/cart/components/cart-line-row.tsx";
import { BROWSER_CART_KEY } from "../lib/browser-cart.ts";
import { errorResponse } from "../test-support/fake-api.ts";
import {
	aCartShop,
	type CartShop,
	type SentRequest,
	serveCartShop,
} from "../test-support/fake-cart.ts";
import { aTool } from "../test-support/fake-catalog.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";

const saw: Tool = aTool(1, {
	tool_name: "185 mm Circular Saw",
	price_cents: 12_900,
	available_quantity: 40,
	minimum_quantity: 4,
});
const wrench: Tool = aTool(2, {
	tool_name: "Pipe Wrench",
	price_cents: 250,
	available_quantity: 100,
	minimum_quantity: 10,
});

beforeEach(() => window.localStorage.clear());

/** The shop as a visitor or customer sees it, at `url`, with its toasts. */
function openShop(shop: CartShop, url: string) {
	const sent = serveCartShop(shop);
	const view = renderWithProviders(
		<>
			<AppRoutes />
			<ToastHost />
		</>,
		{ path: "*", url },
	);
	return { sent, view, user: userEvent.setup() };
}

const storedCart = () =>
	JSON.parse(window.localStorage.getItem(BROWSER_CART_KEY) ?? "[]");
const cartLink = () =>
	within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", {
		name: /^Cart/,
	});
const line = (name: string) => screen.getByRole("article", { name });
const quantityOf = (name: string) =>
	screen.getByLabelText(`Quantity of ${name}`);
const summary = () => screen.getByRole("region", { name: "Order summary" });
const requestsTo = (sent: SentRequest[], path: string) =>
	sent.filter((request) => request.url.pathname.startsWith(path));
/** A card's 'Add to cart' once it can be used: its code has loaded and the cart's owner is known. */
const addToCartButton = (toolName: string) =>
	waitFor(() => {
		const button = screen.getByRole("button", {
			name: `Add to cart: ${toolName}`,
		});
		expect(button).toBeEnabled();
		return button;
	});

test("a visitor adds tools from their cards: the cart is kept in the browser, counted in the navigation bar and still there after a reload", async () => {
	const shop = aCartShop({ me: null, tools: [saw, wrench] });
	const { sent, view, user } = openShop(shop, "/");
	expect(
		await screen.findByRole("link", { name: "Cart, 0 pieces" }),
	).toBeVisible();

	await user.click(await addToCartButton(saw.tool_name));
	expect(
		await screen.findByText(
			`Added 4 pieces of ${saw.tool_name} to your cart, which holds 4 pieces`,
		),
	).toBeVisible();
	expect(storedCart()).toEqual([{ tool_id: saw.id, quantity: 4 }]);
	expect(cartLink()).toHaveAccessibleName("Cart, 4 pieces");

	// A second click adds the minimum again; another tool gets a line of its own.
	await user.click(await addToCartButton(saw.tool_name));
	await user.click(await addToCartButton(wrench.tool_name));
	await waitFor(() =>
		expect(storedCart()).toEqual([
			{ tool_id: saw.id, quantity: 8 },
			{ tool_id: wrench.id, quantity: 10 },
		]),
	);
	expect(cartLink()).toHaveAccessibleName("Cart, 18 pieces");
	// The toast, read out, says the new count the badge shows.
	expect(
		await screen.findByText(
			`Added 10 pieces of ${wrench.tool_name} to your cart, which holds 18 pieces`,
		),
	).toBeVisible();
	expect(requestsTo(sent, "/api/cart")).toEqual([]);

	// A reload: the page starts over from what the browser kept.
	view.unmount();
	openShop(shop, "/cart");
	expect(
		await screen.findByRole("heading", { level: 1, name: "Cart" }),
	).toBeVisible();
	expect(
		await screen.findByRole("article", { name: saw.tool_name }),
	).toBeVisible();
	expect(quantityOf(saw.tool_name)).toHaveValue(8);
	expect(line(saw.tool_name)).toHaveTextContent("$129.00 a piece");
	expect(line(saw.tool_name)).toHaveTextContent("$1,032.00");
	expect(quantityOf(wrench.tool_name)).toHaveValue(10);
	expect(line(wrench.tool_name)).toHaveTextContent("$25.00");
	expect(summary()).toHaveTextContent("$1,057.00");
	expect(screen.getByRole("link", { name: "Checkout" })).toHaveAttribute(
		"href",
		"/checkout",
	);
});

test("a quantity outside the purchase rule says why beside the line and holds back the checkout; a good one is saved once typing settles", async () => {
	window.localStorage.setItem(
		BROWSER_CART_KEY,
		JSON.stringify([{ tool_id: saw.id, quantity: 4 }]),
	);
	const { user } = openShop(aCartShop({ me: null, tools: [saw] }), "/cart");
	const quantity = await screen.findByLabelText(`Quantity of ${saw.tool_name}`);

	await user.clear(quantity);
	await user.type(quantity, "41");
	expect(screen.getByRole("alert")).toHaveTextContent(
		"Your maximum order is 40 pieces.",
	);
	expect(quantity).toHaveAccessibleDescription(
		"Your maximum order is 40 pieces.",
	);
	expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();

	await user.clear(quantity);
	await user.type(quantity, "3");
	expect(quantity).toHaveAccessibleDescription(
		"Your minimum order is 4 pieces.",
	);
	expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
	expect(storedCart()).toEqual([{ tool_id: saw.id, quantity: 4 }]);

	await user.clear(quantity);
	await user.type(quantity, "10");
	expect(screen.queryByRole("alert")).toBeNull();
	await waitFor(() =>
		expect(storedCart()).toEqual([{ tool_id: saw.id, quantity: 10 }]),
	);
	await waitFor(() => expect(summary()).toHaveTextContent("$1,290.00"));
	expect(await screen.findByRole("link", { name: "Checkout" })).toBeVisible();
});

test("a customer's quantity goes to the server cart; a refusal there is shown beside the line", async () => {
	const shop = aCartShop({
		tools: [saw],
		cart: [{ tool_id: saw.id, quantity: 4 }],
	});
	const { sent, user } = openShop(shop, "/cart");
	const quantity = await screen.findByLabelText(`Quantity of ${saw.tool_name}`);

	await user.clear(quantity);
	await user.type(quantity, "12");
	await user.tab();
	await waitFor(() =>
		expect(shop.cart).toEqual([{ tool_id: saw.id, quantity: 12 }]),
	);
	const puts = sent.filter((request) => request.method === "PUT");
	expect(puts.map((request) => [request.url.pathname, request.body])).toEqual([
		[`/api/cart/lines/${saw.id}`, { quantity: 12 }],
	]);
	await waitFor(() => expect(summary()).toHaveTextContent("$1,548.00"));

	// Another customer bought most of the stock meanwhile: the shop refuses 20.
	shop.tools = [{ ...saw, available_quantity: 15 }];
	await user.clear(quantity);
	await user.type(quantity, "14");
	shop.tools = [{ ...saw, available_quantity: 13 }];
	await user.tab();
	expect(
		await screen.findByText("Your maximum order is 13 pieces."),
	).toBeVisible();
	expect(shop.cart).toEqual([{ tool_id: saw.id, quantity: 12 }]);
	// The refused quantity is not sent again by itself once typing has settled.
	await new Promise((resolve) => setTimeout(resolve, QUANTITY_SETTLE_MS + 100));
	expect(sent.filter((request) => request.method === "PUT")).toHaveLength(2);
});

test("removing a line takes it out of the cart; the last one leaves 'Your cart is empty' with the way to the tools", async () => {
	const shop = aCartShop({
		tools: [saw, wrench],
		cart: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		],
	});
	const { sent, user } = openShop(shop, "/cart");
	await screen.findByRole("article", { name: saw.tool_name });
	expect(cartLink()).toHaveAccessibleName("Cart, 14 pieces");

	await user.click(
		screen.getByRole("button", {
			name: `Remove ${saw.tool_name} from the cart`,
		}),
	);
	await waitFor(() =>
		expect(screen.queryByRole("article", { name: saw.tool_name })).toBeNull(),
	);
	expect(shop.cart).toEqual([{ tool_id: wrench.id, quantity: 10 }]);
	expect(summary()).toHaveTextContent("$25.00");
	expect(cartLink()).toHaveAccessibleName("Cart, 10 pieces");

	await user.click(
		screen.getByRole("button", {
			name: `Remove ${wrench.tool_name} from the cart`,
		}),
	);
	expect(await screen.findByText("Your cart is empty")).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Browse the tools" }),
	).toHaveAttribute("href", "/#latest-tools");
	expect(
		sent
			.filter((request) => request.method === "DELETE")
			.map((request) => request.url.pathname),
	).toEqual([`/api/cart/lines/${saw.id}`, `/api/cart/lines/${wrench.id}`]);
});

test("a visitor's removed line leaves the browser cart", async () => {
	window.localStorage.setItem(
		BROWSER_CART_KEY,
		JSON.stringify([
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		]),
	);
	const { user } = openShop(
		aCartShop({ me: null, tools: [saw, wrench] }),
		"/cart",
	);
	await user.click(
		await screen.findByRole("button", {
			name: `Remove ${wrench.tool_name} from the cart`,
		}),
	);
	await waitFor(() =>
		expect(
			screen.queryByRole("article", { name: wrench.tool_name }),
		).toBeNull(),
	);
	expect(storedCart()).toEqual([{ tool_id: saw.id, quantity: 4 }]);
	expect(cartLink()).toHaveAccessibleName("Cart, 4 pieces");
});

test("a line whose tool was deleted says so, can only be removed, and holds back the checkout", async () => {
	const shop = aCartShop({
		tools: [saw],
		cart: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		],
	});
	openShop(shop, "/cart");
	const gone = await screen.findByRole("article", {
		name: "A tool no longer sold",
	});
	expect(gone).toHaveTextContent(
		"This tool is no longer sold. Remove it from your cart.",
	);
	expect(within(gone).queryByRole("spinbutton")).toBeNull();
	expect(
		within(gone).getByRole("button", {
			name: "Remove A tool no longer sold from the cart",
		}),
	).toBeEnabled();
	expect(summary()).toHaveTextContent("$516.00");
	expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
	expect(
		screen.getByText("Change or remove the lines marked in red to check out."),
	).toBeVisible();
});

test("a visitor's 'Checkout' asks them to sign in first", async () => {
	window.localStorage.setItem(
		BROWSER_CART_KEY,
		JSON.stringify([{ tool_id: saw.id, quantity: 4 }]),
	);
	const { user } = openShop(aCartShop({ me: null, tools: [saw] }), "/cart");
	expect(
		await screen.findByText(
			"You sign in or create an account before checking out; your cart comes with you.",
		),
	).toBeVisible();
	await user.click(await screen.findByRole("link", { name: "Checkout" }));
	expect(
		await screen.findByRole("heading", { level: 1, name: "Login" }),
	).toBeVisible();
});

test("a cart that could not be loaded says so and offers to try again", async () => {
	const shop = aCartShop({
		tools: [saw],
		cart: [{ tool_id: saw.id, quantity: 4 }],
	});
	let isDown = true;
	serveCartShop(shop, (request) =>
		isDown && request.url.pathname === "/api/cart"
			? errorResponse(
					503,
					"SERVICE_UNAVAILABLE",
					"The shop is busy. Try again in a moment.",
				)
			: undefined,
	);
	renderWithProviders(<AppRoutes />, { path: "*", url: "/cart" });
	expect(
		await screen.findByText("Your cart could not be loaded"),
	).toBeVisible();
	isDown = false;
	await userEvent.click(screen.getByRole("button", { name: "Try again" }));
	expect(
		await screen.findByRole("article", { name: saw.tool_name }),
	).toBeVisible();
});
