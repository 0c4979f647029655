import { type ReactNode, useId } from "react";
import { ExportDownloads } from "../../features/catalog-csv/components/export-downloads.tsx";
import { ToolImportPanel } from "../../features/catalog-csv/components/tool-import-panel.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** A titled part of the page. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
	const titleId = useId();
	return (
		<section
			aria-labelledby={titleId}
			className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4"
		>
			<h2 id={titleId} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
		</section>
	);
}

/**
 * Import & Export (admins): the catalog and the orders as CSV files for spreadsheets and the
 * books, and tools brought in from a CSV file by part number, checked before they are written.
 */
export function ImportExportPage() {
	usePageTitle("Import & Export");
	return (
		<section className="space-y-6" aria-labelledby="import-export-title">
			<div className="space-y-2">
				<h1 id="import-export-title" className="text-2xl font-bold">
					Import &amp; Export
				</h1>
				<p className="text-base-content/80">
					CSV files open in any spreadsheet. A cell that a spreadsheet would run
					as a formula is written with a ' before it, and read back without it.
				</p>
			</div>
			<Panel title="Export">
				<ExportDownloads />
			</Panel>
			<Panel title="Import tools">
				<ToolImportPanel />
			</Panel>
		</section>
	);
}
