import { randomUUID } from "node:crypto";
import type {
	ImportJob,
	ImportMode,
	ImportReport,
	ImportStarted,
} from "../../../shared/catalog-csv.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Db, isUniqueViolation } from "../../platform/db/database.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import type { ImageStore } from "../../platform/images/image-store.ts";
import {
	deleteOldImportJobs,
	failAbandonedImportJobs,
	findImportJob,
	finishImportJob,
	insertImportJob,
	recordImportProgress,
	type StoredImportJob,
} from "./catalog-csv.repository.ts";
import { applyRows, judgeAll } from "./tool-import-judgement.ts";
import { buildReport, failedReport } from "./tool-import-report.ts";
import { readToolsCsv, type ToolsCsv } from "./tools-csv-reader.ts";

type ImportLog = { error(object: object, message: string): void };

export type ToolImportDeps = {
	db: Db;
	images: ImageStore;
	/** Called once an import's writes have committed: the catalog's list cache reads anew. */
	forgetCatalogVersion: () => void;
	log: ImportLog;
};

/** Ended jobs kept for their reports; older ones are deleted when a new job starts. */
export const KEPT_IMPORT_JOBS = 50;
/**
 * An open job that has not moved for this long was abandoned (its instance stopped): it reads as
 * failed, and its admin may start another. Far longer than any chunk or write takes.
 */
const ABANDONED_AFTER_MS = 10 * 60_000;

const ABANDONED_MESSAGE =
	"The import stopped before it finished (the server stopped). An import writes every row or none: check the file again to see where the catalog stands.";

/** One job being run by this instance. */
type RunningJob = {
	id: string;
	mode: ImportMode;
	csv: ToolsCsv;
	author: { name: string; email: string };
};

async function runJob(deps: ToolImportDeps, job: RunningJob): Promise<void> {
	const total = job.csv.rows.length;
	const finish = (status: "done" | "failed", report: ImportReport) =>
		finishImportJob(
			deps.db,
			job.id,
			{ status, processedRows: total, report: JSON.stringify(report) },
			new Date().toISOString(),
		);
	try {
		const checked = await judgeAll(deps.db, job.csv, (processed) =>
			recordImportProgress(
				deps.db,
				job.id,
				processed,
				new Date().toISOString(),
			),
		);
		const hasErrors = checked.rows.some((row) => row.result === "error");
		if (job.mode === "dry_run")
			return await finish("done", buildReport("dry_run", checked.rows, false));
		if (hasErrors)
			return await finish("failed", buildReport("apply", checked.rows, false));
		const written = await applyRows(deps, job, checked);
		await finish("done", buildReport("apply", written, true));
	} catch (error) {
		const isKnown = error instanceof ConflictError;
		if (!isKnown)
			deps.log.error({ err: error, jobId: job.id }, "tool import failed");
		await finish(
			"failed",
			failedReport(
				isKnown
					? error.message
					: "The import stopped on an unexpected error; nothing was imported. Try again.",
			),
		).catch((finishError: unknown) =>
			deps.log.error(
				{ err: finishError, jobId: job.id },
				"recording a failed tool import failed",
			),
		);
	}
}

function isAbandoned(job: StoredImportJob, now: number): boolean {
	return (
		(job.status === "queued" || job.status === "running") &&
		Date.parse(job.updated_at) < now - ABANDONED_AFTER_MS
	);
}

function toImportJob(job: StoredImportJob, now: number): ImportJob {
	if (isAbandoned(job, now))
		return {
			...toImportJob({ ...job, status: "failed", report: null }, now),
			report: failedReport(ABANDONED_MESSAGE),
		};
	return {
		job_id: job.id,
		status: job.status,
		mode: job.mode,
		processed_rows: job.processed_rows,
		total_rows: job.total_rows,
		created_at: job.created_at,
		finished_at: job.finished_at,
		...(job.report ? { report: JSON.parse(job.report) as ImportReport } : {}),
	};
}

/**
 * Imports of the catalog from CSV, run as jobs in this process: the upload is read and checked as
 * a whole at once (a 400 or 413 names the problem), then a job judges its rows a chunk at a time,
 * recording its progress in the job's row so any instance can report it, and writes (apply) every
 * row or none. One job at a time per admin; each admin sees only their own.
 */
export function createToolImports(deps: ToolImportDeps) {
	const running = new Set<Promise<void>>();
	return {
		startToolImport: async (
			viewer: Viewer,
			upload: { mode: ImportMode; file: Buffer },
		): Promise<ImportStarted> => {
			const csv = readToolsCsv(upload.file);
			const now = Date.now();
			await failAbandonedImportJobs(
				deps.db,
				viewer.id,
				new Date(now - ABANDONED_AFTER_MS).toISOString(),
				JSON.stringify(failedReport(ABANDONED_MESSAGE)),
				new Date(now).toISOString(),
			);
			const id = randomUUID();
			try {
				await insertImportJob(deps.db, {
					id,
					admin_user_id: viewer.id,
					mode: upload.mode,
					total_rows: csv.rows.length,
					created_at: new Date(now).toISOString(),
				});
			} catch (error) {
				if (isUniqueViolation(error))
					throw new ConflictError(
						"An import of yours is still running: wait for it to finish before starting another.",
					);
				throw error;
			}
			await deleteOldImportJobs(deps.db, KEPT_IMPORT_JOBS);
			const job = runJob(deps, {
				id,
				mode: upload.mode,
				csv,
				author: { name: viewer.name, email: viewer.email },
			});
			running.add(job);
			void job.finally(() => running.delete(job));
			return { job_id: id };
		},
		getImportJob: async (viewer: Viewer, jobId: string): Promise<ImportJob> => {
			const job = await findImportJob(deps.db, jobId, viewer.id);
			// Another admin's job is as unknown as one that never was.
			if (!job) throw new NotFoundError("Import not found");
			return toImportJob(job, Date.now());
		},
		/** Waits for the jobs this instance runs: the server closes after them, never under them. */
		close: async (): Promise<void> => {
			await Promise.allSettled([...running]);
		},
	};
}

export type ToolImports = ReturnType<typeof createToolImports>;
