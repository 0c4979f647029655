import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import type { Order } from "../../../shared/orders.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse } from "../../test-support/fake-api.ts";
import { aTool } from "../../test-support/fake-catalog.ts";
import {
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

function openDashboard(
	shop: Shop,
	url: string,
	answer?: (request: SentRequest) => Response | undefined,
) {
	const sent = serveOrders(shop, answer);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
	return { sent, user: userEvent.setup() };
}

async function openOrder(shop: Shop, order: Order) {
	const opened = openDashboard(shop, `/dashboard/my-orders/${order.id}`);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Your order" }),
	).toBeVisible();
	await screen.findByRole("table", { name: "Tools ordered" });
	return opened;
}

const saw = aTool(1, { tool_name: "Circular Saw", price_cents: 12_999 });
const keys = aTool(2, { tool_name: "Hex Key Set", price_cents: 1_250 });

/** A checkout of 2 saws and 4 key sets sent to an address, paid, shipped, one key set refunded. */
function aShippedOrder(): Order {
	return anOrder(7, {
		lines: [
			{
				tool_id: saw.id,
				tool_name: saw.tool_name,
				img: saw.img,
				description: saw.description,
				price_cents: saw.price_cents,
				quantity: 2,
				line_total_cents: 25_998,
				refunded_quantity: 0,
			},
			{
				tool_id: keys.id,
				tool_name: keys.tool_name,
				img: keys.img,
				description: keys.description,
				price_cents: keys.price_cents,
				quantity: 4,
				line_total_cents: 5_000,
				refunded_quantity: 1,
			},
		],
		tool_id: saw.id,
		tool_name: saw.tool_name,
		price_cents: saw.price_cents,
		order_quantity: 2,
		total_cents: 30_998,
		fulfilment: {
			kind: "delivery",
			address: {
				recipient: "Cleo Customer",
				address: "1 Bench Lane",
				city: "Leeds",
				state: "West Yorkshire",
				zip: "LS1 4AP",
			},
		},
		purchase_order: "PO-7731",
		note: "Deliver to the back door",
		status: "shipped",
		payment_id: "pi_3Qx2",
		paid_at: "2026-11-24T12:10:00.000Z",
		carrier: "DHL",
		tracking_number: "JD014600003SE",
		shipped_at: "2026-11-25T09:00:00.000Z",
		refunded_cents: 1_250,
		invoices: [
			anInvoice(1, { total_cents: 30_998 }),
			anInvoice(2, { kind: "credit_note", total_cents: 1_250 }),
		],
	});
}

test("an order's page shows its lines with the refunded pieces, the total and refund, where it goes, the tracking number, the documents and the timeline", async () => {
	const order = aShippedOrder();
	const shop = aShop({
		orders: [order],
		events: {
			[order.id]: [
				anEvent(0, "placed"),
				anEvent(10, "paid", {
					actor: "payment provider",
					details: { transaction_id: "pi_3Qx2" },
				}),
				anEvent(10, "invoice_issued", {
					actor: "shop",
					details: { number: "2026-000001" },
				}),
				anEvent(30, "refunded", {
					actor: "admin",
					actor_email: "ada@example.com",
					details: { amount_cents: 1_250, pieces: 1, reason: "Bent key" },
				}),
				anEvent(31, "shipped", {
					actor: "admin",
					actor_email: "ada@example.com",
					details: { carrier: "DHL", tracking_number: "JD014600003SE" },
				}),
			],
		},
		refunds: {
			[order.id]: [
				{
					id: "refund-1",
					status: "succeeded",
					amount_cents: 1_250,
					lines: [{ tool_id: keys.id, quantity: 1 }],
					reason: "Bent key",
					created_at: "2026-11-24T12:30:00.000Z",
				},
			],
		},
	});
	const { sent } = await openOrder(shop, order);

	const lines = screen.getByRole("table", { name: "Tools ordered" });
	expect(
		within(lines)
			.getAllByRole("row")
			.map((row) =>
				[...row.querySelectorAll("th, td")].map((cell) => cell.textContent),
			),
	).toEqual([
		["Tool", "Pieces", "Unit price", "Line total", "Refunded"],
		["Circular Saw$129.99 each", "2", "$129.99", "$259.98", "—"],
		["Hex Key Set$12.50 each", "4", "$12.50", "$50.00", "1"],
		["Total", "", "$309.98", ""],
		["Refunded", "", "−$12.50", ""],
	]);
	expect(screen.getByText("Shipped", { selector: ".badge" })).toBeVisible();

	const delivery = screen.getByRole("region", { name: "Delivery" });
	expect(delivery).toHaveTextContent(
		"Delivery toCleo Customer1 Bench LaneLeeds, West Yorkshire, LS1 4AP",
	);
	expect(delivery).toHaveTextContent("Purchase orderPO-7731");
	expect(delivery).toHaveTextContent("NoteDeliver to the back door");
	expect(delivery).toHaveTextContent("CarrierDHL");
	expect(delivery).toHaveTextContent("Tracking numberJD014600003SE");

	const documents = screen.getByRole("region", { name: "Documents" });
	const invoice = within(documents).getByRole("link", {
		name: "Invoice 2026-000001 (PDF)",
	});
	expect(invoice).toHaveAttribute(
		"href",
		`/api/invoices/${anInvoice(1).id}/pdf`,
	);
	expect(invoice).toHaveAttribute("download", "invoice-2026-000001.pdf");
	expect(
		within(documents).getByRole("link", {
			name: "Credit note CN-2026-000002 (PDF)",
		}),
	).toHaveAttribute("download", "credit-note-CN-2026-000002.pdf");

	const refunds = screen.getByRole("region", { name: "Refunds" });
	expect(refunds).toHaveTextContent("$12.50Succeeded1 × Hex Key Set");
	expect(refunds).toHaveTextContent("Reason: Bent key");

	const timeline = screen.getByRole("list", { name: "Timeline, oldest first" });
	expect(
		within(timeline)
			.getAllByRole("listitem")
			.map((step) => step.textContent),
	).toEqual([
		"Order placedNov 24, 2026, 12:00 PM · You",
		"Paid, transaction pi_3Qx2Nov 24, 2026, 12:10 PM · The payment provider",
		"Invoice 2026-000001 issuedNov 24, 2026, 12:10 PM · The shop, by itself",
		"Refunded $12.50 for 1 piece: Bent keyNov 24, 2026, 12:30 PM · The shop",
		"Shipped with DHL, tracking number JD014600003SENov 24, 2026, 12:31 PM · The shop",
	]);
	expect(timeline).not.toHaveTextContent("ada@example.com");
	expect(
		screen.queryByRole("button", { name: /Cancel|Pay/ }),
	).not.toBeInTheDocument();
	expect(sent.map((request) => request.url.pathname)).toContain(
		`/api/orders/${order.id}`,
	);
	expect(document.title).toBe(
		"Order of Circular Saw and 1 more · Tools Gallery",
	);
});

test("an order collected at a receiving point names the point with its address and opening hours", async () => {
	const order = anOrder(3, {
		status: "ready_for_collection",
		fulfilment: {
			kind: "collection",
			receiving_point: {
				id: "20000000-0000-4000-8000-000000000001",
				name: "Depot 01",
				address: "1 Harbour Road\nPortside",
				opening_hours: "Mon–Fri 8:00–18:00",
			},
		},
		ready_at: "2026-11-26T08:00:00.000Z",
	});
	await openOrder(aShop({ orders: [order] }), order);
	const collection = screen.getByRole("region", { name: "Collection" });
	expect(collection).toHaveTextContent(
		"Collection atDepot 011 Harbour Road PortsideOpening hours: Mon–Fri 8:00–18:00",
	);
	expect(collection).toHaveTextContent("Ready for collectionNov 26, 2026");
	expect(collection).not.toHaveTextContent("Tracking number");
});

test("an order placed from the purchase page is to be arranged with the shop, and says its invoice comes once paid", async () => {
	const order = anOrder(2);
	await openOrder(aShop({ orders: [order] }), order);
	expect(screen.getByRole("region", { name: "Delivery" })).toHaveTextContent(
		"To be arranged with the shop.",
	);
	expect(screen.getByRole("region", { name: "Documents" })).toHaveTextContent(
		"The invoice is issued once the order is paid.",
	);
});

test("an unpaid order is paid from its page with the payment dialog, and then shows as paid", async () => {
	const order = anOrder(4);
	const { sent, user } = await openOrder(aShop({ orders: [order] }), order);
	await user.click(screen.getByRole("button", { name: "Pay $50.20" }));
	const dialog = screen.getByRole("dialog", { name: "Pay for Tool 4" });
	await user.click(
		await within(dialog).findByRole("button", { name: "Pay $50.20" }),
	);
	expect(await screen.findByText("Payment Done Successfully")).toBeVisible();
	expect(await screen.findByText("Paid", { selector: ".badge" })).toBeVisible();
	expect(screen.getByText("test_0004")).toBeVisible();
	expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => request.url.pathname),
	).toEqual([`/api/orders/${order.id}/payment`]);
});

test("an unpaid order is cancelled from its page after the dialog asks", async () => {
	const order = anOrder(5);
	const { user } = await openOrder(aShop({ orders: [order] }), order);
	await user.click(screen.getByRole("button", { name: "Cancel order" }));
	const dialog = screen.getByRole("dialog", { name: "Cancel this order?" });
	expect(dialog).toHaveTextContent(
		"Tool 5, 5 pieces for $50.25: the order is cancelled and its pieces go back into stock.",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Cancel order" }),
	);
	expect(await screen.findByText("Order cancelled")).toBeVisible();
	expect(
		await screen.findByText("Cancelled", { selector: ".badge" }),
	).toBeVisible();
	expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
});

test("a disputed order says its shipment is held", async () => {
	const order = anOrder(6, {
		status: "paid",
		payment_id: "pi_6",
		dispute_status: "open",
	});
	await openOrder(aShop({ orders: [order] }), order);
	expect(
		screen.getByText(
			"The payment of this order is disputed: its shipment is held until the dispute is closed.",
		),
	).toBeVisible();
});

test("an order that is not the customer's, or no order at all, says it was not found, with the way back", async () => {
	openDashboard(
		aShop({ orders: [] }),
		"/dashboard/my-orders/10000000-0000-4000-8000-000000000099",
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Order not found" }),
	).toBeVisible();
	expect(
		screen.getByText("None of your orders has this number."),
	).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Back to My Orders" }),
	).toHaveAttribute("href", "/dashboard/my-orders");
});

test("an order that cannot be loaded says so and offers 'Try again'", async () => {
	const order = anOrder(8);
	let failures = 1;
	const { user } = openDashboard(
		aShop({ orders: [order] }),
		`/dashboard/my-orders/${order.id}`,
		(request) => {
			if (request.url.pathname !== `/api/orders/${order.id}` || failures === 0)
				return undefined;
			failures -= 1;
			return errorResponse(
				503,
				"SERVICE_UNAVAILABLE",
				"The shop is busy. Try again in a moment.",
			);
		},
	);
	expect(
		await screen.findByText("Your order could not be loaded"),
	).toBeVisible();
	await user.click(screen.getByRole("button", { name: "Try again" }));
	expect(
		await screen.findByRole("table", { name: "Tools ordered" }),
	).toBeVisible();
});

test("My Orders' cards show the tracking number and the documents, and 'View order' opens the order's page", async () => {
	const order = aShippedOrder();
	const { user } = openDashboard(
		aShop({ orders: [order] }),
		"/dashboard/my-orders",
	);
	const card = await screen.findByRole("article", {
		name: "Circular Saw and 1 more",
	});
	expect(card).toHaveTextContent("Tracking number: JD014600003SE (DHL)");
	expect(card).toHaveTextContent("Refunded $12.50");
	expect(
		within(card).getByRole("link", { name: "Invoice 2026-000001 (PDF)" }),
	).toHaveAttribute("download", "invoice-2026-000001.pdf");
	expect(
		within(card).getByRole("link", {
			name: "Credit note CN-2026-000002 (PDF)",
		}),
	).toHaveAttribute("href", `/api/invoices/${anInvoice(2).id}/pdf`);

	await user.click(
		within(card).getByRole("link", {
			name: "View order of Circular Saw and 1 more",
		}),
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Your order" }),
	).toBeVisible();
	expect(
		await screen.findByRole("table", { name: "Tools ordered" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "My Orders" })).toHaveAttribute(
		"aria-current",
		"page",
	);
});
