import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type {
	WebhookDeliveryDetail,
	WebhookEndpoint,
} from "../../../shared/webhooks.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { customer } from "../../test-support/fake-orders.ts";
import {
	aDelivery,
	anEndpoint,
	payloadOf,
	serveWebhooks,
	type WebhookRequest,
} from "../../test-support/fake-webhooks.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

afterEach(() => {
	vi.useRealTimers();
});

const erp = anEndpoint(1, {
	url: "https://erp.example.com/hooks/orders",
	description: "ERP: orders as they happen",
	events: ["order.placed", "order.paid"],
});
const deliveriesPath = `/dashboard/webhooks/${erp.id}`;

/** Taken at once. */
const placed = aDelivery(1, { event_id: "evt_01PlacedA1b2" });
/** Refused once, then not reached; tried again at 9:06. */
const paid = aDelivery(2, {
	event: "order.paid",
	event_id: "evt_02PaidC3d4",
	payload: payloadOf(
		"evt_02PaidC3d4",
		"order.paid",
		"2026-11-26T09:02:00.000Z",
	),
	status: "pending",
	attempts: 2,
	next_attempt_at: "2026-11-26T09:06:00.000Z",
	last_status_code: null,
	last_error: "No answer within 10 s",
	delivered_at: null,
	attempt_log: [
		{
			attempted_at: "2026-11-26T09:02:01.000Z",
			status_code: 503,
			error: "The receiver answered 503",
			duration_ms: 812,
		},
		{
			attempted_at: "2026-11-26T09:02:31.000Z",
			status_code: null,
			error: "No answer within 10 s",
			duration_ms: 10000,
		},
	],
});
/** Given up on after 10 attempts. */
const failed = aDelivery(3, {
	event_id: "evt_03FailedE5f6",
	status: "failed",
	attempts: 10,
	last_status_code: 500,
	last_error: "The receiver answered 500",
	delivered_at: null,
});

async function openDeliveries(
	{
		endpoints = [erp],
		deliveries = [placed, paid, failed],
	}: {
		endpoints?: WebhookEndpoint[];
		deliveries?: WebhookDeliveryDetail[];
	} = {},
	url = deliveriesPath,
	options: Parameters<typeof serveWebhooks>[1] = {},
) {
	const sent = serveWebhooks({ endpoints, deliveries }, options);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: /^(Webhook deliveries|Webhooks)$/,
		}),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const deliveryTable = () =>
	screen.getByRole("table", { name: "Deliveries, newest first" });
/** The table's rows as the cells read, header row and actions left out. */
const shownRows = () =>
	within(deliveryTable())
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.slice(0, -1)
				.map((cell) => cell.textContent),
		);
const deliverySearches = (sent: WebhookRequest[]) =>
	sent
		.filter((request) => request.url.pathname.endsWith("/deliveries"))
		.map((request) => request.url.search);

test("an endpoint's Deliveries link leads to its deliveries, newest first, each with its event, status, attempts, last answer and time", async () => {
	const { sent, user } = await openDeliveries({}, "/dashboard/webhooks");
	await user.click(
		await screen.findByRole("link", { name: `Deliveries: ${erp.url}` }),
	);
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "Webhook deliveries",
		}),
	).toBeVisible();
	await screen.findByRole("table", { name: "Deliveries, newest first" });
	expect(await screen.findByText(erp.url)).toBeVisible();
	expect(screen.getByText("ERP: orders as they happen")).toBeVisible();
	expect(shownRows()).toEqual([
		[
			"Order placedevt_03FailedE5f6Made Nov 26, 2026, 9:03 AM",
			"Failed10 attempts",
			"The receiver answered 500",
		],
		[
			"Order paidevt_02PaidC3d4Made Nov 26, 2026, 9:02 AM",
			"Pending2 attemptsNext attempt Nov 26, 2026, 9:06 AM",
			"No answer within 10 s",
		],
		[
			"Order placedevt_01PlacedA1b2Made Nov 26, 2026, 9:01 AM",
			"Delivered1 attemptDelivered Nov 26, 2026, 9:01 AM",
			"HTTP 200",
		],
	]);
	expect(
		screen.getByRole("button", {
			name: "Send again: Order placed, evt_01PlacedA1b2",
		}),
	).toBeVisible();
	expect(screen.getByRole("link", { name: "← Webhooks" })).toHaveAttribute(
		"href",
		"/dashboard/webhooks",
	);
	expect(document.title).toBe("Webhook deliveries · Tools Gallery");
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "Webhooks" })).toHaveAttribute(
		"aria-current",
		"page",
	);
	expect(deliverySearches(sent)).toEqual(["?page=1&page_size=20"]);
});

test("a delivery's details show the payload as sent, indented, and every attempt oldest first", async () => {
	const { user } = await openDeliveries();
	await user.click(
		await screen.findByRole("button", {
			name: "Details: Order paid, evt_02PaidC3d4",
		}),
	);
	const dialog = await screen.findByRole("dialog", {
		name: "Delivery: Order paid",
	});
	const payload = await within(dialog).findByRole("region", {
		name: "Payload",
	});
	expect(payload.querySelector("pre")?.textContent).toBe(
		JSON.stringify(JSON.parse(paid.payload), null, 2),
	);
	expect(within(dialog).getByText("evt_02PaidC3d4")).toBeVisible();
	expect(within(dialog).getByText("Next attempt")).toBeVisible();
	const attempts = within(dialog).getByRole("table", {
		name: "Attempts, oldest first",
	});
	expect(
		within(attempts)
			.getAllByRole("row")
			.map((row) =>
				within(row)
					.queryAllByRole("cell")
					.map((cell) => cell.textContent),
			)
			.slice(1),
	).toEqual([
		["Nov 26, 2026, 9:02:01 AM", "503", "The receiver answered 503", "812 ms"],
		[
			"Nov 26, 2026, 9:02:31 AM",
			"no answer",
			"No answer within 10 s",
			"10000 ms",
		],
	]);
	await user.click(within(dialog).getByRole("button", { name: "Close" }));
	expect(screen.queryByRole("dialog")).toBeNull();
});

test("'Send again' sends the event once more and shows the delivery pending, due now", async () => {
	const { sent, user } = await openDeliveries();
	await user.click(
		await screen.findByRole("button", {
			name: "Send again: Order placed, evt_01PlacedA1b2",
		}),
	);
	expect(await screen.findByText("Delivery queued again")).toBeVisible();
	const posts = sent.filter((request) => request.method === "POST");
	expect(posts.map(({ url, body }) => [url.pathname, body])).toEqual([
		[`/api/admin/webhook-deliveries/${placed.id}/replay`, undefined],
	]);
	await waitFor(() =>
		expect(shownRows()[2]).toEqual([
			"Order placedevt_01PlacedA1b2Made Nov 26, 2026, 9:01 AM",
			"Pending0 attemptsNext attempt Nov 27, 2026, 10:00 AM",
			"HTTP 200",
		]),
	);
});

test("while a delivery is pending the page is read again every 5 s, and no more once none is", async () => {
	vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
	const deliveries = [placed, paid];
	const { sent } = await openDeliveries({ deliveries });
	await screen.findByRole("table", { name: "Deliveries, newest first" });
	expect(deliverySearches(sent)).toHaveLength(1);
	// The shop takes it meanwhile.
	deliveries[1] = { ...paid, status: "delivered", attempts: 3 };
	await vi.advanceTimersByTimeAsync(5_000);
	await waitFor(() => expect(shownRows()[0]?.[1]).toBe("Delivered3 attempts"));
	expect(deliverySearches(sent)).toHaveLength(2);
	await vi.advanceTimersByTimeAsync(15_000);
	expect(deliverySearches(sent)).toHaveLength(2);
});

test("the deliveries come 20 a page, the page in the address", async () => {
	const deliveries = Array.from({ length: 23 }, (_, index) =>
		aDelivery(index + 1),
	);
	const { sent, user } = await openDeliveries({ deliveries });
	await screen.findByRole("table", { name: "Deliveries, newest first" });
	expect(shownRows()).toHaveLength(20);
	const pages = screen.getByRole("navigation", { name: "Pages of deliveries" });
	expect(pages).toHaveTextContent("Page 1 of 2");
	await user.click(within(pages).getByRole("button", { name: "Next" }));
	expect(await within(pages).findByText("Page 2 of 2")).toBeVisible();
	expect(shownRows().map((row) => row[0]?.replace(/Made .*/, ""))).toEqual([
		"Order placedevt_0003Q7xWm2Lp",
		"Order placedevt_0002Q7xWm2Lp",
		"Order placedevt_0001Q7xWm2Lp",
	]);
	expect(deliverySearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=2&page_size=20",
	]);
});

test("an endpoint with nothing sent yet says when deliveries appear", async () => {
	await openDeliveries({ deliveries: [] });
	expect(
		await screen.findByText(
			"Nothing sent yet: deliveries appear here once an event this endpoint asks for happens",
		),
	).toBeVisible();
});

test("an endpoint the shop no longer knows says so, with the way back to Webhooks", async () => {
	await openDeliveries(
		{ endpoints: [anEndpoint(2)] },
		`/dashboard/webhooks/${erp.id}`,
	);
	const gone = await screen.findByRole("alert");
	expect(gone).toHaveTextContent("This endpoint no longer exists");
	expect(gone).toHaveTextContent(
		"It may have been removed, and its deliveries with it.",
	);
	expect(
		screen.getByRole("link", { name: "Back to Webhooks" }),
	).toHaveAttribute("href", "/dashboard/webhooks");
	expect(screen.queryByRole("table")).toBeNull();
});

test("a customer who opens an endpoint's deliveries is sent to their own dashboard", async () => {
	const sent = serveWebhooks(
		{ endpoints: [erp], deliveries: [placed] },
		{ me: customer },
	);
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: deliveriesPath,
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	expect(deliverySearches(sent)).toEqual([]);
});
