import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import {
	type AdminQuote,
	addDays,
	utcDay,
} from "../../../shared/quotes.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { admin } from "../../test-support/fake-catalog.ts";
import {
	aQuote,
	type QuoteRequest,
	serveQuotes,
} from "../../test-support/fake-quotes.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

async function openRequests(quotes: AdminQuote[]) {
	const sent = serveQuotes(quotes, admin);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/quote-requests" },
	);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Quote Requests" }),
	).toBeVisible();
	return { sent, user: userEvent.setup() };
}

const requestTable = () =>
	screen.getByRole("table", { name: "Quote requests, newest first" });
/** The table's rows as the cells read, header row and actions left out. */
const shownRows = () =>
	within(requestTable())
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.slice(0, -1)
				.map((cell) => cell.textContent),
		);
const listSearches = (sent: QuoteRequest[]) =>
	sent
		.filter(
			(request) =>
				request.url.pathname === "/api/admin/quotes" &&
				request.method === "GET",
		)
		.map((request) => request.url.search);

const asked = () =>
	aQuote(1, {
		tool_name: "Hammer Drill",
		sku: "HD-2000",
		quantity: 500,
		wanted_price_cents: 1999,
		needed_by: "2026-12-20",
		customer_note: "For a school workshop",
		email: "quinn@example.com",
		user_name: "Quinn Quoter",
	});
const answered = () =>
	aQuote(2, {
		tool_name: "Panel Saw",
		status: "answered",
		quantity: 30,
		unit_price_cents: 2150,
		total_cents: 64_500,
		valid_until: "2026-12-24",
		answered_at: "2026-11-25T09:00:00.000Z",
		answered_by_email: "ada@example.com",
	});

test("Quote Requests lists the requests newest first: who, what was asked, where each stands since when, and the answer", async () => {
	const { sent } = await openRequests([asked(), answered()]);
	await screen.findByRole("table", { name: "Quote requests, newest first" });
	expect(shownRows()).toEqual([
		[
			"Buyer 2buyer2@example.com",
			"Panel SawTG-00000230 pieces",
			"—",
			"AnsweredAsked Nov 24, 2026",
			"$21.50 each$645.00 in allUntil December 24, 2026By ada@example.com",
		],
		[
			"Quinn Quoterquinn@example.com",
			"Hammer DrillHD-2000500 pieces",
			"Wants $19.99 eachBy December 20, 2026“For a school workshop”",
			"RequestedAsked Nov 24, 2026",
			"—",
		],
	]);
	expect(
		screen.getByRole("button", {
			name: "Answer again the request of buyer2@example.com for Panel Saw",
		}),
	).toBeVisible();
	expect(listSearches(sent)).toEqual(["?page=1&page_size=20"]);
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(
		within(menu).getByRole("link", { name: "Quote Requests" }),
	).toHaveAttribute("aria-current", "page");
});

test("'Answer' sends the unit price, the last day and a note, says so and shows the request answered", async () => {
	const { sent, user } = await openRequests([asked()]);
	await user.click(
		await screen.findByRole("button", {
			name: "Answer the request of quinn@example.com for Hammer Drill",
		}),
	);
	const dialog = screen.getByRole("dialog", { name: "Answer the request" });
	expect(dialog).toHaveTextContent("for Quinn Quoter (quinn@example.com)");
	expect(dialog).toHaveTextContent("NoteFor a school workshop");
	const validUntil = addDays(utcDay(), 30);
	await user.type(
		within(dialog).getByLabelText("Unit price in dollars"),
		"18.75",
	);
	await user.clear(within(dialog).getByLabelText(/^Valid until/));
	await user.type(within(dialog).getByLabelText(/^Valid until/), validUntil);
	await user.type(
		within(dialog).getByLabelText("Note for the customer (optional)"),
		"Delivery in two weeks.",
	);
	await user.click(within(dialog).getByRole("button", { name: "Send answer" }));
	expect(
		await screen.findByText("Answer sent to quinn@example.com"),
	).toBeVisible();
	expect(screen.queryByRole("dialog")).toBeNull();
	expect(
		await within(requestTable()).findByText("Answered", { selector: ".badge" }),
	).toBeVisible();
	expect(within(requestTable()).getByText("$9,375.00 in all")).toBeVisible();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => [request.url.pathname, request.body]),
	).toEqual([
		[
			`/api/admin/quotes/${asked().id}/answer`,
			{
				unit_price: "18.75",
				valid_until: validUntil,
				note: "Delivery in two weeks.",
			},
		],
	]);
});

test("an answer without a price, or valid until a day gone, is refused in the dialog and not sent", async () => {
	const { sent, user } = await openRequests([asked()]);
	await user.click(
		await screen.findByRole("button", {
			name: "Answer the request of quinn@example.com for Hammer Drill",
		}),
	);
	const dialog = screen.getByRole("dialog", { name: "Answer the request" });
	await user.clear(within(dialog).getByLabelText(/^Valid until/));
	await user.type(
		within(dialog).getByLabelText(/^Valid until/),
		addDays(utcDay(), -1),
	);
	await user.click(within(dialog).getByRole("button", { name: "Send answer" }));
	expect(
		await within(dialog).findByText("Unit price is required"),
	).toBeVisible();
	expect(
		within(dialog).getByText("Valid until must be today or later"),
	).toBeVisible();
	expect(sent.filter((request) => request.method === "POST")).toEqual([]);
});

test("'Decline' sends the note and shows the request declined", async () => {
	const { sent, user } = await openRequests([asked()]);
	await user.click(
		await screen.findByRole("button", {
			name: "Decline the request of quinn@example.com for Hammer Drill",
		}),
	);
	const dialog = screen.getByRole("dialog", { name: "Decline the request" });
	await user.type(
		within(dialog).getByLabelText("Note for the customer (optional)"),
		"We cannot source that many.",
	);
	await user.click(
		within(dialog).getByRole("button", { name: "Decline request" }),
	);
	expect(
		await screen.findByText("Request of quinn@example.com declined"),
	).toBeVisible();
	expect(
		await within(requestTable()).findByText("Declined", { selector: ".badge" }),
	).toBeVisible();
	expect(within(requestTable()).queryByRole("button")).toBeNull();
	expect(
		sent
			.filter((request) => request.method === "POST")
			.map((request) => [request.url.pathname, request.body]),
	).toEqual([
		[
			`/api/admin/quotes/${asked().id}/decline`,
			{ note: "We cannot source that many." },
		],
	]);
});

test("a request whose account was removed says so and can only be declined", async () => {
	await openRequests([aQuote(1, { has_account: false })]);
	await screen.findByRole("table", { name: "Quote requests, newest first" });
	expect(within(requestTable()).getByText("Account removed")).toBeVisible();
	expect(
		within(requestTable())
			.getAllByRole("button")
			.map((button) => button.textContent),
	).toEqual(["Decline"]);
});

test("choosing a status asks for the requests of that status; none says so", async () => {
	const { sent, user } = await openRequests([asked()]);
	await screen.findByRole("table", { name: "Quote requests, newest first" });
	await user.selectOptions(screen.getByLabelText("Status"), "Lapsed");
	expect(await screen.findByText("No lapsed quote requests")).toBeVisible();
	expect(listSearches(sent)).toEqual([
		"?page=1&page_size=20",
		"?page=1&page_size=20&status=lapsed",
	]);
});
