import type { ReactNode } from "react";
import type { Page } from "../../../shared/paging.schemas.ts";
import { Pager } from "./pager.tsx";

/** A column heading; `isLabelHidden` keeps it for screen readers only (an actions column). */
export type TableColumn = { label: string; isLabelHidden?: boolean };

/**
 * One server page of rows as a table, with the pager under it. `caption` names the table for
 * screen readers; `isBusy` marks it while the next page loads over the current one. Each row's
 * cells come from `renderCells`, given the item and its place in the whole list (from 0).
 */
export function PagedTable<Item extends { id: string }>({
	page,
	caption,
	columns,
	renderCells,
	pagerLabel,
	onGoTo,
	isBusy = false,
}: {
	page: Page<Item>;
	caption: string;
	columns: readonly TableColumn[];
	renderCells: (item: Item, position: number) => ReactNode;
	pagerLabel: string;
	onGoTo: (page: number) => void;
	isBusy?: boolean;
}) {
	const firstPosition = (page.page - 1) * page.page_size;
	return (
		<>
			<div className="overflow-x-auto">
				<table className="table" aria-busy={isBusy}>
					<caption className="sr-only">{caption}</caption>
					<thead>
						<tr className="text-base-content">
							{columns.map(({ label, isLabelHidden }) => (
								<th key={label} scope="col">
									{isLabelHidden ? (
										<span className="sr-only">{label}</span>
									) : (
										label
									)}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{page.items.map((item, index) => (
							<tr key={item.id}>{renderCells(item, firstPosition + index)}</tr>
						))}
					</tbody>
				</table>
			</div>
			<Pager
				label={pagerLabel}
				page={page.page}
				pageCount={Math.max(1, Math.ceil(page.total / page.page_size))}
				onGoTo={onGoTo}
			/>
		</>
	);
}
