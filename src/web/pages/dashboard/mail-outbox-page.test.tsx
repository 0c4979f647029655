import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import type { OutboxMail } from "../../../shared/mail-outbox.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import {
	aMail,
	type MailRequest,
	serveMailOutbox,
} from "../../test-support/fake-mail-outbox.ts";
import { customer } from "../../test-support/fake-orders.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openMail(mails: OutboxMail[], url = "/dashboard/mail-outbox") {
	const sent = serveMailOutbox(mails);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Mail" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const mailTable = () =>
	screen.getByRole("table", { name: "Outgoing mail, newest first" });
/** The table's rows as the cells read, header row and actions left out. */
const shownRows = () =>
	within(mailTable())
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.slice(0, -1)
				.map((cell) => cell.textContent),
		);
const listSearches = (sent: MailRequest[]) =>
	sent
		.filter(
			(request) =>
				request.url.pathname === "/api/admin/mail-outbox" &&
				request.method === "GET",
		)
		.map((request) => request.url.search);

const failed = aMail(2, {
	to: "dana@example.com",
	subject: "Your order has shipped",
	kind: "order-shipped",
	status: "failed",
	attempts: 10,
	last_error: "550 Mailbox unavailable",
	failed_at: "2026-11-24T15:02:00.000Z",
});

test("the Mail page lists the mail not sent yet, newest first, with its address, subject, kind, status, attempts, last error and times", async () => {
	const { sent } = await openMail([
		aMail(1, {
			attempts: 2,
			last_error: "Connection refused",
			send_after: "2026-11-24T12:05:00.000Z",
		}),
		failed,
		aMail(3, { status: "sent", sent_at: "2026-11-24T12:04:00.000Z" }),
	]);
	await screen.findByRole("table", { name: "Outgoing mail, newest first" });
	expect(shownRows()).toEqual([
		[
			"dana@example.com",
			"Your order has shippedorder-shipped",
			"Failed10 attempts",
			"550 Mailbox unavailable",
			"Created Nov 24, 2026, 12:02 PMFailed Nov 24, 2026, 3:02 PM",
		],
		[
			"customer1@example.com",
			"Your order 1 is confirmedorder-confirmed",
			"Pending2 attempts",
			"Connection refused",
			"Created Nov 24, 2026, 12:01 PMNext try Nov 24, 2026, 12:05 PM",
		],
	]);
	expect(
		screen
			.getAllByRole("button", { name: /^Retry/ })
			.map((button) => button.getAttribute("aria-label")),
	).toEqual(["Retry the mail “Your order has shipped” to dana@example.com"]);
	expect(listSearches(sent)).toEqual(["?page=1&page_size=20"]);
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "Mail" })).toHaveAttribute(
		"aria-current",
		"page",
	);
});

test("'Retry' sends a failed mail again, says so and shows it pending", async () => {
	const { sent, user } = await openMail([failed]);
	await user.click(
		await screen.findByRole("button", {
			name: "Retry the mail “Your order has shipped” to dana@example.com",
		}),
	);
	expect(
		await screen.findByText("The mail to dana@example.com will be sent again"),
	).toBeVisible();
	expect(
		await within(mailTable()).findByText("Pending", { selector: ".badge" }),
	).toBeVisible();
	expect(within(mailTable()).queryByRole("button")).toBeNull();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => request.url.pathname),
	).toEqual([`/api/admin/mail-outbox/${failed.id}/retry`]);
});

test("choosing 'Sent' asks for the sent mail, with the time each was sent", async () => {
	const { sent, user } = await openMail([
		failed,
		aMail(3, { status: "sent", sent_at: "2026-11-24T12:04:00.000Z" }),
	]);
	await screen.findByRole("table", { name: "Outgoing mail, newest first" });
	await user.selectOptions(screen.getByLabelText("Status"), "Sent");
	await within(mailTable()).findByText("customer3@example.com");
	expect(shownRows()).toEqual([
		[
			"customer3@example.com",
			"Your order 3 is confirmedorder-confirmed",
			"Sent0 attempts",
			"—",
			"Created Nov 24, 2026, 12:03 PMSent Nov 24, 2026, 12:04 PM",
		],
	]);
	expect(listSearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=1&page_size=20&status=sent",
	]);
});

test("with nothing left to send, the Mail page says 'No mail waiting'", async () => {
	await openMail([
		aMail(1, { status: "sent", sent_at: "2026-11-24T12:02:00.000Z" }),
	]);
	expect(await screen.findByText("No mail waiting")).toBeVisible();
});

test("Previous and Next page through the mail, 20 at a time", async () => {
	const { sent, user } = await openMail(
		Array.from({ length: 23 }, (_, n) => aMail(n + 1)),
	);
	await screen.findByRole("table", { name: "Outgoing mail, newest first" });
	expect(shownRows()).toHaveLength(20);
	const pager = screen.getByRole("navigation", { name: "Pages of mail" });
	await user.click(within(pager).getByRole("button", { name: "Next" }));
	await within(mailTable()).findByText("customer1@example.com");
	expect(shownRows()).toHaveLength(3);
	expect(listSearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=2&page_size=20",
	]);
});

test("the admin menu leads from Mail to Shop Settings", async () => {
	vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
		const { pathname } = new URL(String(input), window.location.href);
		if (pathname === "/api/session") return jsonResponse({ me: admin });
		if (pathname === "/api/shop-settings")
			return jsonResponse({
				shop_name: "Tools Gallery",
				legal_address: "",
				tax_id: "",
				contact_email: "",
				logo_url: null,
				currency: "USD",
				updated_at: null,
			});
		if (pathname === "/api/admin/mail-outbox")
			return jsonResponse({ items: [], page: 1, page_size: 20, total: 0 });
		throw new Error(`No answer for ${pathname}`);
	});
	const user = userEvent.setup();
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/mail-outbox",
	});
	await screen.findByText("No mail waiting");
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	await user.click(within(menu).getByRole("link", { name: "Shop Settings" }));
	expect(
		await screen.findByRole("heading", { level: 1, name: "Shop Settings" }),
	).toBeVisible();
	expect(await screen.findByLabelText("Shop name")).toHaveValue(
		"Tools Gallery",
	);
	expect(
		within(menu).getByRole("link", { name: "Shop Settings" }),
	).toHaveAttribute("aria-current", "page");
});

test("a customer's menu has no Mail or Shop Settings, and those pages send them to their profile", async () => {
	serveMailOutbox([failed], customer);
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/mail-outbox",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).queryByRole("link", { name: "Mail" })).toBeNull();
	expect(
		within(menu).queryByRole("link", { name: "Shop Settings" }),
	).toBeNull();
});
