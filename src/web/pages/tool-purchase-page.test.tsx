import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import type { Tool } from "../../shared/tools.schemas.ts";
import { ToastHost } from "../app/toast-host.tsx";
import { errorResponse } from "../test-support/fake-api.ts";
import {
	aCartShop,
	type CartShop,
	serveCartShop,
} from "../test-support/fake-cart.ts";
import { admin } from "../test-support/fake-catalog.ts";
import {
	aShop,
	type SentRequest,
	type Shop,
	serveOrders,
} from "../test-support/fake-orders.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { ToolPurchasePage } from "./tool-purchase-page.tsx";

const circularSaw: Tool = {
	id: "2f8e4f4a-5b1c-4d7e-9a3b-6c2d1e0f9a8b",
	tool_name: "185 mm Circular Saw 1400 W",
	description: "A circular saw for straight cuts in timber and sheet material.",
	price_cents: 12_900,
	available_quantity: 40,
	minimum_quantity: 4,
	img: "/images/circular-saw.webp",
	img_large: "/images/circular-saw-large.webp",
	supplier_name: "Northwind Power Tools",
	created_at: "2026-11-21T08:00:00.000Z",
	updated_at: "2026-11-21T08:00:00.000Z",
	version: 3,
	sku: "TG-000007",
	slug: "185-mm-circular-saw-1400-w-tg-000007",
	pack_size: 1,
	price_breaks: [],
};

async function openPurchasePage(
	shop: Shop,
	answer?: (request: SentRequest) => Response | undefined,
) {
	const sent = serveOrders(shop, answer);
	renderWithProviders(
		<>
			<ToolPurchasePage />
			<ToastHost />
		</>,
		{
			path: "/tool-purchase/:toolId",
			url: `/tool-purchase/${circularSaw.id}`,
		},
	);
	await screen.findByRole("heading", { level: 1, name: circularSaw.tool_name });
	return { sent, user: userEvent.setup() };
}

const quantity = () => screen.getByLabelText("Quantity");
const orderConfirm = () =>
	screen.getByRole("button", { name: "Order Confirm" });
const posts = (sent: SentRequest[]) =>
	sent.filter((request) => request.method === "POST");

async function typeQuantity(
	user: ReturnType<typeof userEvent.setup>,
	value: string,
) {
	await user.clear(quantity());
	await user.type(quantity(), value);
}

test("the purchase page shows the tool's id, photo, figures and supplier, the minimum as quantity and its total", async () => {
	const { sent } = await openPurchasePage(aShop({ tools: [circularSaw] }));
	const photo = screen.getByRole("img", { name: circularSaw.tool_name });
	expect(photo).toHaveAttribute("src", circularSaw.img_large);
	expect(photo).toHaveAttribute(
		"srcset",
		`${circularSaw.img} 800w, ${circularSaw.img_large} 1600w`,
	);
	expect(screen.getByText(circularSaw.id)).toBeVisible();
	expect(screen.getByText(circularSaw.description)).toBeVisible();
	expect(screen.getByText("Northwind Power Tools")).toBeVisible();
	expect(screen.getByText("$129.00")).toBeVisible();
	expect(screen.getByText("40 pieces")).toBeVisible();
	expect(screen.getByText("4 pieces")).toBeVisible();
	expect(quantity()).toHaveAttribute("type", "number");
	expect(quantity()).toHaveValue(4);
	expect(screen.getByText("$516.00")).toBeVisible();
	expect(orderConfirm()).toBeEnabled();
	expect(screen.queryByRole("alert")).toBeNull();
	expect(sent.map((request) => request.url.pathname).sort()).toEqual([
		"/api/session",
		`/api/tools/${circularSaw.id}`,
	]);
});

test("a quantity above the stock or below the minimum says why under the input and disables 'Order Confirm'", async () => {
	const { user } = await openPurchasePage(aShop({ tools: [circularSaw] }));

	await typeQuantity(user, "41");
	expect(screen.getByRole("alert")).toHaveTextContent(
		"Your maximum order is 40 pieces.",
	);
	expect(quantity()).toHaveAccessibleDescription(
		"Your maximum order is 40 pieces.",
	);
	expect(orderConfirm()).toBeDisabled();

	await typeQuantity(user, "3");
	expect(quantity()).toHaveAccessibleDescription(
		"Your minimum order is 4 pieces.",
	);
	expect(orderConfirm()).toBeDisabled();

	await typeQuantity(user, "10");
	expect(screen.queryByRole("alert")).toBeNull();
	expect(screen.getByText("$1,290.00")).toBeVisible();
	expect(orderConfirm()).toBeEnabled();
});

test("confirming sends the tool and quantity with an Idempotency-Key, says 'Order Added', resets the quantity and shows the new stock", async () => {
	const { sent, user } = await openPurchasePage(
		aShop({ tools: [circularSaw] }),
	);
	await typeQuantity(user, "10");
	await user.click(orderConfirm());

	expect(await screen.findByText("Order Added")).toBeVisible();
	expect(await screen.findByText("30 pieces")).toBeVisible();
	expect(quantity()).toHaveValue(4);
	expect(screen.getByRole("link", { name: "See my orders" })).toHaveAttribute(
		"href",
		"/dashboard/my-orders",
	);
	const [placed] = posts(sent);
	expect(placed?.url.pathname).toBe("/api/orders");
	expect(placed?.body).toEqual({
		tool_id: circularSaw.id,
		order_quantity: 10,
	});
	expect(placed?.headers["idempotency-key"]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
});

test("each confirm click sends an Idempotency-Key of its own", async () => {
	const { sent, user } = await openPurchasePage(
		aShop({ tools: [circularSaw] }),
	);
	await user.click(orderConfirm());
	expect(await screen.findByText("36 pieces")).toBeVisible();
	await user.click(orderConfirm());
	expect(await screen.findByText("32 pieces")).toBeVisible();
	const keys = posts(sent).map((request) => request.headers["idempotency-key"]);
	expect(keys).toHaveLength(2);
	expect(new Set(keys).size).toBe(2);
});

test("an order the stock refuses says 'Failed to order: …' and shows the stock as it is now", async () => {
	const shop = aShop({ tools: [circularSaw] });
	const { user } = await openPurchasePage(shop);
	// Another customer bought most of the stock meanwhile.
	shop.tools[0] = { ...circularSaw, available_quantity: 7 };
	await typeQuantity(user, "10");
	await user.click(orderConfirm());

	expect(
		await screen.findByText("Failed to order: Your maximum order is 7 pieces."),
	).toBeVisible();
	expect(await screen.findByText("7 pieces")).toBeVisible();
	expect(quantity()).toHaveValue(10);
	expect(quantity()).toHaveAccessibleDescription(
		"Your maximum order is 7 pieces.",
	);
	expect(orderConfirm()).toBeDisabled();
});

const UNPAID_LIMIT =
	"You have 3 unpaid orders, the most an account can hold. Pay or cancel one in My Orders to order again.";

test("an order refused for the unpaid orders already held says why in a toast and beside the form, with a link to My Orders", async () => {
	let isAtLimit = true;
	const { sent, user } = await openPurchasePage(
		aShop({ tools: [circularSaw] }),
		(request) =>
			isAtLimit && request.method === "POST"
				? errorResponse(409, "TOO_MANY_UNPAID_ORDERS", UNPAID_LIMIT)
				: undefined,
	);
	await user.click(orderConfirm());

	expect(
		await screen.findByText(`Failed to order: ${UNPAID_LIMIT}`),
	).toBeVisible();
	const notice = screen.getByText(UNPAID_LIMIT);
	expect(notice.closest("[role='alert']")).toBeVisible();
	expect(screen.getByRole("link", { name: "Go to My Orders" })).toHaveAttribute(
		"href",
		"/dashboard/my-orders",
	);
	expect(screen.getByText("40 pieces")).toBeVisible();
	expect(orderConfirm()).toBeEnabled();

	// The customer paid or cancelled an order meanwhile: the next try goes through.
	isAtLimit = false;
	await user.click(orderConfirm());
	expect(await screen.findByText("Order Added")).toBeVisible();
	expect(screen.queryByText(UNPAID_LIMIT)).toBeNull();
	expect(screen.queryByRole("link", { name: "Go to My Orders" })).toBeNull();
	expect(posts(sent)).toHaveLength(2);
});

test("a tool whose stock is below its minimum order shows 'Stock Out' and cannot be ordered", async () => {
	await openPurchasePage(
		aShop({ tools: [{ ...circularSaw, available_quantity: 3 }] }),
	);
	expect(screen.getByText("Stock Out")).toBeVisible();
	expect(orderConfirm()).toBeDisabled();
});

test("ordering a tool deleted meanwhile says so and shows the 404 page", async () => {
	const shop = aShop({ tools: [circularSaw] });
	const { user } = await openPurchasePage(shop);
	shop.tools.splice(0, 1);
	await user.click(orderConfirm());
	expect(
		await screen.findByText("Failed to order: Tool not found"),
	).toBeVisible();
	expect(
		await screen.findByRole("heading", {
			name: "Sorry, we couldn't find this page.",
		}),
	).toBeVisible();
});

test("a tool the shop does not know shows the 404 page", async () => {
	serveOrders(aShop());
	renderWithProviders(<ToolPurchasePage />, {
		path: "/tool-purchase/:toolId",
		url: `/tool-purchase/${circularSaw.id}`,
	});
	expect(
		await screen.findByRole("heading", {
			name: "Sorry, we couldn't find this page.",
		}),
	).toBeVisible();
});

test("a failure to load the tool shows the error with 'Try again'", async () => {
	serveOrders(aShop(), () =>
		errorResponse(500, "INTERNAL_ERROR", "Something went wrong on our side."),
	);
	renderWithProviders(<ToolPurchasePage />, {
		path: "/tool-purchase/:toolId",
		url: `/tool-purchase/${circularSaw.id}`,
	});
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"We could not load this tool",
	);
	expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
});

/**
 * Orders reach the shop, which honours their Idempotency-Key as the server does (the same key
 * answers with its first order), but the first `lost` answers never come back to the page.
 * Returns the key of every order sent, in order.
 */
function loseOrderAnswers(lost: number): string[] {
	const answer = globalThis.fetch;
	const keys: string[] = [];
	const placedByKey = new Map<string, string>();
	let toLose = lost;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			if (init?.method !== "POST") return answer(input, init);
			const key = new Headers(init.headers).get("idempotency-key") ?? "";
			keys.push(key);
			const earlier = placedByKey.get(key);
			const response = earlier
				? new Response(earlier, { status: 200 })
				: await answer(input, init);
			if (!earlier && response.ok)
				placedByKey.set(key, await response.clone().text());
			if (toLose > 0) {
				toLose -= 1;
				throw new TypeError("Failed to fetch");
			}
			return response;
		},
	);
	return keys;
}

test("an order whose answer is lost once is sent again with the same Idempotency-Key: one order, 'Order Added'", async () => {
	const shop = aShop({ tools: [circularSaw] });
	const { user } = await openPurchasePage(shop);
	const keys = loseOrderAnswers(1);
	await typeQuantity(user, "10");
	await user.click(orderConfirm());

	expect(
		await screen.findByText("Order Added", {}, { timeout: 5000 }),
	).toBeVisible();
	expect(await screen.findByText("30 pieces")).toBeVisible();
	expect(keys).toHaveLength(2);
	expect(new Set(keys).size).toBe(1);
	expect(shop.orders).toHaveLength(1);
});

test("an order whose answer stays lost says it may exist; 'Try again' reuses its key and orders once", async () => {
	const shop = aShop({ tools: [circularSaw] });
	const { user } = await openPurchasePage(shop);
	const keys = loseOrderAnswers(3);
	await typeQuantity(user, "10");
	await user.click(orderConfirm());

	const notice = await screen.findByText(
		"We could not confirm your order of 10 pieces yet. Check My Orders before ordering again.",
		{},
		{ timeout: 8000 },
	);
	expect(notice.closest("[role='alert']")).toBeVisible();
	expect(screen.getByRole("link", { name: "Check My Orders" })).toHaveAttribute(
		"href",
		"/dashboard/my-orders",
	);
	expect(screen.queryByText(/Failed to order/)).toBeNull();
	expect(keys).toHaveLength(3);

	await user.click(screen.getByRole("button", { name: "Try again" }));
	expect(await screen.findByText("Order Added")).toBeVisible();
	expect(screen.queryByText(/We could not confirm your order/)).toBeNull();
	expect(keys).toHaveLength(4);
	expect(new Set(keys).size).toBe(1);
	expect(shop.orders).toHaveLength(1);
	expect(shop.tools[0]?.available_quantity).toBe(30);
});

/** The purchase page of the saw for `me`, over the cart's fake shop. */
async function openWithCart(shop: CartShop) {
	const sent = serveCartShop(shop);
	renderWithProviders(
		<>
			<ToolPurchasePage />
			<ToastHost />
		</>,
		{
			path: "/tool-purchase/:toolId",
			url: `/tool-purchase/${circularSaw.id}`,
		},
	);
	await screen.findByRole("heading", { level: 1, name: circularSaw.tool_name });
	return { sent, user: userEvent.setup() };
}

test("'Add to cart' beside 'Order Confirm' puts the quantity typed into the customer's cart, and is disabled when the purchase rule refuses it", async () => {
	const shop = aCartShop({ tools: [circularSaw] });
	const { sent, user } = await openWithCart(shop);
	const addToCart = () =>
		screen.getByRole("button", {
			name: `Add to cart: ${circularSaw.tool_name}`,
		});
	const form = screen.getByRole("form", { name: "Order this tool" });
	expect(within(form).getByRole("button", { name: /Add to cart/ })).toBe(
		addToCart(),
	);
	expect(quantity()).toHaveValue(4);
	expect(addToCart()).toBeEnabled();

	await typeQuantity(user, "41");
	expect(quantity()).toHaveAccessibleDescription(
		"Your maximum order is 40 pieces.",
	);
	expect(orderConfirm()).toBeDisabled();
	expect(addToCart()).toBeDisabled();

	await typeQuantity(user, "10");
	await user.click(addToCart());
	expect(
		await screen.findByText(
			`Added 10 pieces of ${circularSaw.tool_name} to your cart, which holds 10 pieces`,
		),
	).toBeVisible();
	expect(shop.cart).toEqual([{ tool_id: circularSaw.id, quantity: 10 }]);
	expect(shop.orders).toEqual([]);

	// The cart already holds 10: 35 more would pass the stock.
	await typeQuantity(user, "35");
	await user.click(addToCart());
	expect(
		await screen.findByText(
			"Failed to add to the cart: Your cart already holds 10 pieces. Your maximum order is 40 pieces.",
		),
	).toBeVisible();
	expect(shop.cart).toEqual([{ tool_id: circularSaw.id, quantity: 10 }]);
	expect(
		sent
			.filter((request) => request.method === "PUT")
			.map((request) => request.body),
	).toEqual([{ quantity: 10 }]);
});

test("an admin's purchase page has no 'Add to cart': the admins' menus have no cart", async () => {
	await openWithCart(aCartShop({ me: admin, tools: [circularSaw] }));
	expect(
		await screen.findByRole("button", { name: "Order Confirm" }),
	).toBeVisible();
	expect(screen.queryByRole("button", { name: /Add to cart/ })).toBeNull();
});

test("a tool sold in packs with volume prices shows its price table; the price falls at a break and a quantity between packs is refused", async () => {
	const bolts: Tool = {
		...circularSaw,
		price_cents: 2499,
		available_quantity: 1000,
		minimum_quantity: 10,
		pack_size: 10,
		price_breaks: [
			{ min_quantity: 50, price_cents: 2250 },
			{ min_quantity: 200, price_cents: 1990 },
		],
	};
	const { user } = await openPurchasePage(aShop({ tools: [bolts] }));
	const table = screen.getByRole("table", { name: "Volume prices" });
	expect(
		within(table)
			.getAllByRole("row")
			.map((row) => row.textContent),
	).toEqual([
		"QuantityPrice each",
		"10+ pieces (your price)$24.99",
		"50+ pieces$22.50",
		"200+ pieces$19.90",
	]);
	expect(quantity()).toHaveValue(10);
	expect(quantity()).toHaveAccessibleDescription("Sold in packs of 10 pieces.");
	expect(
		screen.getByText("Order 40 more pieces to pay $22.50 each."),
	).toBeVisible();

	await typeQuantity(user, "50");
	expect(screen.getByText("$1,125.00")).toBeVisible();
	expect(
		screen.getByText("Order 150 more pieces to pay $19.90 each."),
	).toBeVisible();
	expect(within(table).getByRole("row", { current: true })).toHaveTextContent(
		"50+ pieces",
	);

	await typeQuantity(user, "55");
	expect(screen.getByRole("alert")).toHaveTextContent(
		"Order in packs of 10 pieces.",
	);
	expect(orderConfirm()).toBeDisabled();
});
