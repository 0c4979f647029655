import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import type { Order, OrderLine } from "../../../shared/orders.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import { aTool } from "../../test-support/fake-catalog.ts";
import {
	admin,
	anEvent,
	anInvoice,
	anOrder,
	aShop,
	type SentRequest,
	type Shop,
	serveOrders,
} from "../../test-support/fake-orders.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const dana = { email: "dana@example.com", user_name: "Dana Reyes" };

async function openAdminOrder(
	shop: Shop,
	order: Order,
	answer?: (request: SentRequest) => Response | undefined,
) {
	const sent = serveOrders({ ...shop, me: { ...shop.me, ...admin } }, answer);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: `/dashboard/all-orders/${order.id}` },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage order" }),
	).toBeVisible();
	await screen.findByRole("table", { name: "Tools ordered" });
	return { sent, user: userEvent.setup() };
}

const posts = (sent: SentRequest[]) =>
	sent
		.filter((request) => request.method === "POST")
		.map((request) => ({ path: request.url.pathname, body: request.body }));

function aLine(n: number, quantity: number, refunded = 0): OrderLine {
	const tool = aTool(n);
	return {
		tool_id: tool.id,
		tool_name: tool.tool_name,
		img: tool.img,
		description: tool.description,
		price_cents: tool.price_cents,
		quantity,
		line_total_cents: tool.price_cents * quantity,
		refunded_quantity: refunded,
	};
}

/** Dana's paid order of 3 × Tool 1 ($10.01) and 2 × Tool 2 ($10.02), sent to an address. */
function aPaidOrder(changes: Partial<Order> = {}): Order {
	return anOrder(9, {
		...dana,
		lines: [aLine(1, 3), aLine(2, 2)],
		order_quantity: 3,
		total_cents: 3 * 1001 + 2 * 1002,
		fulfilment: {
			kind: "delivery",
			address: {
				recipient: "Dana Reyes",
				address: "5 Mill Street",
				city: "York",
				state: "",
				zip: "YO1 7HH",
			},
		},
		status: "paid",
		payment_id: "pi_9",
		paid_at: "2026-11-24T12:20:00.000Z",
		invoices: [anInvoice(1, { total_cents: 5007 })],
		...changes,
	});
}

test("an admin's order page shows the customer's name and email, and names the admin of each step on the timeline", async () => {
	const order = aPaidOrder({ status: "shipped", tracking_number: "TN1" });
	await openAdminOrder(
		aShop({
			orders: [order],
			events: {
				[order.id]: [
					anEvent(0, "placed"),
					anEvent(40, "shipped", {
						actor: "admin",
						actor_email: "ada@example.com",
						details: { carrier: "UPS", tracking_number: "TN1" },
					}),
				],
			},
		}),
		order,
	);
	const facts = screen.getByRole("region", { name: "Order" });
	expect(facts).toHaveTextContent("CustomerDana Reyesdana@example.com");
	const timeline = screen.getByRole("list", { name: "Timeline, oldest first" });
	expect(
		within(timeline)
			.getAllByRole("listitem")
			.map((step) => step.textContent),
	).toEqual([
		"Order placedNov 24, 2026, 12:00 PM · The customer",
		"Shipped with UPS, tracking number TN1Nov 24, 2026, 12:40 PM · ada@example.com",
	]);
	expect(screen.getByRole("button", { name: "Mark delivered" })).toBeVisible();
	expect(screen.queryByRole("button", { name: "Mark shipped" })).toBeNull();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(menu).getByRole("link", { name: "Manage All Orders" }),
	).toHaveAttribute("aria-current", "page");
});

test("'Mark shipped' checks the carrier and tracking number, sends them, says so and shows the order shipped", async () => {
	const order = aPaidOrder();
	const { sent, user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
	);
	await user.click(screen.getByRole("button", { name: "Mark shipped" }));
	const dialog = screen.getByRole("dialog", {
		name: "Mark this order shipped",
	});
	await user.click(
		within(dialog).getByRole("button", { name: "Mark shipped" }),
	);
	expect(within(dialog).getByLabelText("Carrier")).toHaveAccessibleDescription(
		"Carrier is required",
	);
	expect(
		within(dialog).getByLabelText("Tracking number"),
	).toHaveAccessibleDescription("Tracking number is required");
	expect(posts(sent)).toEqual([]);

	await user.type(within(dialog).getByLabelText("Carrier"), "  DHL ");
	await user.type(
		within(dialog).getByLabelText("Tracking number"),
		"JD014600003SE",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Mark shipped" }),
	);
	expect(await screen.findByText("The order is marked shipped")).toBeVisible();
	expect(posts(sent)).toEqual([
		{
			path: `/api/admin/orders/${order.id}/ship`,
			body: { carrier: "DHL", tracking_number: "JD014600003SE" },
		},
	]);
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(
		await screen.findByText("Shipped", { selector: ".badge" }),
	).toBeVisible();
	expect(screen.getByRole("region", { name: "Delivery" })).toHaveTextContent(
		"Tracking numberJD014600003SE",
	);
	expect(
		screen.getByRole("list", { name: "Timeline, oldest first" }),
	).toHaveTextContent("Shipped with DHL, tracking number JD014600003SE");
	expect(screen.getByRole("button", { name: "Mark delivered" })).toBeVisible();
});

test("a shipment the shop refuses (409) says why in the dialog and keeps what was typed", async () => {
	const order = aPaidOrder();
	const refusal =
		"The payment of this order is disputed: it stays here until the dispute is closed";
	const { user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
		(request) =>
			request.method === "POST"
				? errorResponse(409, "CONFLICT", refusal)
				: undefined,
	);
	await user.click(screen.getByRole("button", { name: "Mark shipped" }));
	const dialog = screen.getByRole("dialog", {
		name: "Mark this order shipped",
	});
	await user.type(within(dialog).getByLabelText("Carrier"), "DHL");
	await user.type(within(dialog).getByLabelText("Tracking number"), "TN2");
	await user.click(
		within(dialog).getByRole("button", { name: "Mark shipped" }),
	);
	expect(await within(dialog).findByRole("alert")).toHaveTextContent(
		`Error: ${refusal}`,
	);
	expect(within(dialog).getByLabelText("Carrier")).toHaveValue("DHL");
	expect(
		screen.getByRole("dialog", { name: "Mark this order shipped" }),
	).toBeVisible();
	expect(screen.queryByText("The order is marked shipped")).toBeNull();
});

test("the refund dialog bounds each line by what is left, shows the amount from the lines' prices and sends the pieces chosen", async () => {
	const order = aPaidOrder({
		lines: [aLine(1, 3, 1), aLine(2, 2)],
		refunded_cents: 1001,
	});
	const { sent, user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
	);
	await user.click(screen.getByRole("button", { name: "Refund" }));
	const dialog = screen.getByRole("dialog", { name: "Refund this order" });
	const first = within(dialog).getByLabelText("Pieces of Tool 1 to refund");
	const second = within(dialog).getByLabelText("Pieces of Tool 2 to refund");
	expect(first).toHaveAttribute("max", "2");
	expect(first).toHaveAccessibleDescription(
		"2 of 3 left to refund, $10.01 each",
	);
	expect(second).toHaveAttribute("max", "2");
	expect(within(dialog).getByText("$0.00")).toBeVisible();

	await user.clear(first);
	await user.type(first, "3");
	await user.type(within(dialog).getByLabelText("Reason"), "Damaged");
	await user.click(within(dialog).getByRole("button", { name: /^Refund / }));
	expect(first).toHaveAccessibleDescription(
		"2 of 3 left to refund, $10.01 each Only 2 pieces are left to refund",
	);
	expect(posts(sent)).toEqual([]);

	await user.clear(first);
	await user.type(first, "1");
	await user.clear(second);
	await user.type(second, "2");
	expect(within(dialog).getByText("$30.05")).toBeVisible();
	await user.click(
		within(dialog).getByRole("button", { name: "Refund $30.05" }),
	);
	expect(await screen.findByText("Refunded $30.05")).toBeVisible();
	expect(posts(sent)).toEqual([
		{
			path: `/api/admin/orders/${order.id}/refund`,
			body: {
				lines: [
					{ tool_id: aTool(1).id, quantity: 1 },
					{ tool_id: aTool(2).id, quantity: 2 },
				],
				reason: "Damaged",
			},
		},
	]);
	const refunds = await screen.findByRole("region", { name: "Refunds" });
	expect(refunds).toHaveTextContent("$30.05Succeeded1 × Tool 1, 2 × Tool 2");
	expect(screen.getByRole("region", { name: "Documents" })).toHaveTextContent(
		"Credit note CN-2026-000051 (PDF)",
	);
	expect(
		screen.getByRole("table", { name: "Tools ordered" }),
	).toHaveTextContent("Refunded−$40.06");
});

test("'Refund everything left' refunds what is left of the order without naming lines", async () => {
	const order = aPaidOrder({
		lines: [aLine(1, 3, 1), aLine(2, 2)],
		refunded_cents: 1001,
	});
	const { sent, user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
	);
	await user.click(screen.getByRole("button", { name: "Refund" }));
	const dialog = screen.getByRole("dialog", { name: "Refund this order" });
	await user.click(
		within(dialog).getByRole("button", { name: "Refund $0.00" }),
	);
	expect(
		within(dialog).getByText("Choose at least one piece to refund"),
	).toBeVisible();
	expect(within(dialog).getByText("Reason is required")).toBeVisible();

	await user.click(within(dialog).getByLabelText("Refund everything left"));
	expect(
		within(dialog).getByLabelText("Pieces of Tool 1 to refund"),
	).toBeDisabled();
	await user.type(within(dialog).getByLabelText("Reason"), "Order lost");
	await user.click(
		within(dialog).getByRole("button", { name: "Refund $40.06" }),
	);
	expect(await screen.findByText("Refunded $40.06")).toBeVisible();
	expect(posts(sent)).toEqual([
		{
			path: `/api/admin/orders/${order.id}/refund`,
			body: { reason: "Order lost" },
		},
	]);
	expect(
		await screen.findByText("Refunded", { selector: ".badge" }),
	).toBeVisible();
	expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
	expect(
		screen.getByText("Refunded in full: nothing more to do."),
	).toBeVisible();
});

test("a refund the shop refuses for a line says why in the dialog and beside that line", async () => {
	const order = aPaidOrder();
	const message = "Tool 2: only 1 piece is left to refund.";
	const { user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
		(request) =>
			request.method === "POST"
				? errorResponse(409, "CONFLICT", message, [
						{ field: `lines.${aTool(2).id}`, message },
					])
				: undefined,
	);
	await user.click(screen.getByRole("button", { name: "Refund" }));
	const dialog = screen.getByRole("dialog", { name: "Refund this order" });
	const second = within(dialog).getByLabelText("Pieces of Tool 2 to refund");
	await user.clear(second);
	await user.type(second, "2");
	await user.type(within(dialog).getByLabelText("Reason"), "Damaged");
	await user.click(
		within(dialog).getByRole("button", { name: "Refund $20.04" }),
	);
	expect(await within(dialog).findByRole("alert")).toHaveTextContent(
		`Error: ${message}`,
	);
	await waitFor(() =>
		expect(second).toHaveAccessibleDescription(
			`2 of 2 left to refund, $10.02 each ${message}`,
		),
	);
});

test("a paid order collected at a receiving point is made ready, then collected, each after the dialog asks", async () => {
	const order = aPaidOrder({
		fulfilment: {
			kind: "collection",
			receiving_point: {
				id: "20000000-0000-4000-8000-000000000001",
				name: "Depot 01",
				address: "1 Harbour Road",
				opening_hours: "Mon–Fri 8:00–18:00",
			},
		},
	});
	const { sent, user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
	);
	expect(screen.queryByRole("button", { name: "Mark shipped" })).toBeNull();
	await user.click(
		screen.getByRole("button", { name: "Ready for collection" }),
	);
	let dialog = screen.getByRole("dialog", {
		name: "Mark this order ready for collection?",
	});
	await user.click(
		within(dialog).getByRole("button", { name: "Ready for collection" }),
	);
	expect(
		await screen.findByText("The order is ready for collection"),
	).toBeVisible();

	await user.click(
		await screen.findByRole("button", { name: "Mark collected" }),
	);
	dialog = screen.getByRole("dialog", { name: "Mark this order collected?" });
	await user.click(
		within(dialog).getByRole("button", { name: "Mark collected" }),
	);
	expect(
		await screen.findByText("The order is marked collected"),
	).toBeVisible();
	expect(
		await screen.findByText("Collected", { selector: ".badge" }),
	).toBeVisible();
	expect(posts(sent).map((post) => post.path)).toEqual([
		`/api/admin/orders/${order.id}/ready`,
		`/api/admin/orders/${order.id}/collect`,
	]);
});

test("a step the shop refuses says why in its dialog", async () => {
	const order = aPaidOrder({ status: "shipped", tracking_number: "TN3" });
	const { user } = await openAdminOrder(
		aShop({ orders: [order] }),
		order,
		(request) =>
			request.method === "POST"
				? errorResponse(
						409,
						"CONFLICT",
						"Only a shipped order can be marked delivered",
					)
				: undefined,
	);
	await user.click(screen.getByRole("button", { name: "Mark delivered" }));
	const dialog = screen.getByRole("dialog", {
		name: "Mark this order delivered?",
	});
	await user.click(
		within(dialog).getByRole("button", { name: "Mark delivered" }),
	);
	expect(await within(dialog).findByRole("alert")).toHaveTextContent(
		"Error: Only a shipped order can be marked delivered",
	);
});

test("a disputed order says its shipment is held and offers no shipping, only a refund", async () => {
	const order = aPaidOrder({ dispute_status: "open" });
	await openAdminOrder(aShop({ orders: [order] }), order);
	expect(
		screen.getByText(
			"The payment of this order is disputed: its shipment is held until the dispute is closed.",
		),
	).toBeVisible();
	expect(screen.queryByRole("button", { name: "Mark shipped" })).toBeNull();
	expect(screen.getByRole("button", { name: "Refund" })).toBeVisible();
});

test("refunds are listed with their status", async () => {
	const order = aPaidOrder({ lines: [aLine(1, 3, 2), aLine(2, 2, 1)] });
	await openAdminOrder(
		aShop({
			orders: [order],
			refunds: {
				[order.id]: [
					{
						id: "r1",
						status: "succeeded",
						amount_cents: 2002,
						lines: [{ tool_id: aTool(1).id, quantity: 2 }],
						reason: "Wrong size",
						created_at: "2026-11-25T10:00:00.000Z",
					},
					{
						id: "r2",
						status: "failed",
						amount_cents: 1002,
						lines: [{ tool_id: aTool(2).id, quantity: 1 }],
						reason: "Scratched",
						created_at: "2026-11-25T11:00:00.000Z",
					},
					{
						id: "r3",
						status: "pending",
						amount_cents: 1002,
						lines: [{ tool_id: aTool(2).id, quantity: 1 }],
						reason: "Scratched",
						created_at: "2026-11-25T12:00:00.000Z",
					},
				],
			},
		}),
		order,
	);
	const refunds = screen.getByRole("region", { name: "Refunds" });
	expect(
		within(refunds)
			.getAllByRole("listitem")
			.map((refund) => refund.textContent),
	).toEqual([
		"$20.02Succeeded2 × Tool 1Reason: Wrong sizeNov 25, 2026, 10:00 AM",
		"$10.02Failed1 × Tool 2Reason: ScratchedNov 25, 2026, 11:00 AM",
		"$10.02Pending1 × Tool 2Reason: ScratchedNov 25, 2026, 12:00 PM",
	]);
});

test("an order that was deleted says it was not found, with the way back to Manage All Orders", async () => {
	serveOrders(aShop({ me: admin }));
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/all-orders/10000000-0000-4000-8000-000000000099",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "Order not found" }),
	).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Back to Manage All Orders" }),
	).toHaveAttribute("href", "/dashboard/all-order");
});

test("a customer who opens an admin's order page is sent to their own dashboard", async () => {
	const order = aPaidOrder();
	serveOrders(aShop({ orders: [order] }));
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: `/dashboard/all-orders/${order.id}`,
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	expect(screen.queryByRole("heading", { name: "Manage order" })).toBeNull();
});
