import { Link } from "react-router";
import type { SalesReport } from "../../../../shared/sales.schemas.ts";

/**
 * Tools with less than twice their minimum order in stock, the lowest first, each a link to its
 * edit page (where it is restocked); says how many there are when not all are listed.
 */
export function LowStockTable({
	lowStock,
}: {
	lowStock: SalesReport["low_stock"];
}) {
	const { total, items } = lowStock;
	if (total === 0)
		return (
			<p className="text-base-content/80">
				Every tool has at least twice its minimum order in stock.
			</p>
		);
	return (
		<>
			<p className="text-sm text-base-content/80">
				{`${total} ${total === 1 ? "tool has" : "tools have"} less than twice the minimum order in stock${total > items.length ? `; the ${items.length} lowest are listed` : ""}.`}
			</p>
			<div className="overflow-x-auto">
				<table className="table table-sm [&_thead]:whitespace-normal max-sm:[&_td]:px-2 max-sm:[&_th]:px-2">
					<caption className="sr-only">
						Tools running low, the lowest stock first
					</caption>
					<thead>
						<tr className="text-base-content">
							<th scope="col">Tool</th>
							<th scope="col" className="text-right">
								In stock
							</th>
							<th scope="col" className="text-right">
								Minimum order
							</th>
						</tr>
					</thead>
					<tbody>
						{items.map((tool) => (
							<tr key={tool.id}>
								<th scope="row" className="font-normal">
									<Link
										className="link"
										to={`/dashboard/manage-products/${tool.id}/edit`}
									>
										{tool.tool_name}
									</Link>
								</th>
								<td className="text-right tabular-nums">
									{tool.available_quantity}
								</td>
								<td className="text-right tabular-nums">
									{tool.minimum_quantity}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</>
	);
}
