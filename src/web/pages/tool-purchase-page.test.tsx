import { screen } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import {
	createFakeApi,
	errorResponse,
	jsonResponse,
} from "../test-support/fake-api.ts";
import { renderWithProviders } from "../test-support/render-with-providers.tsx";
import { ToolPurchasePage } from "./tool-purchase-page.tsx";

const tool = {
	id: "2f8e4f4a-5b1c-4d7e-9a3b-6c2d1e0f9a8b",
	tool_name: "185 mm Circular Saw 1400 W",
	description: "A circular saw for straight cuts in timber and sheet material.",
	price_cents: 12_900,
	available_quantity: 40,
	minimum_quantity: 4,
	img: "/images/circular-saw.webp",
	img_large: "/images/circular-saw-large.webp",
	supplier_name: "Northwind Power Tools",
	created_at: "2026-11-21T08:00:00.000Z",
	version: 3,
};

function renderPurchasePage(answer: () => Response) {
	const api = createFakeApi(answer);
	vi.stubGlobal("fetch", api.fetch);
	renderWithProviders(<ToolPurchasePage />, {
		path: "/tool-purchase/:toolId",
		url: `/tool-purchase/${tool.id}`,
	});
	return api;
}

test("the purchase page shows the tool and says ordering opens soon", async () => {
	const api = renderPurchasePage(() => jsonResponse(tool));
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "185 mm Circular Saw 1400 W",
		}),
	).toBeVisible();
	const photo = screen.getByRole("img", { name: tool.tool_name });
	expect(photo).toHaveAttribute("src", tool.img_large);
	expect(photo).toHaveAttribute(
		"srcset",
		`${tool.img} 800w, ${tool.img_large} 1600w`,
	);
	expect(screen.getByText("$129.00")).toBeVisible();
	expect(screen.getByText("40 pieces")).toBeVisible();
	expect(screen.getByText("4 pieces")).toBeVisible();
	expect(screen.getByText(tool.description)).toBeVisible();
	expect(screen.getByRole("region", { name: "Ordering" })).toHaveTextContent(
		"Ordering opens soon.",
	);
	expect(api.requests.map((url) => url.pathname)).toEqual([
		`/api/tools/${tool.id}`,
	]);
});

test("a tool the shop does not know shows the 404 page", async () => {
	renderPurchasePage(() => errorResponse(404, "NOT_FOUND", "Tool not found"));
	expect(
		await screen.findByRole("heading", {
			name: "Sorry, we couldn't find this page.",
		}),
	).toBeVisible();
});

test("a failure to load the tool shows the error with 'Try again'", async () => {
	renderPurchasePage(() =>
		errorResponse(500, "INTERNAL_ERROR", "Something went wrong on our side."),
	);
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"We could not load this tool",
	);
	expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
});
