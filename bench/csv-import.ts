import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createCatalogCsvUseCases } from "../src/server/features/catalog-csv/catalog-csv.service.ts";
import {
	insertTools,
	type NewTool,
} from "../src/server/features/tools/tools.repository.ts";
import type { Viewer } from "../src/server/platform/auth/session-guard.ts";
import {
	createDb,
	type Db,
	isPostgres,
} from "../src/server/platform/db/database.ts";
import { migrateToLatest } from "../src/server/platform/db/migrate.ts";
import { createDbImageStore } from "../src/server/platform/images/image-store.ts";
import type {
	ImportJob,
	ImportMode,
} from "../src/shared/catalog-csv.schemas.ts";

// An import of ROWS new tools from CSV (docs/csv.md) on SQLite and PostgreSQL, as the job runs it
// in the server: the dry run, the apply (every row written in one transaction), and the same file
// applied again (every row unchanged). Beside it, in the same run and database, the baseline: the
// same tools inserted straight through insertTools, 500 a statement, in one transaction: the
// least an import of them can cost. Seconds and the peak resident memory of each phase (sampled
// every 5 ms), and ratio = seconds / the baseline's.
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const INSERT_BATCH = 500;
const PG_ADMIN_URL =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Figures = { seconds: number; peakRssMb: number };

/** Runs `work` while sampling the process's resident memory; its time and the highest sample. */
async function measure(work: () => Promise<unknown>): Promise<Figures> {
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 5);
	const started = performance.now();
	try {
		await work();
	} finally {
		clearInterval(sampler);
	}
	peak = Math.max(peak, process.memoryUsage().rss);
	return {
		seconds: (performance.now() - started) / 1000,
		peakRssMb: peak / 1024 / 1024,
	};
}

function benchRows() {
	return Array.from({ length: ROWS }, (_, index) => ({
		sku: `CSV-${String(index + 1).padStart(6, "0")}`,
		tool_name: `Bench Tool ${index + 1}`,
		description: `A tool of the CSV benchmark, "number ${index + 1}", with a comma.`,
		price_cents: 500 + ((index * 137) % 20_000),
		available_quantity: 1000,
		minimum_quantity: 10,
		pack_size: 5,
	}));
}

function toCsv(rows: ReturnType<typeof benchRows>): Buffer {
	const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
	const lines = rows.map((row) =>
		[
			row.sku,
			quote(row.tool_name),
			quote(row.description),
			`${Math.floor(row.price_cents / 100)}.${String(row.price_cents % 100).padStart(2, "0")}`,
			row.available_quantity,
			row.minimum_quantity,
			row.pack_size,
			"",
		].join(","),
	);
	return Buffer.from(
		`sku,tool_name,description,price,available_quantity,minimum_quantity,pack_size,price_breaks\r\n${lines.join("\r\n")}\r\n`,
	);
}

async function addAdmin(db: Db): Promise<Viewer> {
	const id = randomUUID();
	const now = new Date().toISOString();
	await db
		.insertInto("users")
		.values({
			id,
			name: "Bench Admin",
			email: `bench-${id}@example.com`,
			email_verified: isPostgres(db) ? true : 1,
			image: null,
			created_at: now,
			updated_at: now,
			two_factor_enabled: null,
			role: "admin",
		})
		.execute();
	return {
		id,
		name: "Bench Admin",
		email: `bench-${id}@example.com`,
		emailVerified: true,
		image: null,
		isAdmin: true,
		twoFactorEnabled: false,
	};
}

async function baseline(db: Db, rows: ReturnType<typeof benchRows>) {
	const now = new Date().toISOString();
	const tools: NewTool[] = rows.map((row) => ({
		id: randomUUID(),
		...row,
		img: "/images/none.webp",
		supplier_name: "Bench",
		supplier_email: null,
		created_at: now,
	}));
	await db.transaction().execute(async (trx) => {
		for (let start = 0; start < tools.length; start += INSERT_BATCH)
			await insertTools(trx, tools.slice(start, start + INSERT_BATCH));
	});
}

async function measureOn(label: string, db: Db): Promise<void> {
	await migrateToLatest(db, { legacyImagesDir: undefined });
	const rows = benchRows();
	const file = toCsv(rows);
	const viewer = await addAdmin(db);
	const csv = createCatalogCsvUseCases({
		db,
		images: createDbImageStore(db),
		tools: { forgetCatalogVersion: () => {} },
		log: { error: (object, message) => console.error(message, object) },
	});
	const runImport = async (mode: ImportMode): Promise<ImportJob> => {
		const { job_id } = await csv.startToolImport(viewer, { mode, file });
		for (;;) {
			const job = await csv.getImportJob(viewer, job_id);
			if (job.status === "done" || job.status === "failed") return job;
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
	};

	const base = await measure(() => baseline(db, rows));
	await db.deleteFrom("tools").execute();
	const results: [string, Figures, string][] = [];
	for (const [name, mode] of [
		["dry run", "dry_run"],
		["apply", "apply"],
		["apply again", "apply"],
	] as const) {
		let job: ImportJob | undefined;
		const figures = await measure(async () => {
			job = await runImport(mode);
		});
		const report = job?.report;
		results.push([
			name,
			figures,
			`${job?.status}: ${report?.created} created, ${report?.updated} updated, ${report?.unchanged} unchanged, ${report?.failed} failed`,
		]);
	}
	await csv.close();

	const line = (name: string, figures: Figures, note = "") =>
		console.info(
			`${label.padEnd(10)} ${name.padEnd(26)} ${figures.seconds.toFixed(2).padStart(7)} s  peak RSS ${figures.peakRssMb.toFixed(0).padStart(5)} MB  ratio ${(figures.seconds / base.seconds).toFixed(2).padStart(6)}  ${note}`,
		);
	line("baseline (insertTools)", base);
	for (const [name, figures, note] of results) line(name, figures, note);
}

async function onSqlite(): Promise<void> {
	const dir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-bench-csv-"),
	);
	const db = createDb({ kind: "sqlite", file: path.join(dir, "bench.sqlite") });
	try {
		await measureOn("SQLite", db);
	} finally {
		await db.destroy();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function onPostgres(): Promise<void> {
	const name = `tools_gallery_bench_csv_${randomBytes(6).toString("hex")}`;
	const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
	await admin.connect();
	await admin.query(`create database ${name}`);
	const url = new URL(PG_ADMIN_URL);
	url.pathname = `/${name}`;
	let isClosing = false;
	const db = createDb({ kind: "postgres", url: url.toString() }, (error) => {
		// Dropping the database with (force) ends its last connections as they close.
		if (!isClosing)
			console.warn(`A database connection was lost: ${error.message}`);
	});
	try {
		await measureOn("PostgreSQL", db);
	} finally {
		isClosing = true;
		await db.destroy();
		await admin.query(`drop database if exists ${name} with (force)`);
		await admin.end();
	}
}

console.info(
	`CSV import of ${ROWS.toLocaleString("en-US")} new tools (${(toCsv(benchRows()).length / 1024 / 1024).toFixed(1)} MB file). ratio = seconds / the baseline's seconds; peak RSS of the whole process while the phase ran.`,
);
await onSqlite();
await onPostgres();
