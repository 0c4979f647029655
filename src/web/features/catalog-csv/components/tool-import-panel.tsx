import { useId, useState } from "react";
import {
	checkCsvFile,
	IMPORT_MAX_ROWS,
	type ImportJob,
	type ImportMode,
} from "../../../../shared/catalog-csv.schemas.ts";
import { groupThousands } from "../../../../shared/money.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Field } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import {
	isJobOpen,
	useImportJob,
	useStartImport,
} from "../catalog-csv.queries.ts";
import { ImportReportView } from "./import-report-view.tsx";

/** A job started from this page, and the file it was started with. */
type StartedJob = { id: string; mode: ImportMode; file: File };

function JobProgress({ job }: { job: ImportJob }) {
	const verb = job.mode === "dry_run" ? "Checking" : "Importing";
	const label = `${verb}: ${groupThousands(job.processed_rows)} of ${groupThousands(job.total_rows)} rows checked`;
	return (
		<div className="space-y-1" aria-live="polite">
			<progress
				className="progress progress-primary w-full"
				max={Math.max(1, job.total_rows)}
				value={job.processed_rows}
				aria-label={label}
			/>
			<p className="text-sm text-base-content/80">{label}</p>
		</div>
	);
}

/**
 * The import of tools from a CSV file: choose it, "Check file" (a dry run that writes nothing),
 * then "Import" the same file, which only a check without errors enables. While a job runs a
 * progress bar follows it; its report shows every row.
 */
export function ToolImportPanel() {
	const formId = useId();
	const [file, setFile] = useState<File>();
	const [refusal, setRefusal] = useState<string>();
	const [started, setStarted] = useState<StartedJob>();
	const startImport = useStartImport();
	const job = useImportJob(started?.id);
	const data = job.data;
	const isRunning = startImport.isPending || (started && isJobOpen(data));
	const isCheckedClean =
		started?.mode === "dry_run" &&
		started.file === file &&
		data?.status === "done" &&
		data.report?.failed === 0;

	const choose = (chosen: File | undefined) => {
		setFile(chosen);
		setStarted(undefined);
		startImport.reset();
		setRefusal(chosen ? checkCsvFile(chosen) : undefined);
	};

	const start = async (mode: ImportMode) => {
		if (!file || refusal) return;
		try {
			const { job_id } = await startImport.mutateAsync({ file, mode });
			setStarted({ id: job_id, mode, file });
		} catch {
			// Shown above the buttons by FormError.
		}
	};

	const report = data?.report;
	const hasEnded = data?.status === "done" || data?.status === "failed";
	return (
		<div className="space-y-4">
			<p className="text-sm text-base-content/80">
				A CSV file (UTF-8, 5 MB and {groupThousands(IMPORT_MAX_ROWS)} rows at
				most) with a header line naming the columns, as the tools export writes
				them: <code>sku</code>, <code>tool_name</code>, <code>description</code>
				, <code>price</code>, <code>available_quantity</code>,{" "}
				<code>minimum_quantity</code>, and optionally <code>pack_size</code> and{" "}
				<code>price_breaks</code>. A part number the catalog has updates that
				tool; any other adds one. An import writes every row or none.
			</p>
			<form
				id={formId}
				className="space-y-4"
				onSubmit={(event) => {
					event.preventDefault();
					void start("dry_run");
				}}
			>
				<Field
					label="CSV file"
					hint="Check it first: nothing is written until you import it."
					error={refusal}
				>
					{(control) => (
						<input
							type="file"
							accept=".csv,text/csv"
							className={`file-input w-full max-w-md ${refusal ? "file-input-error" : ""}`}
							{...control}
							onChange={(event) => choose(event.target.files?.[0])}
						/>
					)}
				</Field>
				<FormError
					message={
						startImport.isError ? describeError(startImport.error) : undefined
					}
				/>
				<div className="flex flex-wrap gap-3">
					<BusyButton
						isBusy={Boolean(isRunning) && started?.mode !== "apply"}
						disabled={!file || Boolean(refusal) || Boolean(isRunning)}
						className="btn btn-primary"
					>
						Check file
					</BusyButton>
					<BusyButton
						type="button"
						isBusy={Boolean(isRunning) && started?.mode === "apply"}
						disabled={!isCheckedClean || Boolean(isRunning)}
						className="btn btn-secondary"
						onClick={() => void start("apply")}
					>
						Import
					</BusyButton>
				</div>
			</form>
			{!started && (
				<EmptyState message="No file checked yet: choose a CSV file and check it." />
			)}
			{started && job.isPending && <Spinner label="Starting the import" />}
			{started && job.isError && (
				<ErrorState
					title="The import's progress could not be read"
					message={describeError(job.error)}
					onRetry={() => void job.refetch()}
				/>
			)}
			{data && !hasEnded && <JobProgress job={data} />}
			{data && hasEnded && report && (
				<ImportReportView report={report} isApply={data.mode === "apply"} />
			)}
		</div>
	);
}
