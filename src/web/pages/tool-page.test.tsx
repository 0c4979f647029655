import { screen, waitFor, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import type { Tool } from "../../shared/tools.schemas.ts";
import {
	createFakeApi,
	errorResponse,
	jsonResponse,
} from "../test-support/fake-api.ts";
import { admin, aTool } from "../test-support/fake-catalog.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { ToolPage } from "./tool-page.tsx";

const drill: Tool = aTool(7, {
	tool_name: "Cordless Drill 18V",
	description: "Brushless, two batteries and a case.",
	sku: "DR18V-2",
	slug: "cordless-drill-18v-dr18v-2",
	price_cents: 2500,
	minimum_quantity: 10,
	available_quantity: 500,
	pack_size: 5,
	price_breaks: [
		{ min_quantity: 50, price_cents: 2250 },
		{ min_quantity: 200, price_cents: 1990 },
	],
});

function openToolPage(
	answer: () => Response,
	{ me = null }: { me?: typeof admin | null } = {},
) {
	const api = createFakeApi((url) =>
		url.pathname === "/api/session" ? jsonResponse({ me }) : answer(),
	);
	vi.stubGlobal("fetch", api.fetch);
	renderWithProviders(<ToolPage />, {
		path: "/tools/:slug",
		url: `/tools/${drill.slug}`,
	});
	return api;
}

test("a tool's page shows its photo, part number, figures, volume prices and 'Buy Now' to its purchase page", async () => {
	const api = openToolPage(() => jsonResponse(drill));

	expect(
		await screen.findByRole("heading", { level: 1, name: drill.tool_name }),
	).toBeVisible();
	const photo = screen.getByRole("img", { name: drill.tool_name });
	expect(photo).toHaveAttribute(
		"srcset",
		`${drill.img} 800w, ${drill.img_large} 1600w`,
	);
	const figures = screen
		.getAllByRole("term")
		.map((term) => [term.textContent, term.nextElementSibling?.textContent]);
	expect(figures).toEqual([
		["Part number", "DR18V-2"],
		["Price", "$25.00"],
		["Available", "500 pieces"],
		["Minimum order", "10 pieces"],
		["Pack size", "5 pieces"],
		["Supplier", "Northwind Power Tools"],
	]);
	const prices = screen.getByRole("table", { name: "Volume prices" });
	expect(
		within(prices)
			.getAllByRole("row")
			.slice(1)
			.map((row) => row.textContent),
	).toEqual(["10+ pieces$25.00", "50+ pieces$22.50", "200+ pieces$19.90"]);
	expect(
		screen.getByRole("link", { name: `Buy Now: ${drill.tool_name}` }),
	).toHaveAttribute("href", `/tool-purchase/${drill.id}`);
	expect(
		await screen.findByRole("button", { name: /Add to cart/ }),
	).toBeVisible();
	expect(
		api.requests
			.map((url) => url.pathname)
			.filter((path) => path !== "/api/session"),
	).toEqual([`/api/tools/by-slug/${drill.slug}`]);
});

test("an admin gets no 'Add to cart', and a tool out of stock says Stock Out", async () => {
	openToolPage(() => jsonResponse({ ...drill, available_quantity: 5 }), {
		me: admin,
	});

	await screen.findByRole("heading", { level: 1, name: drill.tool_name });
	expect(screen.getByText("Stock Out")).toBeVisible();
	expect(
		screen.getByRole("link", { name: `Buy Now: ${drill.tool_name}` }),
	).toBeVisible();
	await waitFor(() =>
		expect(
			screen.queryByRole("button", { name: /Add to cart/ }),
		).not.toBeInTheDocument(),
	);
});

test("a deleted tool's address says it is no longer sold, with the way home", async () => {
	openToolPage(() =>
		errorResponse(410, "GONE", "Cordless Drill 18V is no longer sold"),
	);

	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "Cordless Drill 18V is no longer sold",
		}),
	).toBeVisible();
	expect(
		screen.getByRole("link", { name: "Back to the homepage" }),
	).toHaveAttribute("href", "/");
	expect(document.title).toBe(
		"Cordless Drill 18V is no longer sold · Tools Gallery",
	);
});

test("an address no tool has shows the 404 page", async () => {
	openToolPage(() => errorResponse(404, "NOT_FOUND", "Tool not found"));

	expect(
		await screen.findByRole("heading", {
			name: "Sorry, we couldn't find this page.",
		}),
	).toBeVisible();
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
