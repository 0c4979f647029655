import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, onTestFinished, test, vi } from "vitest";
import type {
	SalesBucket,
	SalesPeriod,
	SalesReport,
} from "../../../shared/sales.schemas.ts";
import {
	createFakeApi,
	errorResponse,
	jsonResponse,
} from "../../test-support/fake-api.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import { customer } from "../../test-support/fake-orders.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const TODAY = "2026-11-25";
const VICE_ID = "30000000-0000-4000-8000-000000000001";

/** `count` empty buckets from `first`, `step` days apart (or a month apart), with some filled in. */
function bucketsFrom(
	first: string,
	count: number,
	next: (date: Date) => void,
	filled: Record<string, Partial<SalesBucket>>,
): SalesBucket[] {
	const date = new Date(`${first}T00:00:00.000Z`);
	return Array.from({ length: count }, () => {
		const start = date.toISOString().slice(0, 10);
		next(date);
		return {
			start,
			revenue_cents: 0,
			paid_orders: 0,
			orders: 0,
			...filled[start],
		};
	});
}

const nextDay = (date: Date) => date.setUTCDate(date.getUTCDate() + 1);
const nextWeek = (date: Date) => date.setUTCDate(date.getUTCDate() + 7);

/** The figures the server answers for a shop with three paid orders, by day or by week. */
function reportFor(period: SalesPeriod): SalesReport {
	const buckets =
		period === "week"
			? bucketsFrom("2026-09-07", 12, nextWeek, {
					"2026-11-16": { revenue_cents: 12_500, paid_orders: 1, orders: 1 },
					"2026-11-23": { revenue_cents: 47_300, paid_orders: 2, orders: 3 },
				})
			: bucketsFrom("2026-10-27", 30, nextDay, {
					"2026-11-22": { revenue_cents: 12_500, paid_orders: 1, orders: 1 },
					"2026-11-24": { revenue_cents: 47_300, paid_orders: 2, orders: 2 },
					"2026-11-25": { orders: 1 },
				});
	return {
		period,
		from: buckets[0]?.start ?? "",
		to: period === "week" ? "2026-11-29" : TODAY,
		buckets,
		revenue_cents: 59_800,
		paid_orders: 3,
		orders: 4,
		average_order_cents: 19_933,
		orders_by_status: [
			{ status: "unpaid", count: 1 },
			{ status: "paid", count: 2 },
			{ status: "shipped", count: 1 },
			{ status: "ready_for_collection", count: 0 },
			{ status: "delivered", count: 0 },
			{ status: "collected", count: 0 },
			{ status: "cancelled", count: 0 },
			{ status: "refunded", count: 0 },
		],
		top_tools: [
			{
				tool_id: "30000000-0000-4000-8000-000000000002",
				tool_name: "Pillar Drill",
				pieces: 2,
				revenue_cents: 39_800,
			},
		],
		low_stock: {
			total: 1,
			items: [
				{
					id: VICE_ID,
					tool_name: "Bench Vice",
					available_quantity: 0,
					minimum_quantity: 1,
				},
			],
		},
	};
}

/** A shop with nothing sold: every bucket empty, nothing running low either. */
function emptyReport(): SalesReport {
	return {
		...reportFor("day"),
		buckets: reportFor("day").buckets.map((bucket) => ({
			...bucket,
			revenue_cents: 0,
			paid_orders: 0,
			orders: 0,
		})),
		revenue_cents: 0,
		paid_orders: 0,
		orders: 0,
		average_order_cents: null,
		top_tools: [],
		low_stock: { total: 0, items: [] },
	};
}

/**
 * The shop's API for `me`, answering the sales figures with `answer`, on a clock standing at
 * TODAY (the page asks for the figures up to its own today).
 */
function serveSales(
	me: object,
	answer: (url: URL) => Response = (url) =>
		jsonResponse(
			reportFor(url.searchParams.get("period") === "week" ? "week" : "day"),
		),
) {
	vi.useFakeTimers({ toFake: ["Date"] });
	vi.setSystemTime(new Date(`${TODAY}T21:00:00.000Z`));
	onTestFinished(() => void vi.useRealTimers());
	const api = createFakeApi((url) => {
		if (url.pathname === "/api/session") return jsonResponse({ me });
		if (url.pathname === "/api/admin/sales") return answer(url);
		if (url.pathname === "/api/profile")
			return jsonResponse({
				name: customer.name,
				email: customer.email,
				image: null,
				address: null,
				city: null,
				state: null,
				zip: null,
				username: null,
				website: null,
				bio: null,
			});
		throw new Error(`No answer for ${url.pathname}`);
	});
	vi.stubGlobal("fetch", api.fetch);
	const salesRequests = () =>
		api.requests
			.filter((url) => url.pathname === "/api/admin/sales")
			.map((url) => url.search);
	return { salesRequests };
}

function openDashboard(url = "/dashboard") {
	renderWithProviders(<DashboardRoutes />, { path: "/dashboard/*", url });
}

/** The rows of a table as their cells (row headings included) read, the header row left out. */
const rowsOf = (table: HTMLElement) =>
	within(table)
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			[...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent),
		);

test("an admin's dashboard opens on the sales figures of the last 30 days up to today", async () => {
	const { salesRequests } = serveSales(admin);
	openDashboard();
	expect(
		await screen.findByRole("heading", { level: 1, name: "Sales" }),
	).toBeVisible();
	expect(document.title).toBe("Sales · Tools Gallery");
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).getByRole("link", { name: "Sales" })).toHaveAttribute(
		"aria-current",
		"page",
	);
	expect(
		await screen.findByRole("img", { name: /^Chart of revenue/ }),
	).toHaveAccessibleName(
		"Chart of revenue (bars) and orders placed (line) by day, last 30 days, Oct 27, 2026 – Nov 25, 2026: $598.00 of revenue in all, the most in Nov 24 ($473.00); 4 orders placed.",
	);
	expect(salesRequests()).toEqual([`?period=day&until=${TODAY}`]);

	const totals = screen
		.getAllByRole("definition")
		.map((item) => item.textContent);
	expect(totals).toEqual(
		expect.arrayContaining(["$598.00", "3", "4", "$199.33"]),
	);
	const byDay = screen.getByRole("table", {
		name: "Revenue and orders by day, Oct 27, 2026 – Nov 25, 2026 (UTC)",
	});
	const rows = rowsOf(byDay);
	expect(rows).toHaveLength(31);
	expect(rows.slice(-5)).toEqual([
		["Nov 22", "$125.00", "1", "1"],
		["Nov 23", "$0.00", "0", "0"],
		["Nov 24", "$473.00", "2", "2"],
		["Nov 25", "$0.00", "0", "1"],
		["Total", "$598.00", "3", "4"],
	]);
	expect(
		rowsOf(
			screen.getByRole("table", {
				name: "Orders placed in the period, by the status they have now",
			}),
		).slice(0, 3),
	).toEqual([
		["Unpaid", "1"],
		["Paid", "2"],
		["Shipped", "1"],
	]);
	expect(
		rowsOf(screen.getByRole("table", { name: /^Best-selling tools/ })),
	).toEqual([["Pillar Drill", "2", "$398.00"]]);
	const lowStock = screen.getByRole("table", { name: /^Tools running low/ });
	expect(rowsOf(lowStock)).toEqual([["Bench Vice", "0", "1"]]);
	expect(
		within(lowStock).getByRole("link", { name: "Bench Vice" }),
	).toHaveAttribute("href", `/dashboard/manage-products/${VICE_ID}/edit`);
});

test("choosing the last 12 weeks asks for weekly figures and shows them by week", async () => {
	const { salesRequests } = serveSales(admin);
	const user = userEvent.setup();
	openDashboard("/dashboard/sales");
	const days = await screen.findByRole("radio", { name: "Last 30 days" });
	expect(days).toBeChecked();
	await user.click(screen.getByRole("radio", { name: "Last 12 weeks" }));
	const byWeek = await screen.findByRole("table", {
		name: "Revenue and orders by week, Sep 7, 2026 – Nov 29, 2026 (UTC)",
	});
	expect(rowsOf(byWeek).slice(-3)).toEqual([
		["Week of Nov 16", "$125.00", "1", "1"],
		["Week of Nov 23", "$473.00", "2", "3"],
		["Total", "$598.00", "3", "4"],
	]);
	expect(screen.getByRole("radio", { name: "Last 12 weeks" })).toBeChecked();
	expect(salesRequests()).toEqual([
		`?period=day&until=${TODAY}`,
		`?period=week&until=${TODAY}`,
	]);
});

test("a shop with no orders in the period says so, and that no tool runs low", async () => {
	serveSales(admin, () => jsonResponse(emptyReport()));
	openDashboard();
	expect(
		await screen.findByText("No order was placed or paid in the last 30 days."),
	).toBeVisible();
	expect(screen.queryByRole("img", { name: /^Chart of revenue/ })).toBeNull();
	expect(
		screen.getByText(
			"Every tool has at least twice its minimum order in stock.",
		),
	).toBeVisible();
});

test("figures that fail to load say so, and Try again loads them", async () => {
	let calls = 0;
	serveSales(admin, () =>
		++calls === 1
			? errorResponse(
					500,
					"INTERNAL_ERROR",
					"Something went wrong on our side.",
				)
			: jsonResponse(reportFor("day")),
	);
	const user = userEvent.setup();
	openDashboard();
	expect(
		await screen.findByText("The sales figures could not be loaded"),
	).toBeVisible();
	await user.click(screen.getByRole("button", { name: "Try again" }));
	expect(
		await screen.findByRole("table", { name: /^Revenue and orders by day/ }),
	).toBeInTheDocument();
});

test("a customer's dashboard still opens on My Profile, and the sales page sends them there", async () => {
	const { salesRequests } = serveSales(customer);
	openDashboard("/dashboard/sales");
	expect(
		await screen.findByRole("heading", { level: 1, name: "My Profile" }),
	).toBeVisible();
	const menu = screen.getByRole("navigation", { name: "Dashboard" });
	expect(within(menu).queryByRole("link", { name: "Sales" })).toBeNull();
	await waitFor(() =>
		expect(
			within(menu).getByRole("link", { name: "My Profile" }),
		).toHaveAttribute("aria-current", "page"),
	);
	expect(salesRequests()).toEqual([]);
});
