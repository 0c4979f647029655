import { formatCents, groupThousands } from "../../../../shared/money.ts";
import {
	priceTable,
	unitPriceCents,
} from "../../../../shared/purchase-rule.ts";
import type { Tool } from "../../../../shared/tools.schemas.ts";
import { NextBreakHint } from "../../../components/next-break-hint.tsx";

type PricedTool = Pick<
	Tool,
	| "price_cents"
	| "price_breaks"
	| "pack_size"
	| "minimum_quantity"
	| "available_quantity"
>;

/**
 * A tool's volume prices: from how many pieces which unit price applies. Given the `quantity` a
 * customer is ordering, the row that applies is marked and the next lower price is named with the
 * pieces still needed to reach it. A tool with one price for every quantity shows no table.
 */
export function PriceTable({
	tool,
	quantity,
}: {
	tool: PricedTool;
	quantity?: number;
}) {
	if (tool.price_breaks.length === 0) return null;
	const rows = priceTable(tool);
	const applies =
		quantity !== undefined && quantity > 0
			? unitPriceCents(tool, quantity)
			: undefined;
	const appliedRow =
		applies === undefined
			? -1
			: rows.findLastIndex((row) => (quantity ?? 0) >= row.min_quantity);
	return (
		<div className="space-y-1">
			<table className="table table-sm w-auto">
				<caption className="text-left font-semibold">Volume prices</caption>
				<thead>
					<tr className="text-base-content">
						<th scope="col">Quantity</th>
						<th scope="col" className="text-right">
							Price each
						</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row, index) => {
						const isApplied =
							index === Math.max(appliedRow, 0) && applies !== undefined;
						return (
							<tr
								key={row.min_quantity}
								className={
									isApplied ? "bg-primary/10 font-semibold" : undefined
								}
								aria-current={isApplied ? "true" : undefined}
							>
								<td>
									{groupThousands(row.min_quantity)}+ pieces
									{isApplied && <span className="sr-only"> (your price)</span>}
								</td>
								<td className="text-right">{formatCents(row.price_cents)}</td>
							</tr>
						);
					})}
				</tbody>
			</table>
			{quantity !== undefined && (
				<NextBreakHint tool={tool} quantity={quantity} />
			)}
		</div>
	);
}
