import { expect, test } from "vitest";
import type { ImportJob } from "../../../shared/catalog-csv.schemas.ts";
import { signUpAdmin } from "../../test-support/accounts.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import {
	postImport,
	toolRow,
	toolsCsv,
	waitForJob,
} from "./catalog-csv-test-support.ts";

// Timings of this import are measured by bench/csv-import.ts; this test checks what 10,000 rows do.
test("10,000 rows: the dry run reports progress a chunk at a time, the apply writes them all, a second apply nothing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	// A tenth of the rows are tools the catalog has: they are changed, not added.
	for (let index = 0; index < 1000; index += 100)
		await insertTestTool(t.db, {
			sku: `VOL-${String(index).padStart(5, "0")}`,
		});
	const csv = toolsCsv(
		Array.from({ length: 10_000 }, (_, index) =>
			toolRow(`VOL-${String(index).padStart(5, "0")}`),
		),
	);

	const checking = await postImport(t.app, admin.cookie, csv, "dry_run");
	expect(checking.statusCode, checking.body).toBe(202);
	const seen: ImportJob[] = [];
	const checked = await waitForJob(
		t.app,
		admin.cookie,
		checking.json().job_id,
		seen,
	);
	expect(checked.report).toMatchObject({
		applied: false,
		created: 9990,
		updated: 10,
		unchanged: 0,
		failed: 0,
	});
	expect(checked.report?.rows).toHaveLength(10_000);
	// Progress only grows, in whole chunks of 500 rows, up to every row.
	const progress = seen.map((job) => job.processed_rows);
	expect(progress).toEqual([...progress].sort((a, b) => a - b));
	expect(progress.every((rows) => rows % 500 === 0)).toBe(true);
	expect(checked.processed_rows).toBe(10_000);
	expect(checked.total_rows).toBe(10_000);

	const applying = await postImport(t.app, admin.cookie, csv, "apply");
	expect(applying.statusCode, applying.body).toBe(202);
	const applied = await waitForJob(t.app, admin.cookie, applying.json().job_id);
	expect(applied.status).toBe("done");
	expect(applied.report).toMatchObject({
		applied: true,
		created: 9990,
		updated: 10,
	});
	const listed = await t.app.inject({ url: "/api/tools?page_size=1" });
	expect(listed.json().total).toBe(10_000);

	const again = await postImport(t.app, admin.cookie, csv, "apply");
	const unchanged = await waitForJob(t.app, admin.cookie, again.json().job_id);
	expect(unchanged.report).toMatchObject({
		applied: true,
		created: 0,
		updated: 0,
		unchanged: 10_000,
	});
}, 180_000);
