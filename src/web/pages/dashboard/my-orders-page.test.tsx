import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import {
	admin,
	anOrder,
	aShop,
	type Shop,
	serveOrders,
} from "../../test-support/fake-orders.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openMyOrders(shop: Shop) {
	const sent = serveOrders(shop);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/my-orders" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Orders" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const card = (toolName: string) =>
	screen.getByRole("article", { name: toolName });
const shownOrders = () =>
	screen
		.getAllByRole("article")
		.map((order) => within(order).getByRole("heading").textContent);

test("My Orders shows each order newest first with its quantity, prices, date and status; unpaid ones have Cancel and Payment", async () => {
	await openMyOrders(
		aShop({
			orders: [
				anOrder(1, { status: "cancelled" }),
				anOrder(2, { status: "paid", payment_id: "pi_3Qx2" }),
				anOrder(3, { order_quantity: 6 }),
			],
		}),
	);
	await screen.findByRole("article", { name: "Tool 3" });
	expect(shownOrders()).toEqual(["Tool 3", "Tool 2", "Tool 1"]);

	const unpaid = card("Tool 3");
	expect(unpaid).toHaveTextContent("6 pieces");
	expect(unpaid).toHaveTextContent("$10.03");
	expect(unpaid).toHaveTextContent("$60.18");
	expect(unpaid).toHaveTextContent("Nov 24, 2026");
	expect(within(unpaid).getByText("Unpaid")).toBeVisible();
	expect(
		within(unpaid).getByRole("button", { name: "Cancel order of Tool 3" }),
	).toHaveTextContent("Cancel");
	expect(
		within(unpaid).getByRole("button", { name: "Payment for Tool 3" }),
	).toHaveTextContent("Payment");

	const paid = card("Tool 2");
	expect(within(paid).getByText("Paid")).toBeVisible();
	expect(within(paid).getByText("Transaction ID: pi_3Qx2")).toBeVisible();
	expect(within(paid).queryByText("Test payment")).toBeNull();
	expect(within(paid).queryByRole("button")).toBeNull();

	const cancelled = card("Tool 1");
	expect(within(cancelled).getByText("Cancelled")).toBeVisible();
	expect(within(cancelled).queryByRole("button")).toBeNull();
	expect(cancelled).not.toHaveTextContent("refunded");
});

test("an unpaid order says by when to pay it; paid and cancelled ones do not", async () => {
	const payBy = "2026-11-26T12:03:00.000Z";
	await openMyOrders(
		aShop({
			orders: [
				anOrder(1, { status: "paid", payment_id: "pi_1", pay_by: payBy }),
				anOrder(2, { pay_by: payBy }),
			],
		}),
	);
	const unpaid = await screen.findByRole("article", { name: "Tool 2" });
	const shown = within(unpaid).getByText("Pay by").nextElementSibling;
	expect(shown?.querySelector("time")).toHaveAttribute("datetime", payBy);
	expect(within(card("Tool 1")).queryByText("Pay by")).toBeNull();
});

test("a cancelled order whose late payment was given back says so, with the refund's id", async () => {
	await openMyOrders(
		aShop({
			orders: [anOrder(1, { status: "cancelled", refund_id: "re_3Late" })],
		}),
	);
	const cancelled = await screen.findByRole("article", { name: "Tool 1" });
	expect(
		within(cancelled).getByText("Payment refunded: re_3Late"),
	).toBeVisible();
	expect(within(cancelled).queryByText(/Transaction ID/)).toBeNull();
	expect(within(cancelled).queryByRole("button")).toBeNull();
});

test("with no orders, My Orders says 'Please Order First!' and links to the tools", async () => {
	await openMyOrders(aShop());
	expect(await screen.findByText("Please Order First!")).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Browse the tools" }),
	).toHaveAttribute("href", "/#latest-tools");
});

test("'Show more orders' adds the next page of orders", async () => {
	const { sent, user } = await openMyOrders(
		aShop({ orders: Array.from({ length: 11 }, (_, n) => anOrder(n + 1)) }),
	);
	await user.click(
		await screen.findByRole("button", { name: "Show more orders" }),
	);
	expect(await screen.findByRole("article", { name: "Tool 1" })).toBeVisible();
	expect(shownOrders()).toHaveLength(11);
	expect(
		sent
			.filter((request) => request.url.pathname === "/api/me/orders")
			.map((request) => request.url.search),
	).toEqual(["?page=1&page_size=9", "?page=2&page_size=9"]);
});

test("cancelling an order through the dialog sends the cancel, says so and shows it cancelled", async () => {
	const order = anOrder(1);
	const { sent, user } = await openMyOrders(aShop({ orders: [order] }));
	await user.click(
		await screen.findByRole("button", { name: "Cancel order of Tool 1" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Cancel this order?" });
	expect(dialog).toHaveTextContent("its pieces go back into stock");
	await user.click(
		within(dialog).getByRole("button", { name: "Cancel order" }),
	);

	expect(await screen.findByText("Order cancelled")).toBeVisible();
	expect(await within(card("Tool 1")).findByText("Cancelled")).toBeVisible();
	expect(within(card("Tool 1")).queryByRole("button")).toBeNull();
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => request.url.pathname),
	).toEqual([`/api/orders/${order.id}/cancel`]);
});

test("cancelling an order paid meanwhile says why and shows it paid", async () => {
	const shop = aShop({ orders: [anOrder(1)] });
	const { user } = await openMyOrders(shop);
	await user.click(
		await screen.findByRole("button", { name: "Cancel order of Tool 1" }),
	);
	const [order] = shop.orders;
	if (!order) throw new Error("no order");
	shop.orders[0] = { ...order, status: "paid", payment_id: "pi_3Late" };
	await user.click(screen.getByRole("button", { name: "Cancel order" }));

	expect(
		await screen.findByText(
			"Failed to cancel the order: A paid order cannot be cancelled",
		),
	).toBeVisible();
	expect(
		await within(card("Tool 1")).findByText("Transaction ID: pi_3Late"),
	).toBeVisible();
	expect(within(card("Tool 1")).queryByRole("button")).toBeNull();
});

test("keeping the order closes the dialog and cancels nothing", async () => {
	const { sent, user } = await openMyOrders(aShop({ orders: [anOrder(1)] }));
	await user.click(
		await screen.findByRole("button", { name: "Cancel order of Tool 1" }),
	);
	await user.click(screen.getByRole("button", { name: "Keep the order" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(within(card("Tool 1")).getByText("Unpaid")).toBeVisible();
	expect(sent.some((request) => request.method === "POST")).toBe(false);
});

test("the payment dialog in test mode shows the amount due and says no money is taken; paying shows the Transaction ID", async () => {
	const order = anOrder(1);
	const { sent, user } = await openMyOrders(aShop({ orders: [order] }));
	await user.click(
		await screen.findByRole("button", { name: "Payment for Tool 1" }),
	);
	const dialog = screen.getByRole("dialog", { name: "Pay for Tool 1" });
	expect(within(dialog).getByLabelText("Amount due")).toHaveValue("$50.05");
	expect(within(dialog).getByLabelText("Amount due")).toHaveAttribute(
		"readonly",
	);
	expect(
		await within(dialog).findByText("Test mode: no money is taken"),
	).toBeVisible();
	await user.click(within(dialog).getByRole("button", { name: "Pay $50.05" }));

	expect(await screen.findByText("Payment Done Successfully")).toBeVisible();
	expect(
		await within(card("Tool 1")).findByText("Transaction ID: test_0001"),
	).toBeVisible();
	expect(within(card("Tool 1")).getByText("Test payment")).toBeVisible();
	expect(within(card("Tool 1")).getByText("Paid")).toBeVisible();
	expect(within(card("Tool 1")).queryByRole("button")).toBeNull();
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => request.url.pathname),
	).toEqual([`/api/orders/${order.id}/payment`]);
});

test("Escape closes the payment dialog without paying", async () => {
	const { sent, user } = await openMyOrders(aShop({ orders: [anOrder(1)] }));
	await user.click(
		await screen.findByRole("button", { name: "Payment for Tool 1" }),
	);
	await screen.findByText("Test mode: no money is taken");
	await user.keyboard("{Escape}");
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(sent.some((request) => request.method === "POST")).toBe(false);
});

test("an admin opens My Orders, though the admin menu does not list it, and pays and cancels their own orders", async () => {
	const mine = (n: number) =>
		anOrder(n, { email: admin.email, user_name: admin.name });
	const { sent, user } = await openMyOrders(
		aShop({ me: admin, orders: [anOrder(1), mine(2), mine(3)] }),
	);
	await screen.findByRole("article", { name: "Tool 3" });
	expect(shownOrders()).toEqual(["Tool 3", "Tool 2"]);
	const dashboardMenu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(dashboardMenu).getByRole("link", { name: "Manage All Orders" }),
	).toBeVisible();
	expect(
		within(dashboardMenu).queryByRole("link", { name: "My Orders" }),
	).toBeNull();

	await user.click(screen.getByRole("button", { name: "Payment for Tool 3" }));
	const payment = screen.getByRole("dialog", { name: "Pay for Tool 3" });
	await user.click(
		await within(payment).findByRole("button", { name: "Pay $50.15" }),
	);
	expect(
		await within(card("Tool 3")).findByText("Transaction ID: test_0003"),
	).toBeVisible();

	await user.click(
		screen.getByRole("button", { name: "Cancel order of Tool 2" }),
	);
	const cancel = screen.getByRole("dialog", { name: "Cancel this order?" });
	await user.click(
		within(cancel).getByRole("button", { name: "Cancel order" }),
	);
	expect(await within(card("Tool 2")).findByText("Cancelled")).toBeVisible();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => request.url.pathname),
	).toEqual([
		`/api/orders/${mine(3).id}/payment`,
		`/api/orders/${mine(2).id}/cancel`,
	]);
});

test("an order of several tools is named by its first tool and how many more, in its buttons and dialogs", async () => {
	const first = anOrder(1);
	const second = anOrder(2);
	const order = anOrder(3, {
		lines: [...first.lines, ...second.lines],
		tool_id: first.tool_id,
		tool_name: first.tool_name,
		price_cents: first.price_cents,
		total_cents: first.total_cents + second.total_cents,
	});
	const { user } = await openMyOrders(aShop({ orders: [order] }));
	await user.click(
		await screen.findByRole("button", {
			name: "Cancel order of Tool 1 and 1 more",
		}),
	);
	expect(
		screen.getByRole("dialog", { name: "Cancel this order?" }),
	).toHaveTextContent(
		"Tool 1 and 1 more, 10 pieces for $100.15: the order is cancelled",
	);
	await user.click(screen.getByRole("button", { name: "Keep the order" }));
	await user.click(
		screen.getByRole("button", { name: "Payment for Tool 1 and 1 more" }),
	);
	const payment = screen.getByRole("dialog", {
		name: "Pay for Tool 1 and 1 more",
	});
	expect(payment).toHaveTextContent("10 pieces of 2 tools");
	expect(within(payment).getByLabelText("Amount due")).toHaveValue("$100.15");
});
