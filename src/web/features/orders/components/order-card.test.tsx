import { render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { expect, test } from "vitest";
import { aTool } from "../../../test-support/fake-catalog.ts";
import { anOrder } from "../../../test-support/fake-orders.ts";
import { OrderCard } from "./order-card.tsx";
import { ORDER_COLUMNS, OrderCells } from "./order-cells.tsx";

/** Renders inside a router: a card links to its order's page. */
const renderInRouter = (element: ReactElement) =>
	render(element, { wrapper: MemoryRouter });

const saw = aTool(1, { tool_name: "185 mm Circular Saw", price_cents: 12_900 });
const wrench = aTool(2, { tool_name: "Pipe Wrench", price_cents: 250 });

/** A checkout of 4 saws and 10 wrenches, collected at a receiving point. */
const checkedOut = anOrder(1, {
	lines: [
		{
			tool_id: saw.id,
			tool_name: saw.tool_name,
			img: saw.img,
			description: saw.description,
			price_cents: 12_900,
			quantity: 4,
			line_total_cents: 51_600,
			refunded_quantity: 0,
		},
		{
			tool_id: wrench.id,
			tool_name: wrench.tool_name,
			img: wrench.img,
			description: wrench.description,
			price_cents: 250,
			quantity: 10,
			line_total_cents: 2_500,
			refunded_quantity: 0,
		},
	],
	tool_id: saw.id,
	tool_name: saw.tool_name,
	price_cents: 12_900,
	order_quantity: 4,
	total_cents: 54_100,
	fulfilment: {
		kind: "collection",
		receiving_point: {
			id: "20000000-0000-4000-8000-000000000001",
			name: "North Depot",
			address: "1 Quay Road, Harbourside",
			opening_hours: "Mon–Fri 8:00–18:00",
		},
	},
	purchase_order: "PO-2291",
	note: "Call before loading",
});

test("an order of several tools lists every line with its quantity × unit price and total, where it is collected, and its references", () => {
	renderInRouter(<OrderCard order={checkedOut} />);
	const card = screen.getByRole("article", {
		name: "185 mm Circular Saw and 1 more",
	});
	const lines = within(card)
		.getByRole("list", { name: "Tools ordered" })
		.querySelectorAll("li");
	expect([...lines].map((line) => line.textContent)).toEqual([
		"185 mm Circular Saw4 × $129.00$516.00",
		"Pipe Wrench10 × $2.50$25.00",
	]);
	expect(card).toHaveTextContent("Pieces14 pieces");
	expect(card).toHaveTextContent("Total$541.00");
	expect(card).toHaveTextContent(
		"Collection atNorth Depot1 Quay Road, HarboursideOpening hours: Mon–Fri 8:00–18:00",
	);
	expect(card).toHaveTextContent("Purchase orderPO-2291");
	expect(card).toHaveTextContent("NoteCall before loading");
});

test("a delivered order shows the address it goes to", () => {
	renderInRouter(
		<OrderCard
			order={anOrder(2, {
				fulfilment: {
					kind: "delivery",
					address: {
						recipient: "Cleo Customer",
						address: "12 Mill Lane",
						city: "Springfield",
						state: "IL",
						zip: "62701",
					},
				},
			})}
		/>,
	);
	expect(screen.getByRole("article", { name: "Tool 2" })).toHaveTextContent(
		"Delivery toCleo Customer12 Mill LaneSpringfield, IL, 62701",
	);
});

test("an order placed from the purchase page reads as before: one tool, its quantity and unit price", () => {
	renderInRouter(<OrderCard order={anOrder(3)} />);
	const card = screen.getByRole("article", { name: "Tool 3" });
	expect(within(card).queryByRole("list")).toBeNull();
	expect(card).toHaveTextContent("Quantity5 pieces");
	expect(card).toHaveTextContent("Unit price$10.03");
	expect(card).not.toHaveTextContent("Delivery to");
	expect(card).not.toHaveTextContent("Collection at");
});

test("Manage All Orders' row of a checkout lists its lines under Tool, the pieces, and where it goes under the customer", () => {
	renderInRouter(
		<table>
			<thead>
				<tr>
					{ORDER_COLUMNS.map((column) => (
						<th key={column.label}>{column.label}</th>
					))}
				</tr>
			</thead>
			<tbody>
				<tr>
					<OrderCells order={checkedOut} onDelete={() => undefined} />
				</tr>
			</tbody>
		</table>,
	);
	const [customer, tool, pieces] = screen.getAllByRole("cell");
	expect(customer).toHaveTextContent(
		"cleo@example.comCleo CustomerCollection atNorth Depot",
	);
	expect(customer).toHaveTextContent("Purchase orderPO-2291");
	expect(tool).toHaveTextContent(
		"185 mm Circular Saw4 × $129.00$516.00Pipe Wrench10 × $2.50$25.00",
	);
	expect(pieces).toHaveTextContent("14");
});
