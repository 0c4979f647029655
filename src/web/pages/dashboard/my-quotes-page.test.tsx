import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import type { AdminQuote } from "../../../shared/quotes.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { customer } from "../../test-support/fake-orders.ts";
import { aQuote, serveQuotes } from "../../test-support/fake-quotes.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openMyQuotes(quotes: AdminQuote[]) {
	const sent = serveQuotes(quotes, customer);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/my-quotes" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Quotes" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const cardOf = (toolName: string) =>
	screen.getByRole("article", { name: toolName });

const requested = aQuote(1, {
	tool_name: "Hammer Drill",
	sku: "HD-2000",
	quantity: 500,
	wanted_price_cents: 1999,
	needed_by: "2026-12-20",
	customer_note: "For a school workshop",
});
const answered = aQuote(2, {
	tool_name: "Panel Saw",
	status: "answered",
	quantity: 30,
	unit_price_cents: 2150,
	total_cents: 64_500,
	valid_until: "2026-12-24",
	admin_note: "Free delivery included.",
	answered_at: "2026-11-25T09:00:00.000Z",
});
const accepted = aQuote(3, {
	tool_name: "Bar Clamp",
	status: "accepted",
	unit_price_cents: 900,
	total_cents: 45_000,
	valid_until: "2026-12-01",
	order_id: "20000000-0000-4000-8000-000000000003",
});
const lapsed = aQuote(4, {
	tool_name: "Mitre Saw",
	status: "lapsed",
	unit_price_cents: 15_000,
	total_cents: 750_000,
	valid_until: "2026-11-20",
});

test("My Quotes lists the customer's quotes newest first, with what was asked, the shop's answer and the next step of each", async () => {
	const { sent } = await openMyQuotes([requested, answered, accepted, lapsed]);
	await screen.findByRole("article", { name: "Hammer Drill" });
	expect(
		screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent),
	).toEqual(["Mitre Saw", "Bar Clamp", "Panel Saw", "Hammer Drill"]);

	const asked = cardOf("Hammer Drill");
	expect(
		within(asked).getByText("Requested", { selector: ".badge" }),
	).toBeVisible();
	expect(asked).toHaveTextContent("HD-2000");
	expect(asked).toHaveTextContent("Pieces500 pieces");
	expect(asked).toHaveTextContent("Wanted price$19.99 each");
	expect(asked).toHaveTextContent("Needed byDecember 20, 2026");
	expect(asked).toHaveTextContent("NoteFor a school workshop");
	expect(
		within(asked).getByRole("button", {
			name: "Withdraw the request for Hammer Drill",
		}),
	).toBeVisible();
	expect(within(asked).queryByRole("link")).toBeNull();

	const offer = cardOf("Panel Saw");
	expect(offer).toHaveTextContent("Unit price$21.50");
	expect(offer).toHaveTextContent("Total$645.00");
	expect(offer).toHaveTextContent("Valid untilDecember 24, 2026");
	expect(offer).toHaveTextContent("From the shop: Free delivery included.");
	expect(
		within(offer).getByRole("link", { name: "Accept the quote for Panel Saw" }),
	).toHaveAttribute("href", `/dashboard/my-quotes/${answered.id}`);

	expect(
		within(cardOf("Bar Clamp")).getByRole("link", {
			name: "View the order of Bar Clamp",
		}),
	).toHaveAttribute("href", `/dashboard/my-orders/${accepted.order_id}`);

	const old = cardOf("Mitre Saw");
	expect(within(old).getByText("Lapsed", { selector: ".badge" })).toBeVisible();
	expect(old).toHaveTextContent("Was valid untilNovember 20, 2026");
	expect(
		within(old).getByRole("link", { name: "Ask again for Mitre Saw" }),
	).toHaveAttribute("href", `/dashboard/quotes/new?tool=${lapsed.tool_id}`);
	expect(within(old).queryByRole("button")).toBeNull();

	expect(
		sent
			.filter((request) => request.url.pathname === "/api/quotes")
			.map((request) => request.url.search),
	).toEqual(["?page=1&page_size=9"]);
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "My Quotes" })).toHaveAttribute(
		"aria-current",
		"page",
	);
});

test("withdrawing a request asks first, then sends the withdraw, says so and shows it withdrawn", async () => {
	const { sent, user } = await openMyQuotes([{ ...requested }]);
	await user.click(
		await screen.findByRole("button", {
			name: "Withdraw the request for Hammer Drill",
		}),
	);
	const dialog = screen.getByRole("dialog", { name: "Withdraw this request?" });
	expect(dialog).toHaveTextContent(
		"The shop will not answer your request for 500 × Hammer Drill",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Withdraw request" }),
	);
	expect(
		await screen.findByText("Request for Hammer Drill withdrawn"),
	).toBeVisible();
	const card = cardOf("Hammer Drill");
	expect(
		await within(card).findByText("Withdrawn", { selector: ".badge" }),
	).toBeVisible();
	expect(
		within(card).getByRole("link", { name: "Ask again for Hammer Drill" }),
	).toBeVisible();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => request.url.pathname),
	).toEqual([`/api/quotes/${requested.id}/withdraw`]);
});

test("keeping a request in the dialog sends nothing", async () => {
	const { sent, user } = await openMyQuotes([{ ...requested }]);
	await user.click(
		await screen.findByRole("button", {
			name: "Withdraw the request for Hammer Drill",
		}),
	);
	await user.click(screen.getByRole("button", { name: "Keep it" }));
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(sent.filter((request) => request.method === "POST")).toEqual([]);
});

test("a customer without quotes is told so, with the way to the tools", async () => {
	await openMyQuotes([]);
	expect(await screen.findByText("No quote requests yet")).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Browse the tools" }),
	).toHaveAttribute("href", "/#latest-tools");
});
