import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { expect, test } from "vitest";
import type { OwnPaymentTerms } from "../../shared/payment-terms.schemas.ts";
import type { Tool } from "../../shared/tools.schemas.ts";
import { ToastHost } from "../app/toast-host.tsx";
import { errorResponse, jsonResponse } from "../test-support/fake-api.ts";
import {
	aCartShop,
	aPoint,
	type CartShop,
	type SentRequest,
	serveCartShop,
} from "../test-support/fake-cart.ts";
import { aTool } from "../test-support/fake-catalog.ts";
import { anInvoice, anOrder } from "../test-support/fake-orders.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { CheckoutPage } from "./checkout-page.tsx";

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

/** A customer whose cart holds 4 saws and 10 wrenches. */
const shopWithCart = (changes: Partial<CartShop> = {}) =>
	aCartShop({
		tools: [saw, wrench],
		cart: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		],
		...changes,
	});

async function openCheckout(
	shop: CartShop,
	answer?: (request: SentRequest) => Response | undefined,
) {
	const sent = serveCartShop(shop, answer);
	renderWithProviders(
		<>
			<Routes>
				<Route path="/checkout" element={<CheckoutPage />} />
				<Route path="/cart" element={<h1>Cart page</h1>} />
				<Route path="/dashboard/my-orders" element={<h1>My Orders page</h1>} />
				<Route
					path="/dashboard/my-orders/:orderId"
					element={<h1>Order page</h1>}
				/>
			</Routes>
			<ToastHost />
		</>,
		{ path: "*", url: "/checkout" },
	);
	await screen.findByRole("heading", { level: 1, name: "Checkout" });
	return { sent, user: userEvent.setup() };
}

const checkouts = (sent: SentRequest[]) =>
	sent.filter((request) => request.url.pathname === "/api/checkout");
const review = () => screen.getByRole("region", { name: "Your order" });
const placeOrder = () => screen.getByRole("button", { name: "Place order" });

test("the checkout reviews the lines with unit prices, line totals and the total, and starts from the profile's address", async () => {
	await openCheckout(shopWithCart());
	const lines = within(
		await screen.findByRole("region", { name: "Your order" }),
	)
		.getAllByRole("listitem")
		.map((item) => item.textContent);
	expect(lines).toEqual([
		"185 mm Circular Saw4 × $129.00$516.00",
		"Pipe Wrench10 × $2.50$25.00",
	]);
	expect(review()).toHaveTextContent("Total$541.00");
	expect(screen.getByLabelText("Delivery to an address")).toBeChecked();
	expect(screen.getByLabelText("Recipient")).toHaveValue("Cleo Customer");
	expect(screen.getByLabelText("Address")).toHaveValue("12 Mill Lane");
	expect(screen.getByLabelText("City")).toHaveValue("Springfield");
	expect(screen.getByLabelText("State (optional)")).toHaveValue("IL");
	expect(screen.getByLabelText("Zip")).toHaveValue("62701");
	expect(placeOrder()).toBeEnabled();
});

test("'Place order' sends the reviewed lines, the edited address, the purchase-order number and note with an Idempotency-Key, then opens My Orders", async () => {
	const shop = shopWithCart();
	const { sent, user } = await openCheckout(shop);
	await screen.findByRole("region", { name: "Your order" });
	await user.clear(screen.getByLabelText("Address"));
	await user.type(screen.getByLabelText("Address"), "  7 Dock Street ");
	await user.type(
		screen.getByLabelText("Purchase-order number (optional)"),
		"PO-2291",
	);
	await user.type(
		screen.getByLabelText("Note for the supplier (optional)"),
		"Deliver to the back gate",
	);
	await user.click(placeOrder());

	expect(
		await screen.findByRole("heading", { name: "My Orders page" }),
	).toBeVisible();
	expect(
		await screen.findByText(
			"Order placed for $541.00: pay for it here when you are ready",
		),
	).toBeVisible();
	const [sentCheckout] = checkouts(sent);
	expect(sentCheckout?.method).toBe("POST");
	expect(sentCheckout?.body).toEqual({
		lines: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		],
		fulfilment: {
			kind: "delivery",
			address: {
				recipient: "Cleo Customer",
				address: "7 Dock Street",
				city: "Springfield",
				state: "IL",
				zip: "62701",
			},
		},
		purchase_order: "PO-2291",
		note: "Deliver to the back gate",
	});
	expect(sentCheckout?.headers["idempotency-key"]).toMatch(
		/^[A-Za-z0-9_-]{8,100}$/,
	);
	expect(shop.orders).toHaveLength(1);
	expect(shop.cart).toEqual([]);
});

test("a delivery needs the address's required parts before anything is sent", async () => {
	const shop = shopWithCart();
	shop.profile = { ...shop.profile, address: null, zip: null };
	const { sent, user } = await openCheckout(shop);
	await screen.findByRole("region", { name: "Your order" });
	await user.click(placeOrder());
	expect(screen.getByLabelText("Address")).toHaveAccessibleDescription(
		"Address is required",
	);
	expect(screen.getByLabelText("Zip")).toHaveAccessibleDescription(
		"Zip is required",
	);
	expect(screen.getByLabelText("Address")).toHaveFocus();
	expect(checkouts(sent)).toEqual([]);
});

test("collection needs a receiving point chosen; the list is searched, and the chosen point's id is sent", async () => {
	const shop = shopWithCart({
		points: [
			aPoint(1, { name: "North Depot", address: "1 Quay Road, Harbourside" }),
			aPoint(2, {
				name: "South Depot",
				address: "9 Mill Street, Southgate",
				opening_hours: "Mon–Sat 7:00–19:00",
			}),
		],
	});
	const { sent, user } = await openCheckout(shop);
	await user.click(
		await screen.findByLabelText("Collection at a receiving point"),
	);
	expect(screen.queryByLabelText("Recipient")).toBeNull();
	const points = screen.getByRole("group", { name: "Receiving point" });
	expect(
		await within(points).findByRole("radio", { name: "North Depot" }),
	).toHaveAccessibleDescription(
		"1 Quay Road, Harbourside Opening hours: Mon–Fri 8:00–18:00",
	);

	await user.click(placeOrder());
	expect(await within(points).findByRole("alert")).toHaveTextContent(
		"Choose a receiving point",
	);
	expect(screen.getByLabelText("Search receiving points")).toHaveFocus();
	expect(checkouts(sent)).toEqual([]);

	await user.type(
		screen.getByLabelText("Search receiving points"),
		"mill{Enter}",
	);
	await waitFor(() =>
		expect(
			within(points).queryByRole("radio", { name: "North Depot" }),
		).toBeNull(),
	);
	expect(sent.some((request) => request.url.search.includes("q=mill"))).toBe(
		true,
	);
	await user.click(within(points).getByRole("radio", { name: "South Depot" }));
	expect(within(points).queryByRole("alert")).toBeNull();
	expect(points).toHaveTextContent("Collect at South Depot");

	await user.click(placeOrder());
	await screen.findByRole("heading", { name: "My Orders page" });
	expect(checkouts(sent)[0]?.body).toEqual({
		lines: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		],
		fulfilment: {
			kind: "collection",
			receiving_point_id: aPoint(2).id,
		},
	});
	expect(shop.orders[0]?.fulfilment).toEqual({
		kind: "collection",
		receiving_point: expect.objectContaining({ name: "South Depot" }),
	});
});

test("lines that no longer fit are refused with a message beside each; nothing is ordered and the cart is read again", async () => {
	const shop = shopWithCart();
	const { sent, user } = await openCheckout(shop);
	await screen.findByRole("region", { name: "Your order" });
	// Meanwhile most saws were sold and the wrench left the catalog.
	shop.tools = [{ ...saw, available_quantity: 3 }];
	await user.click(placeOrder());

	expect(await screen.findByRole("alert")).toHaveTextContent(
		"Error: Some tools in your cart cannot be ordered as they are. Nothing was ordered.",
	);
	const [sawLine, wrenchLine] = within(review()).getAllByRole("listitem");
	expect(sawLine).toHaveTextContent("185 mm Circular Saw: Stock Out");
	expect(wrenchLine).toHaveTextContent(
		"This tool is no longer sold. Remove it from your cart.",
	);
	expect(shop.orders).toEqual([]);
	expect(checkouts(sent)).toHaveLength(1);
	// The cart read again shows why it cannot be checked out as it is.
	await waitFor(() => expect(placeOrder()).toBeDisabled());
	expect(
		screen.getByRole("link", { name: "Change them in your cart" }),
	).toHaveAttribute("href", "/cart");
	expect(
		sent.filter((request) => request.url.pathname === "/api/cart"),
	).toHaveLength(2);
});

test("a lost answer is sent again with the same Idempotency-Key, by itself and from 'Try again'", async () => {
	let failures = 3;
	const shop = shopWithCart();
	const { sent, user } = await openCheckout(shop, (request) => {
		if (request.url.pathname !== "/api/checkout" || failures === 0)
			return undefined;
		failures -= 1;
		throw new TypeError("Failed to fetch");
	});
	await screen.findByRole("region", { name: "Your order" });
	await user.click(placeOrder());
	expect(
		await screen.findByText(
			"We could not confirm your order yet. Check My Orders before ordering again.",
			{},
			{ timeout: 8000 },
		),
	).toBeVisible();
	await user.click(screen.getByRole("button", { name: "Try again" }));
	await screen.findByRole("heading", { name: "My Orders page" });
	const keys = checkouts(sent).map(
		(request) => request.headers["idempotency-key"],
	);
	expect(keys).toHaveLength(4);
	expect(new Set(keys).size).toBe(1);
	expect(shop.orders).toHaveLength(1);
}, 15_000);

test("the unpaid-orders limit says why and leads to My Orders", async () => {
	const { user } = await openCheckout(shopWithCart(), (request) =>
		request.url.pathname === "/api/checkout"
			? errorResponse(
					409,
					"TOO_MANY_UNPAID_ORDERS",
					"You have 3 unpaid orders, the most an account can hold. Pay or cancel one in My Orders to order again.",
				)
			: undefined,
	);
	await screen.findByRole("region", { name: "Your order" });
	await user.click(placeOrder());
	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent("You have 3 unpaid orders");
	expect(
		within(alert).getByRole("link", { name: "Go to My Orders" }),
	).toHaveAttribute("href", "/dashboard/my-orders");
});

test("an empty cart says so and leads to the tools", async () => {
	await openCheckout(aCartShop({ tools: [saw] }));
	expect(await screen.findByText("Your cart is empty")).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Browse the tools" }),
	).toHaveAttribute("href", "/#latest-tools");
	expect(screen.queryByRole("button", { name: "Place order" })).toBeNull();
});

/** Net 30 up to $1,000.00, of which $300.00 is owed on open invoices. */
const NET_30: OwnPaymentTerms["terms"] = {
	net_days: 30,
	credit_limit_cents: 100_000,
	owed_cents: 30_000,
	available_cents: 70_000,
};

/** The customer's own terms as the shop answers them (null: not approved), and then `next`. */
function withOwnTerms(
	terms: OwnPaymentTerms["terms"],
	next: (request: SentRequest) => Response | undefined = () => undefined,
) {
	return (request: SentRequest) =>
		request.url.pathname === "/api/me/payment-terms"
			? jsonResponse({ terms })
			: next(request);
}

const paymentChoice = () => screen.getByRole("group", { name: "Payment" });
const byInvoice = () =>
	within(paymentChoice()).getByRole("radio", {
		name: /^Pay by invoice, net 30 days/,
	});

test("a customer approved to pay by invoice may choose it: the order is sent to be paid by invoice and its page opens, saying when the invoice is due", async () => {
	const invoiceOrder = anOrder(100, {
		total_cents: 54_100,
		payment_method: "invoice",
		due_at: "2026-12-24T10:00:00.000Z",
		pay_by: null,
		invoices: [anInvoice(5, { total_cents: 54_100 })],
	});
	const { sent, user } = await openCheckout(
		shopWithCart(),
		withOwnTerms(NET_30, (request) =>
			request.url.pathname === "/api/checkout"
				? jsonResponse(invoiceOrder, 201)
				: undefined,
		),
	);
	await screen.findByRole("region", { name: "Your order" });
	expect(
		within(paymentChoice()).getByRole("radio", {
			name: "Pay by card in My Orders",
		}),
	).toBeChecked();
	expect(byInvoice()).not.toBeChecked();
	expect(paymentChoice()).toHaveTextContent(
		"Pay by invoice, net 30 days$700.00 of your $1,000.00 credit limit is available.",
	);

	await user.click(byInvoice());
	await user.click(placeOrder());
	expect(
		await screen.findByRole("heading", { name: "Order page" }),
	).toBeVisible();
	expect(
		await screen.findByText(
			"Order placed for $541.00: invoice 2026-000005 is due by December 24, 2026",
		),
	).toBeVisible();
	expect(checkouts(sent)[0]?.body).toMatchObject({
		lines: [
			{ tool_id: saw.id, quantity: 4 },
			{ tool_id: wrench.id, quantity: 10 },
		],
		payment_method: "invoice",
	});
});

test("an order by invoice above the credit limit (409) is refused under the choice, and nothing is ordered", async () => {
	const message =
		"Paying by invoice, this order would bring what you owe to $841.00, above your credit limit of $800.00. Pay an open invoice first, or pay this order by card.";
	const shop = shopWithCart();
	const { user } = await openCheckout(
		shop,
		withOwnTerms({ ...NET_30, credit_limit_cents: 80_000 }, (request) =>
			request.url.pathname === "/api/checkout"
				? errorResponse(409, "CONFLICT", message, [
						{ field: "payment_method", message },
					])
				: undefined,
		),
	);
	await screen.findByRole("region", { name: "Your order" });
	await user.click(byInvoice());
	await user.click(placeOrder());
	await waitFor(() =>
		expect(paymentChoice()).toHaveAccessibleDescription(message),
	);
	expect(within(paymentChoice()).getByText(message)).toBeVisible();
	expect(byInvoice()).toBeChecked();
	expect(shop.orders).toEqual([]);
	expect(screen.queryByRole("heading", { name: "Order page" })).toBeNull();
});

test("a customer without terms is offered no payment choice, and the order is sent to be paid by card", async () => {
	const { sent, user } = await openCheckout(shopWithCart(), withOwnTerms(null));
	await screen.findByRole("region", { name: "Your order" });
	expect(screen.queryByRole("group", { name: "Payment" })).toBeNull();
	expect(screen.queryByText(/Pay by invoice/)).toBeNull();
	await user.click(placeOrder());
	await screen.findByRole("heading", { name: "My Orders page" });
	expect(checkouts(sent)[0]?.body).not.toHaveProperty("payment_method");
});
