import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import {
	anOrder,
	aShop,
	type Shop,
	serveOrders,
} from "../../test-support/fake-orders.ts";
import {
	aFakeStripeJs,
	type FakeStripeJs,
	loadFakeStripe,
} from "../../test-support/fake-stripe-js.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

// Stripe.js is a script Stripe serves; the tests load a stand-in for it instead.
let stripeJs: FakeStripeJs;
vi.mock("@stripe/stripe-js/pure", () => ({
	loadStripe: (publishableKey: string) =>
		loadFakeStripe(stripeJs, publishableKey),
}));

beforeEach(() => {
	stripeJs = aFakeStripeJs();
});

/** Opens My Orders of a shop paid through Stripe, and the payment modal of its one order. */
async function openPaymentOfOrder(shop: Shop) {
	serveOrders(shop);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/my-orders" },
	);
	const user = userEvent.setup();
	await user.click(
		await screen.findByRole("button", { name: "Payment for Tool 1" }),
	);
	return {
		user,
		dialog: screen.getByRole("dialog", { name: "Pay for Tool 1" }),
	};
}

/**
 * A shop paid through Stripe. Each test gives its own key: the page keeps Stripe.js loaded per
 * key, as a browser keeps it for the session.
 */
const stripeShop = (stripeKey: string) =>
	aShop({ orders: [anOrder(1)], provider: "stripe", stripeKey });

test("with Stripe the dialog says who takes the card, opens Stripe's card form, and once Stripe confirms waits until the webhook marks the order paid", async () => {
	const shop = stripeShop("pk_test_paid");
	const { user, dialog } = await openPaymentOfOrder(shop);
	expect(
		await within(dialog).findByText(/Card payment opens Stripe's secure form/),
	).toBeVisible();
	expect(within(dialog).queryByText("Test mode: no money is taken")).toBeNull();
	await user.click(within(dialog).getByRole("button", { name: "Pay $50.05" }));

	// Stripe's Payment Element, made for this order's PaymentIntent with the shop's key.
	expect(await within(dialog).findByLabelText("Card number")).toBeVisible();
	expect(stripeJs.loadedKeys).toEqual(["pk_test_paid"]);
	expect(stripeJs.clientSecrets).toEqual([`${shop.orders[0]?.id}_secret`]);
	const payByCard = within(dialog).getByRole("button", {
		name: "Pay $50.05 by card",
	});
	await vi.waitFor(() => expect(payByCard).toBeEnabled());
	await user.click(payByCard);

	expect(
		await within(dialog).findByText("Your payment is being confirmed…"),
	).toBeVisible();
	expect(stripeJs.confirmations).toEqual([
		{ return_url: window.location.href, redirect: "if_required" },
	]);

	// Stripe's webhook reaches the shop.
	const [order] = shop.orders;
	if (!order) throw new Error("no order");
	shop.orders[0] = { ...order, status: "paid", payment_id: "pi_3Stripe" };
	expect(
		await screen.findByText("Payment Done Successfully", undefined, {
			timeout: 5000,
		}),
	).toBeVisible();
	expect(
		await within(screen.getByRole("article", { name: "Tool 1" })).findByText(
			"Transaction ID: pi_3Stripe",
		),
	).toBeVisible();
});

test("a card Stripe declines shows Stripe's reason in the form, and the customer can try another card", async () => {
	stripeJs.nextConfirmation = { error: "Your card was declined." };
	const { user, dialog } = await openPaymentOfOrder(
		stripeShop("pk_test_declined"),
	);
	await user.click(
		await within(dialog).findByRole("button", { name: "Pay $50.05" }),
	);
	const payByCard = await within(dialog).findByRole("button", {
		name: "Pay $50.05 by card",
	});
	await vi.waitFor(() => expect(payByCard).toBeEnabled());
	await user.click(payByCard);

	expect(await within(dialog).findByRole("alert")).toHaveTextContent(
		"Your card was declined.",
	);
	expect(
		within(dialog).queryByText("Your payment is being confirmed…"),
	).toBeNull();
	expect(screen.queryByText("Payment Done Successfully")).toBeNull();

	stripeJs.nextConfirmation = "succeeded";
	await user.click(payByCard);
	expect(
		await within(dialog).findByText("Your payment is being confirmed…"),
	).toBeVisible();
	expect(stripeJs.confirmations).toHaveLength(2);
});

test("when Stripe's card form cannot be loaded the dialog says so and that nothing was charged", async () => {
	stripeJs.failsToLoad = true;
	const { user, dialog } = await openPaymentOfOrder(
		stripeShop("pk_test_unreachable"),
	);
	await user.click(
		await within(dialog).findByRole("button", { name: "Pay $50.05" }),
	);
	expect(await within(dialog).findByRole("alert")).toHaveTextContent(
		"Stripe's card form could not be loaded. Check your connection and try again; nothing was charged.",
	);
	expect(within(dialog).queryByRole("button", { name: /by card/ })).toBeNull();
	await user.click(within(dialog).getByRole("button", { name: "Close" }));
	expect(screen.queryByRole("dialog")).toBeNull();
});
