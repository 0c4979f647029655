import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { expect, test } from "vitest";
import type { Tool } from "../../../../shared/tools.schemas.ts";
import { ToolCard } from "./tool-card.tsx";
import { ToolCardExtraAction } from "./tool-card-extra-action.ts";

function renderCard(stock: {
	available_quantity: number;
	minimum_quantity: number;
}) {
	const tool: Tool = {
		id: "2f8e4f4a-5b1c-4d7e-9a3b-6c2d1e0f9a8b",
		tool_name: "185 mm Circular Saw 1400 W",
		description:
			"A circular saw for straight cuts in timber and sheet material.",
		price_cents: 12_900,
		img: "/images/circular-saw.webp",
		img_large: "/images/circular-saw-large.webp",
		supplier_name: "Northwind Power Tools",
		created_at: "2026-11-21T08:00:00.000Z",
		updated_at: "2026-11-21T08:00:00.000Z",
		version: 1,
		sku: "TG-000007",
		slug: "185-mm-circular-saw-1400-w-tg-000007",
		pack_size: 1,
		price_breaks: [],
		...stock,
	};
	const { unmount } = render(
		<MemoryRouter>
			<ToolCard tool={tool} />
		</MemoryRouter>,
	);
	return {
		card: screen.getByRole("article", { name: tool.tool_name }),
		unmount,
	};
}

test("a tool card shows 'Stock Out' when the stock is below the minimum order", () => {
	const { card } = renderCard({ available_quantity: 3, minimum_quantity: 5 });
	expect(within(card).getByText("Stock Out", { exact: true })).toBeVisible();
});

test("a tool card shows no 'Stock Out' when the stock covers the minimum order", () => {
	for (const stock of [
		{ available_quantity: 5, minimum_quantity: 5 },
		{ available_quantity: 240, minimum_quantity: 10 },
	]) {
		const { card, unmount } = renderCard(stock);
		expect(card).toHaveTextContent(`${stock.available_quantity} pieces`);
		expect(card).not.toHaveTextContent("Stock Out");
		unmount();
	}
});

test("a tool card's 'Buy Now' opens the purchase page of that tool", () => {
	const { card } = renderCard({ available_quantity: 40, minimum_quantity: 4 });
	expect(
		screen.getByRole("link", { name: "Buy Now: 185 mm Circular Saw 1400 W" }),
	).toHaveAttribute(
		"href",
		"/tool-purchase/2f8e4f4a-5b1c-4d7e-9a3b-6c2d1e0f9a8b",
	);
	expect(card).toHaveTextContent("$129.00");
});

test("a tool card shows what the app hands in beside 'Buy Now', but not where actions replace it", () => {
	const tool: Tool = {
		id: "2f8e4f4a-5b1c-4d7e-9a3b-6c2d1e0f9a8b",
		tool_name: "185 mm Circular Saw 1400 W",
		description: "A circular saw.",
		price_cents: 12_900,
		img: "/images/circular-saw.webp",
		img_large: "/images/circular-saw-large.webp",
		supplier_name: "Northwind Power Tools",
		created_at: "2026-11-21T08:00:00.000Z",
		updated_at: "2026-11-21T08:00:00.000Z",
		version: 1,
		sku: "TG-000007",
		slug: "185-mm-circular-saw-1400-w-tg-000007",
		pack_size: 1,
		price_breaks: [],
		available_quantity: 40,
		minimum_quantity: 4,
	};
	const AddToCart = ({ tool: shown }: { tool: Tool }) => (
		<button type="button">{`Add ${shown.minimum_quantity} to cart`}</button>
	);
	const { unmount } = render(
		<MemoryRouter>
			<ToolCardExtraAction value={AddToCart}>
				<ToolCard tool={tool} />
			</ToolCardExtraAction>
		</MemoryRouter>,
	);
	const card = screen.getByRole("article", { name: tool.tool_name });
	expect(
		within(card).getByRole("button", { name: "Add 4 to cart" }),
	).toBeVisible();
	expect(
		within(card).getByRole("link", { name: `Buy Now: ${tool.tool_name}` }),
	).toBeVisible();
	unmount();

	render(
		<MemoryRouter>
			<ToolCardExtraAction value={AddToCart}>
				<ToolCard tool={tool} actions={<button type="button">Edit</button>} />
			</ToolCardExtraAction>
		</MemoryRouter>,
	);
	expect(screen.queryByRole("button", { name: "Add 4 to cart" })).toBeNull();
	expect(screen.getByRole("button", { name: "Edit" })).toBeVisible();
});
