import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { PagedTable } from "./paged-table.tsx";

const COLUMNS = [
	{ label: "#" },
	{ label: "Part" },
	{ label: "Actions", isLabelHidden: true },
];

function renderSecondPage(onGoTo: (page: number) => void) {
	render(
		<PagedTable
			page={{
				items: [
					{ id: "p-3", name: "Hex bolt" },
					{ id: "p-4", name: "Washer" },
				],
				page: 2,
				page_size: 2,
				total: 5,
			}}
			caption="Parts, newest first"
			columns={COLUMNS}
			pagerLabel="Pages of parts"
			onGoTo={onGoTo}
			renderCells={(part, position) => (
				<>
					<td>{position + 1}</td>
					<td>{part.name}</td>
					<td>
						<button type="button">Remove {part.name}</button>
					</td>
				</>
			)}
		/>,
	);
}

test("a page of rows is a captioned table numbered across pages, with an actions column named for screen readers", () => {
	renderSecondPage(() => {});
	const table = screen.getByRole("table", { name: "Parts, newest first" });
	expect(
		within(table)
			.getAllByRole("columnheader")
			.map((header) => header.textContent),
	).toEqual(["#", "Part", "Actions"]);
	expect(within(table).getByText("Actions")).toHaveClass("sr-only");
	const rows = within(table).getAllByRole("row").slice(1);
	expect(rows.map((row) => row.textContent)).toEqual([
		"3Hex boltRemove Hex bolt",
		"4WasherRemove Washer",
	]);
});

test("the pager counts pages from the total and asks for the one chosen", async () => {
	const onGoTo = vi.fn();
	renderSecondPage(onGoTo);
	const pager = screen.getByRole("navigation", { name: "Pages of parts" });
	expect(pager).toHaveTextContent("Page 2 of 3");
	await userEvent.click(within(pager).getByRole("button", { name: "Next" }));
	await userEvent.click(
		within(pager).getByRole("button", { name: "Previous" }),
	);
	expect(onGoTo.mock.calls).toEqual([[3], [1]]);
});
