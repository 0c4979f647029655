import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import {
	admin,
	anOrder,
	aShop,
	type SentRequest,
	type Shop,
	serveOrders,
} from "../../test-support/fake-orders.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const dana = { email: "dana@example.com", user_name: "Dana Reyes" };

async function openAllOrders(shop: Shop, url = "/dashboard/all-order") {
	const sent = serveOrders({ ...shop, me: { ...shop.me, ...admin } });
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage All Orders" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const ordersTable = () =>
	screen.getByRole("table", { name: "Orders, newest first" });
/** The table's rows as the cells read, header row left out. */
const shownRows = () =>
	within(ordersTable())
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.slice(0, -1)
				.map((cell) => cell.textContent),
		);
const listSearches = (sent: SentRequest[]) =>
	sent
		.filter(
			(request) =>
				request.url.pathname === "/api/orders" && request.method === "GET",
		)
		.map((request) => request.url.search);

test("Manage All Orders shows every order newest first with customer, tool, quantity, total, date, status and transaction id", async () => {
	const { sent } = await openAllOrders(
		aShop({
			orders: [
				anOrder(1, { status: "paid", payment_id: "pi_3Qx2" }),
				anOrder(2, { ...dana, order_quantity: 7 }),
			],
		}),
	);
	await screen.findByRole("table", { name: "Orders, newest first" });
	const [newest, oldest] = shownRows();
	expect(newest).toEqual([
		"dana@example.comDana Reyes",
		"Tool 2",
		"7",
		"$70.14",
		expect.stringContaining("Nov 24, 2026"),
		"Unpaid",
		"—",
	]);
	expect(oldest).toEqual([
		"cleo@example.comCleo Customer",
		"Tool 1",
		"5",
		"$50.05",
		expect.stringContaining("Nov 24, 2026"),
		"Paid",
		"pi_3Qx2",
	]);
	for (const header of ["Customer", "Tool", "Status", "Transaction ID"])
		expect(
			within(ordersTable()).getByRole("columnheader", { name: header }),
		).toBeVisible();
	expect(listSearches(sent)).toEqual(["?page=1&page_size=20"]);
});

test("a cancelled order whose late payment was given back shows the refund in place of a transaction id", async () => {
	await openAllOrders(
		aShop({
			orders: [anOrder(1, { status: "cancelled", refund_id: "re_3Late" })],
		}),
	);
	await screen.findByRole("table", { name: "Orders, newest first" });
	const [row] = shownRows();
	expect(row?.slice(5)).toEqual(["Cancelled", "Payment refunded: re_3Late"]);
});

test("choosing 'Paid' asks for status=paid and shows only paid orders", async () => {
	const { sent, user } = await openAllOrders(
		aShop({
			orders: [
				anOrder(1, { status: "paid", payment_id: "pi_1" }),
				anOrder(2),
				anOrder(3, { status: "cancelled" }),
			],
		}),
	);
	await screen.findByRole("table");
	await user.selectOptions(screen.getByLabelText("Status"), "Paid");
	await waitFor(() =>
		expect(shownRows().map((row) => row[1])).toEqual(["Tool 1"]),
	);
	expect(within(ordersTable()).getByText("Paid")).toBeVisible();
	expect(listSearches(sent).at(-1)).toBe("?page=1&page_size=20&status=paid");
});

test("the status filter offers every step of an order's life; choosing 'Shipped' asks for status=shipped", async () => {
	const { sent, user } = await openAllOrders(
		aShop({
			orders: [
				anOrder(1, { status: "shipped", payment_id: "pi_1" }),
				anOrder(2, { status: "paid", payment_id: "pi_2" }),
				anOrder(3, { status: "refunded", payment_id: "pi_3" }),
			],
		}),
	);
	await screen.findByRole("table");
	expect(
		within(screen.getByLabelText("Status"))
			.getAllByRole("option")
			.map((option) => option.textContent),
	).toEqual([
		"All",
		"Unpaid",
		"Paid",
		"Shipped",
		"Ready for collection",
		"Delivered",
		"Collected",
		"Cancelled",
		"Refunded",
	]);
	await user.selectOptions(screen.getByLabelText("Status"), "Shipped");
	await waitFor(() =>
		expect(shownRows().map((row) => row[1])).toEqual(["Tool 1"]),
	);
	expect(listSearches(sent).at(-1)).toBe("?page=1&page_size=20&status=shipped");
});

test("'View order' of a row opens the order's page, where it is shipped and refunded", async () => {
	const order = anOrder(1, { ...dana, status: "paid", payment_id: "pi_1" });
	const { user } = await openAllOrders(aShop({ orders: [order] }));
	await user.click(
		await screen.findByRole("link", {
			name: "View order of Tool 1 for dana@example.com",
		}),
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage order" }),
	).toBeVisible();
	expect(
		await screen.findByRole("button", { name: "Mark shipped" }),
	).toBeVisible();
	expect(screen.getByRole("region", { name: "Order" })).toHaveTextContent(
		"CustomerDana Reyesdana@example.com",
	);
});

test("searching by customer email asks again once typing settles, and says when nothing matches", async () => {
	const { sent, user } = await openAllOrders(
		aShop({ orders: [anOrder(1), anOrder(2, dana)] }),
	);
	await screen.findByRole("table");
	await user.type(screen.getByLabelText("Search by customer email"), "dana");
	await waitFor(() =>
		expect(shownRows().map((row) => row[0])).toEqual([
			"dana@example.comDana Reyes",
		]),
	);
	expect(listSearches(sent).at(-1)).toBe("?page=1&page_size=20&email=dana");

	await user.type(screen.getByLabelText("Search by customer email"), "x");
	expect(
		await screen.findByText("No orders match.", undefined, { timeout: 2000 }),
	).toBeVisible();
});

test("Previous and Next page through the orders, 20 at a time", async () => {
	const { sent, user } = await openAllOrders(
		aShop({ orders: Array.from({ length: 23 }, (_, n) => anOrder(n + 1)) }),
	);
	const pages = await screen.findByRole("navigation", {
		name: "Pages of orders",
	});
	expect(pages).toHaveTextContent("Page 1 of 2");
	expect(shownRows()).toHaveLength(20);
	await user.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownRows().map((row) => row[1])).toEqual([
		"Tool 3",
		"Tool 2",
		"Tool 1",
	]);
	expect(listSearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=2&page_size=20",
	]);
});

test("deleting an order through the dialog sends DELETE, says 'Item deleted' and lists it under Deleted orders", async () => {
	const order = anOrder(2, dana);
	const { sent, user } = await openAllOrders(
		aShop({ orders: [anOrder(1), order] }),
	);
	expect(await screen.findByText("No order has been deleted.")).toBeVisible();
	await user.click(
		await screen.findByRole("button", {
			name: "Delete Order of Tool 2 for dana@example.com",
		}),
	);
	const dialog = screen.getByRole("dialog", { name: "Delete this order?" });
	expect(dialog).toHaveTextContent(
		"It is unpaid: its 5 pieces go back into stock.",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Delete Order" }),
	);

	expect(await screen.findByText("Item deleted")).toBeVisible();
	expect(screen.queryByRole("dialog")).toBeNull();
	await screen.findByText("restocked 5 pieces");
	expect(shownRows().map((row) => row[1])).toEqual(["Tool 1"]);
	const deleted = screen.getByRole("region", { name: "Deleted orders" });
	expect(within(deleted).getAllByRole("listitem")).toHaveLength(1);
	expect(deleted).toHaveTextContent(`by ${admin.email}`);
	expect(deleted).toHaveTextContent(
		"5 × Tool 2 for dana@example.com (Dana Reyes), $50.10",
	);
	expect(within(deleted).getByText("Unpaid")).toBeVisible();
	expect(
		sent
			.filter((request) => request.method === "DELETE")
			.map((request) => request.url.pathname),
	).toEqual([`/api/orders/${order.id}`]);
});

test("a deleted order whose late payment was given back shows the refund under Deleted orders", async () => {
	const shop = aShop();
	const order = anOrder(3, { status: "cancelled" });
	shop.deletions.push({
		id: "deletion-1",
		order_id: order.id,
		deleted_at: "2026-11-24T13:00:00.000Z",
		deleted_by_email: admin.email,
		order,
		restocked: 5,
		refund_id: "re_3Gone",
	});
	await openAllOrders(shop);
	const deleted = await screen.findByRole("region", {
		name: "Deleted orders",
	});
	expect(
		await within(deleted).findByText("Payment refunded: re_3Gone"),
	).toBeVisible();
});

test("cancelling the delete dialog deletes nothing", async () => {
	const { sent, user } = await openAllOrders(aShop({ orders: [anOrder(1)] }));
	await user.click(
		await screen.findByRole("button", {
			name: "Delete Order of Tool 1 for cleo@example.com",
		}),
	);
	await user.click(screen.getByRole("button", { name: "Cancel" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(shownRows()).toHaveLength(1);
	expect(sent.some((request) => request.method === "DELETE")).toBe(false);
});

test("a shop without orders says 'No orders yet.' and 'No order has been deleted.'", async () => {
	await openAllOrders(aShop());
	expect(await screen.findByText("No orders yet.")).toBeVisible();
	expect(await screen.findByText("No order has been deleted.")).toBeVisible();
});

const holdersTable = () =>
	screen.getByRole("table", {
		name: "Customers holding unpaid orders, the most pieces first",
	});
/** The holders table's rows as the cells read, header row left out. */
const shownHolders = () =>
	within(holdersTable())
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		);
const holderSearches = (sent: SentRequest[]) =>
	sent
		.filter((request) => request.url.pathname === "/api/admin/unpaid-holders")
		.map((request) => request.url.search);

test("'Unpaid orders by customer' shows each customer's unpaid orders, pieces and value held and oldest deadline, the largest holders first", async () => {
	const { sent } = await openAllOrders(
		aShop({
			orders: [
				anOrder(1, { pay_by: "2026-11-26T12:01:00.000Z" }),
				anOrder(2, {
					...dana,
					order_quantity: 7,
					pay_by: "2026-11-26T12:02:00.000Z",
				}),
				anOrder(3, {
					...dana,
					order_quantity: 2,
					pay_by: "2026-11-26T12:03:00.000Z",
				}),
				anOrder(4, { status: "paid", order_quantity: 50 }),
			],
		}),
	);
	const section = await screen.findByRole("region", {
		name: "Unpaid orders by customer",
	});
	await within(section).findByRole("table");
	expect(shownHolders()).toEqual([
		[
			"dana@example.comDana Reyes",
			"2",
			"9",
			"$90.20",
			expect.stringContaining("Nov 26, 2026"),
		],
		[
			"cleo@example.comCleo Customer",
			"1",
			"5",
			"$50.05",
			expect.stringContaining("Nov 26, 2026"),
		],
	]);
	const [danaDeadline] = within(holdersTable()).getAllByRole("time");
	expect(danaDeadline).toHaveAttribute("datetime", "2026-11-26T12:02:00.000Z");
	expect(holderSearches(sent)).toEqual(["?page=1&page_size=10"]);
});

test("'Unpaid orders by customer' pages through the server's pages, 10 at a time", async () => {
	const { sent, user } = await openAllOrders(
		aShop({
			orders: Array.from({ length: 12 }, (_, n) =>
				anOrder(n + 1, {
					email: `buyer${n + 1}@example.com`,
					order_quantity: n + 1,
				}),
			),
		}),
	);
	const pages = await screen.findByRole("navigation", {
		name: "Pages of unpaid orders by customer",
	});
	expect(pages).toHaveTextContent("Page 1 of 2");
	expect(shownHolders()).toHaveLength(10);
	await user.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownHolders().map((row) => row[0])).toEqual([
		"buyer2@example.comCleo Customer",
		"buyer1@example.comCleo Customer",
	]);
	expect(holderSearches(sent)).toEqual([
		"?page=1&page_size=10",
		"?page=2&page_size=10",
	]);
});

test("deleting a customer's last unpaid order takes them off 'Unpaid orders by customer'", async () => {
	const { user } = await openAllOrders(
		aShop({ orders: [anOrder(1), anOrder(2, dana)] }),
	);
	const section = await screen.findByRole("region", {
		name: "Unpaid orders by customer",
	});
	expect(await within(section).findByText("dana@example.com")).toBeVisible();
	await user.click(
		await screen.findByRole("button", {
			name: "Delete Order of Tool 2 for dana@example.com",
		}),
	);
	await user.click(
		within(screen.getByRole("dialog")).getByRole("button", {
			name: "Delete Order",
		}),
	);
	await waitFor(() =>
		expect(within(section).queryByText("dana@example.com")).toBeNull(),
	);
	expect(shownHolders().map((row) => row[0])).toEqual([
		"cleo@example.comCleo Customer",
	]);
});

test("with no unpaid orders, 'Unpaid orders by customer' says no customer holds one", async () => {
	await openAllOrders(
		aShop({ orders: [anOrder(1, { status: "paid", payment_id: "pi_1" })] }),
	);
	const section = await screen.findByRole("region", {
		name: "Unpaid orders by customer",
	});
	expect(
		await within(section).findByText("No customer holds an unpaid order."),
	).toBeVisible();
});

test("an order paid with the test provider shows 'Test payment' beside its transaction id; a Stripe payment does not", async () => {
	await openAllOrders(
		aShop({
			orders: [
				anOrder(1, { status: "paid", payment_id: "pi_3Real" }),
				anOrder(2, {
					status: "paid",
					payment_id: "test_0002",
					test_payment: true,
				}),
			],
		}),
	);
	await screen.findByRole("table", { name: "Orders, newest first" });
	const [testPaid, stripePaid] = shownRows();
	expect(testPaid?.slice(5)).toEqual(["Paid", "test_0002 Test payment"]);
	expect(stripePaid?.slice(5)).toEqual(["Paid", "pi_3Real"]);
	expect(within(ordersTable()).getByText("Test payment")).toBeVisible();
});

test("a deleted order that was paid with the test provider says 'Test payment' under Deleted orders", async () => {
	const shop = aShop();
	const order = anOrder(4, {
		status: "paid",
		payment_id: "test_0004",
		test_payment: true,
	});
	shop.deletions.push({
		id: "deletion-1",
		order_id: order.id,
		deleted_at: "2026-11-24T13:00:00.000Z",
		deleted_by_email: admin.email,
		order,
		restocked: 0,
		refund_id: null,
	});
	await openAllOrders(shop);
	const deleted = await screen.findByRole("region", {
		name: "Deleted orders",
	});
	expect(await within(deleted).findByText("Test payment")).toBeVisible();
});
