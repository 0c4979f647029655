import type { Selectable } from "kysely";
import type { Db } from "../../platform/db/database.ts";
import type { ImportJobsTable } from "../../platform/db/schema.ts";

export type StoredImportJob = Selectable<ImportJobsTable>;

const OPEN_STATUSES = ["queued", "running"] as const;

/** Adds a queued job; a unique violation means the admin already has one queued or running. */
export async function insertImportJob(
	db: Db,
	job: Pick<
		ImportJobsTable,
		"id" | "admin_user_id" | "mode" | "total_rows" | "created_at"
	>,
): Promise<void> {
	await db
		.insertInto("import_jobs")
		.values({
			...job,
			status: "queued",
			processed_rows: 0,
			report: null,
			updated_at: job.created_at,
			finished_at: null,
		})
		.execute();
}

/** The job `id` if `adminUserId` started it. */
export async function findImportJob(
	db: Db,
	id: string,
	adminUserId: string,
): Promise<StoredImportJob | undefined> {
	return db
		.selectFrom("import_jobs")
		.selectAll()
		.where("id", "=", id)
		.where("admin_user_id", "=", adminUserId)
		.executeTakeFirst();
}

/** Moves an open job on: running, with `processedRows` checked so far. */
export async function recordImportProgress(
	db: Db,
	id: string,
	processedRows: number,
	now: string,
): Promise<void> {
	await db
		.updateTable("import_jobs")
		.set({ status: "running", processed_rows: processedRows, updated_at: now })
		.where("id", "=", id)
		.where("status", "in", OPEN_STATUSES)
		.execute();
}

/** Ends an open job with its report. */
export async function finishImportJob(
	db: Db,
	id: string,
	outcome: { status: "done" | "failed"; processedRows: number; report: string },
	now: string,
): Promise<void> {
	await db
		.updateTable("import_jobs")
		.set({
			status: outcome.status,
			processed_rows: outcome.processedRows,
			report: outcome.report,
			updated_at: now,
			finished_at: now,
		})
		.where("id", "=", id)
		.where("status", "in", OPEN_STATUSES)
		.execute();
}

/**
 * Fails the admin's open jobs that have not moved since `staleBefore`: the instance running them
 * stopped. Frees the admin to start another.
 */
export async function failAbandonedImportJobs(
	db: Db,
	adminUserId: string,
	staleBefore: string,
	report: string,
	now: string,
): Promise<void> {
	await db
		.updateTable("import_jobs")
		.set({ status: "failed", report, updated_at: now, finished_at: now })
		.where("admin_user_id", "=", adminUserId)
		.where("status", "in", OPEN_STATUSES)
		.where("updated_at", "<", staleBefore)
		.execute();
}

/** Deletes ended jobs beyond the newest `keep` jobs of the shop. */
export async function deleteOldImportJobs(db: Db, keep: number): Promise<void> {
	await db
		.deleteFrom("import_jobs")
		.where("status", "not in", OPEN_STATUSES)
		.where("id", "not in", (eb) =>
			eb
				.selectFrom("import_jobs")
				.select("id")
				.orderBy("created_at", "desc")
				.orderBy("id", "desc")
				.limit(keep),
		)
		.execute();
}
