import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { addDays, utcDay } from "../../../shared/quotes.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse, jsonResponse } from "../../test-support/fake-api.ts";
import { aTool } from "../../test-support/fake-catalog.ts";
import { customer } from "../../test-support/fake-orders.ts";
import { aQuote } from "../../test-support/fake-quotes.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const drill = aTool(7, {
	tool_name: "Hammer Drill",
	available_quantity: 40,
	minimum_quantity: 10,
	pack_size: 5,
});

/** The shop for the request page: the tool, the session, and POST /api/quotes as `answer` says. */
function serveRequestPage(answer: (body: unknown) => Response) {
	const posted: unknown[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			if (url.pathname === "/api/session")
				return jsonResponse({ me: customer });
			if (url.pathname === `/api/tools/${drill.id}`) return jsonResponse(drill);
			if (url.pathname === "/api/quotes" && init?.method === "POST") {
				const body = JSON.parse(String(init.body));
				posted.push(body);
				return answer(body);
			}
			if (url.pathname === "/api/quotes")
				return jsonResponse({ items: [], page: 1, page_size: 9, total: 0 });
			throw new Error(`No answer for ${url.pathname}`);
		},
	);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: `/dashboard/quotes/new?tool=${drill.id}` },
	);
	return { posted, user: userEvent.setup() };
}

test("the request form shows the tool, sends the quantity and only the fields filled in, and goes on to My Quotes", async () => {
	const neededBy = addDays(utcDay(), 20);
	const { posted, user } = serveRequestPage(() =>
		jsonResponse(
			aQuote(1, {
				tool_id: drill.id,
				tool_name: "Hammer Drill",
				quantity: 200,
			}),
			201,
		),
	);
	expect(
		await screen.findByRole("heading", { level: 2, name: "Hammer Drill" }),
	).toBeVisible();
	expect(
		screen.getByText(
			"At least 10 pieces, in packs of 5. More than the stock is fine.",
		),
	).toBeVisible();
	const quantity = screen.getByLabelText("Quantity");
	expect(quantity).toHaveValue(10);
	await user.clear(quantity);
	await user.type(quantity, "200");
	await user.type(screen.getByLabelText("Needed by (optional)"), neededBy);
	await user.click(screen.getByRole("button", { name: "Request quote" }));
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Quotes" }),
	).toBeVisible();
	expect(
		await screen.findByText(
			"Quote requested for 200 × Hammer Drill: we mail you the answer",
		),
	).toBeVisible();
	expect(posted).toEqual([
		{ tool_id: drill.id, quantity: 200, needed_by: neededBy },
	]);
});

test("a quantity below the minimum or between packs, or a price that is not one, is refused beside its field and nothing is sent", async () => {
	const { posted, user } = serveRequestPage(() => jsonResponse({}, 500));
	const quantity = await screen.findByLabelText("Quantity");
	await user.clear(quantity);
	await user.type(quantity, "12");
	await user.type(
		screen.getByLabelText("Wanted unit price in dollars (optional)"),
		"12.345",
	);
	await user.click(screen.getByRole("button", { name: "Request quote" }));
	expect(await screen.findByText("Order in packs of 5 pieces.")).toBeVisible();
	expect(
		screen.getByText("Wanted price must be a number with at most two decimals"),
	).toBeVisible();
	await user.clear(quantity);
	await user.type(quantity, "5");
	await user.click(screen.getByRole("button", { name: "Request quote" }));
	expect(
		await screen.findByText("Your minimum order is 10 pieces."),
	).toBeVisible();
	expect(posted).toEqual([]);
});

test("a request the shop refuses for the open requests held says why above the form", async () => {
	const message =
		"You have 10 open quote requests, the most an account can hold. Withdraw one in My Quotes, or wait for the shop's answers, to ask for another.";
	const { posted, user } = serveRequestPage(() =>
		errorResponse(409, "CONFLICT", message),
	);
	await user.click(
		await screen.findByRole("button", { name: "Request quote" }),
	);
	expect(await screen.findByRole("alert")).toHaveTextContent(
		`Error: ${message}`,
	);
	expect(posted).toHaveLength(1);
});
