import { useState } from "react";
import type {
	ImportReport,
	ImportReportRow,
	ImportRowResult,
} from "../../../../shared/catalog-csv.schemas.ts";
import { groupThousands } from "../../../../shared/money.ts";
import { PagedTable } from "../../../components/ui/paged-table.tsx";

/** Rows of the report a page shows. */
export const REPORT_PAGE_SIZE = 50;

const RESULT_LABELS: Record<ImportRowResult, string> = {
	create: "New tool",
	update: "Changed",
	unchanged: "Unchanged",
	error: "Error",
};

const RESULT_BADGES: Record<ImportRowResult, string> = {
	create: "badge-success",
	update: "badge-info",
	unchanged: "badge-ghost",
	error: "badge-error",
};

const COLUMNS = [
	{ label: "Line" },
	{ label: "Part number" },
	{ label: "Result" },
] as const;

/** A row of the report: its result, and under it each error with the column it is about. */
function RowCells({ row }: { row: ImportReportRow }) {
	return (
		<>
			<td className="tabular-nums">{row.line}</td>
			<td className="font-mono break-all">{row.sku || "—"}</td>
			<td className="space-y-1">
				<span className={`badge badge-soft ${RESULT_BADGES[row.result]}`}>
					{RESULT_LABELS[row.result]}
				</span>
				{row.errors.length > 0 && (
					<>
						<span className="sr-only">: </span>
						<ul className="space-y-1">
							{row.errors.map((error) => (
								<li key={`${error.column}:${error.message}`}>
									{error.column && (
										<span className="font-mono text-sm break-all">
											{error.column}:{" "}
										</span>
									)}
									{error.message}
								</li>
							))}
						</ul>
					</>
				)}
			</td>
		</>
	);
}

/**
 * What an import did, or would do: its sentence, the counts, and every row (its CSV line, part
 * number, result and errors) in pages of REPORT_PAGE_SIZE, the rows with errors alone on request.
 */
export function ImportReportView({
	report,
	isApply,
}: {
	report: ImportReport;
	isApply: boolean;
}) {
	const [page, setPage] = useState(1);
	const [isErrorsOnly, setIsErrorsOnly] = useState(report.failed > 0);
	const rows = isErrorsOnly
		? report.rows.filter((row) => row.result === "error")
		: report.rows;
	const shown = rows.slice(
		(page - 1) * REPORT_PAGE_SIZE,
		page * REPORT_PAGE_SIZE,
	);
	const tone = report.applied
		? "alert-success"
		: isApply || report.failed > 0
			? "alert-error"
			: "alert-info";
	const counts: [string, number][] = [
		[isApply && report.applied ? "Added" : "To add", report.created],
		[isApply && report.applied ? "Changed" : "To change", report.updated],
		["Unchanged", report.unchanged],
		["With errors", report.failed],
	];
	return (
		<div className="space-y-4">
			<div role="status" className={`alert alert-soft ${tone}`}>
				<span>{report.message}</span>
			</div>
			{report.rows.length > 0 && (
				<>
					<dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
						{counts.map(([label, value]) => (
							<div
								key={label}
								className="flex flex-col rounded-box border border-base-300 bg-base-100 px-4 py-2"
							>
								<dt className="text-sm text-base-content/80">{label}</dt>
								<dd className="text-xl font-bold tabular-nums">
									{groupThousands(value)}
								</dd>
							</div>
						))}
					</dl>
					{report.failed > 0 && (
						<label className="label cursor-pointer gap-2">
							<input
								type="checkbox"
								className="checkbox checkbox-sm"
								checked={isErrorsOnly}
								onChange={(event) => {
									setIsErrorsOnly(event.target.checked);
									setPage(1);
								}}
							/>
							Only rows with errors
						</label>
					)}
					<PagedTable
						page={{
							items: shown.map((row) => ({ id: String(row.line), row })),
							page,
							page_size: REPORT_PAGE_SIZE,
							total: rows.length,
						}}
						caption="The rows of the file, by line"
						columns={COLUMNS}
						pagerLabel="Pages of the report"
						onGoTo={setPage}
						renderCells={({ row }) => <RowCells row={row} />}
					/>
				</>
			)}
		</div>
	);
}
