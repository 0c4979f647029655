import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import type { Order } from "../../../shared/orders.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse, jsonResponse } from "../../test-support/fake-api.ts";
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

/** Dana's order paid by invoice: $300.00, invoice 2026-000004, due on 20 December 2026. */
function anInvoiceOrder(changes: Partial<Order> = {}): Order {
	return anOrder(9, {
		email: "dana@example.com",
		user_name: "Dana Reyes",
		total_cents: 30_000,
		payment_method: "invoice",
		due_at: "2026-12-20T09:00:00.000Z",
		pay_by: null,
		invoices: [anInvoice(4, { total_cents: 30_000 })],
		...changes,
	});
}

/**
 * The shop's answer to recording an invoice's payment, as the server gives it: the order paid
 * under its reference, or 409 once it is paid or cancelled.
 */
function recordInvoicePayments(shop: Shop) {
	return (request: SentRequest): Response | undefined => {
		const orderId = /^\/api\/admin\/orders\/([^/]+)\/invoice-payment$/.exec(
			request.url.pathname,
		)?.[1];
		if (!orderId || request.method !== "POST") return undefined;
		const index = shop.orders.findIndex((order) => order.id === orderId);
		const order = shop.orders[index];
		if (!order) return errorResponse(404, "NOT_FOUND", "Order not found");
		if (order.status !== "unpaid")
			return errorResponse(409, "CONFLICT", "This invoice is already paid.");
		const paid: Order = {
			...order,
			status: "paid",
			payment_id: (request.body as { reference: string }).reference,
			paid_at: new Date().toISOString(),
		};
		shop.orders[index] = paid;
		shop.events[orderId] = [
			...(shop.events[orderId] ?? []),
			anEvent(30, "paid", { actor: "admin", actor_email: admin.email }),
		];
		return jsonResponse({
			...paid,
			events: shop.events[orderId],
			refunds: [],
		});
	};
}

async function openInvoiceOrder(
	order: Order,
	answer?: (shop: Shop) => (request: SentRequest) => Response | undefined,
) {
	const shop = aShop({
		me: { ...aShop().me, ...admin },
		orders: [order],
		events: { [order.id]: [anEvent(0, "placed")] },
	});
	const sent = serveOrders(shop, (answer ?? recordInvoicePayments)(shop));
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

const paymentPosts = (sent: SentRequest[]) =>
	sent
		.filter((request) => request.url.pathname.endsWith("/invoice-payment"))
		.map((request) => request.body);

test("'Record payment' of an unpaid invoice asks for the transfer's reference, sends it, and the order shows paid", async () => {
	const order = anInvoiceOrder();
	const { sent, user } = await openInvoiceOrder(order);
	expect(screen.getByRole("region", { name: "Order" })).toHaveTextContent(
		"PaymentBy invoice, due December 20, 2026",
	);
	await user.click(screen.getByRole("button", { name: "Record payment" }));
	const dialog = screen.getByRole("dialog", {
		name: "Record the invoice's payment",
	});
	expect(dialog).toHaveTextContent(
		"Invoice 2026-000004 for $300.00, due December 20, 2026. The order is marked paid under the same invoice.",
	);
	const reference = within(dialog).getByLabelText("Payment reference");
	expect(reference).toHaveFocus();
	await user.click(
		within(dialog).getByRole("button", { name: "Record payment" }),
	);
	expect(reference).toHaveAccessibleDescription(
		"The bank transfer's id, as the bank statement shows it Payment reference is required",
	);
	expect(paymentPosts(sent)).toEqual([]);

	await user.type(reference, "  BANK-TRF-5521 ");
	await user.click(
		within(dialog).getByRole("button", { name: "Record payment" }),
	);
	expect(
		await screen.findByText(
			"The invoice's payment is recorded: the order is paid",
		),
	).toBeVisible();
	expect(paymentPosts(sent)).toEqual([{ reference: "BANK-TRF-5521" }]);
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(await screen.findByText("Paid", { selector: ".badge" })).toBeVisible();
	expect(screen.getByRole("region", { name: "Order" })).toHaveTextContent(
		"PaymentBy invoice",
	);
	expect(screen.queryByRole("button", { name: "Record payment" })).toBeNull();
	expect(screen.getByRole("button", { name: "Mark shipped" })).toBeVisible();
});

test("a payment the shop refuses (409) says why in the dialog and keeps the reference typed", async () => {
	const order = anInvoiceOrder();
	const { user } = await openInvoiceOrder(
		order,
		() => (request) =>
			request.url.pathname.endsWith("/invoice-payment")
				? errorResponse(409, "CONFLICT", "This invoice is already paid.")
				: undefined,
	);
	await user.click(screen.getByRole("button", { name: "Record payment" }));
	const dialog = screen.getByRole("dialog", {
		name: "Record the invoice's payment",
	});
	await user.type(
		within(dialog).getByLabelText("Payment reference"),
		"BANK-TRF-9",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Record payment" }),
	);
	expect(await within(dialog).findByRole("alert")).toHaveTextContent(
		"Error: This invoice is already paid.",
	);
	expect(within(dialog).getByLabelText("Payment reference")).toHaveValue(
		"BANK-TRF-9",
	);
});

test("an unpaid order to be paid by card offers no 'Record payment': its customer pays it", async () => {
	const cardOrder = anInvoiceOrder({
		payment_method: "card",
		due_at: null,
		invoices: [],
	});
	await openInvoiceOrder(cardOrder);
	expect(screen.getByText("Waiting for the customer's payment.")).toBeVisible();
	expect(screen.queryByRole("button", { name: "Record payment" })).toBeNull();
});
