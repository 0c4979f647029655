import { formatCents } from "../../../../shared/money.ts";
import type { TopTool } from "../../../../shared/sales.schemas.ts";

/** The best sellers of the period: pieces sold and their revenue, refunded pieces left out. */
export function TopToolsTable({ tools }: { tools: readonly TopTool[] }) {
	if (tools.length === 0)
		return (
			<p className="text-base-content/80">
				No tool was paid for in the period.
			</p>
		);
	return (
		<div className="overflow-x-auto">
			<table className="table table-sm [&_thead]:whitespace-normal max-sm:[&_td]:px-2 max-sm:[&_th]:px-2">
				<caption className="sr-only">
					Best-selling tools of the period, the most revenue first
				</caption>
				<thead>
					<tr className="text-base-content">
						<th scope="col">Tool</th>
						<th scope="col" className="text-right">
							Pieces
						</th>
						<th scope="col" className="text-right">
							Revenue
						</th>
					</tr>
				</thead>
				<tbody>
					{tools.map((tool) => (
						<tr key={tool.tool_id}>
							<th scope="row" className="font-normal">
								{tool.tool_name}
							</th>
							<td className="text-right tabular-nums">{tool.pieces}</td>
							<td className="text-right tabular-nums">
								{formatCents(tool.revenue_cents)}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
