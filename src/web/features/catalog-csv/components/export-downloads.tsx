import { useState } from "react";
import { OrdersExportQuerySchema } from "../../../../shared/catalog-csv.schemas.ts";
import { TextField } from "../../../components/ui/field.tsx";
import { ordersExportPath, TOOLS_EXPORT_PATH } from "../catalog-csv.queries.ts";

/**
 * The two exports as download links: the browser fetches the file itself (with the session
 * cookie) and saves it. The orders' days are checked with the server's own schema first, so a
 * link never leads to an error answer.
 */
export function ExportDownloads() {
	const [from, setFrom] = useState("");
	const [to, setTo] = useState("");
	const query = { from: from || undefined, to: to || undefined };
	const checked = OrdersExportQuerySchema.safeParse(query);
	const problem = checked.success
		? undefined
		: checked.error.issues[0]?.message;
	return (
		<div className="space-y-6">
			<div className="space-y-2">
				<h3 className="font-semibold">Tools</h3>
				<p className="text-sm text-base-content/80">
					Every tool in the catalog, by part number, in the columns an import
					reads back.
				</p>
				<a className="btn btn-primary" href={TOOLS_EXPORT_PATH} download>
					Download tools CSV
				</a>
			</div>
			<div className="space-y-2">
				<h3 className="font-semibold">Orders</h3>
				<p className="text-sm text-base-content/80">
					One row per order line, oldest first. Leave the days empty for every
					order.
				</p>
				<div className="grid gap-3 sm:grid-cols-2 sm:max-w-md">
					<TextField
						label="Placed from"
						type="date"
						value={from}
						onChange={(event) => setFrom(event.target.value)}
						error={problem?.startsWith("from") ? problem : undefined}
					/>
					<TextField
						label="Placed to"
						type="date"
						value={to}
						onChange={(event) => setTo(event.target.value)}
						error={problem?.startsWith("to") ? problem : undefined}
					/>
				</div>
				{checked.success ? (
					<a
						className="btn btn-primary"
						href={ordersExportPath(checked.data)}
						download
					>
						Download orders CSV
					</a>
				) : (
					<button type="button" className="btn btn-primary" disabled>
						Download orders CSV
					</button>
				)}
			</div>
		</div>
	);
}
