import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../src/server/config.ts";
import {
	countOrders,
	findOrdersPage,
} from "../src/server/features/orders/orders.repository.ts";
import {
	countLowStockTools,
	countPlacedOrders,
	findLowStockTools,
	findTopTools,
	sumRevenueByBucket,
} from "../src/server/features/sales/sales.repository.ts";
import { getSalesReport } from "../src/server/features/sales/sales.service.ts";
import {
	salesRangeOf,
	todayUtc,
} from "../src/server/features/sales/sales-periods.ts";
import {
	insertTools,
	type NewTool,
} from "../src/server/features/tools/tools.repository.ts";
import { createDb, type Db } from "../src/server/platform/db/database.ts";
import { migrateToLatest } from "../src/server/platform/db/migrate.ts";
import type {
	OrderLinesTable,
	OrdersTable,
} from "../src/server/platform/db/schema.ts";
import {
	LOW_STOCK_LIMIT,
	SALES_PERIODS,
	type SalesPeriod,
	TOP_TOOLS_LIMIT,
} from "../src/shared/sales.schemas.ts";

// The sales dashboard (docs/sales-dashboard.md) at 100,000 orders, on SQLite and PostgreSQL: each
// of its queries, and the whole report of each period, timed over RUNS runs (median and p99),
// beside a baseline timed in the same run on the same data: the first page of Manage All Orders
// (its 20 newest orders with their lines, and its total), a page every admin already waits for.
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const TOOLS = 500;
/** Orders are spread over this many days back from today: a little more than the 12 months shown. */
const DAYS_OF_HISTORY = 400;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP_RUNS = 3;
/** Rows a statement: 500 × 30 columns stays below both databases' limits of bound parameters. */
const INSERT_BATCH = 500;
const PG_ADMIN_URL =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A small seeded generator: every run seeds the same history. */
function randomNumbers(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

function benchTools(): NewTool[] {
	const now = Date.now();
	return Array.from({ length: TOOLS }, (_, index) => ({
		id: randomUUID(),
		sku: `BENCH-${String(index + 1).padStart(4, "0")}`,
		tool_name: `Bench Tool ${index + 1}`,
		description: "A tool for the sales dashboard benchmark.",
		price_cents: 500 + ((index * 137) % 20_000),
		// About one tool in ten runs low.
		available_quantity: index % 10 === 0 ? index % 7 : 1000,
		minimum_quantity: 5,
		img: "/images/none.webp",
		supplier_name: "Bench",
		supplier_email: null,
		created_at: new Date(now - index * 1000).toISOString(),
	}));
}

type SeedOrder = { order: OrdersTable; lines: OrderLinesTable[] };

const PAID_STATUSES = [
	"paid",
	"shipped",
	"delivered",
	"ready_for_collection",
	"collected",
] as const;

/** The n-th order of the history: when placed, its lines, and what became of it. */
function seedOrder(tools: NewTool[], random: () => number): SeedOrder {
	const id = randomUUID();
	const placed = new Date(
		Date.now() - Math.floor(random() * DAYS_OF_HISTORY * 86_400_000),
	);
	const lineCount = 1 + Math.floor(random() * 3);
	const picked = new Set<number>();
	while (picked.size < lineCount) picked.add(Math.floor(random() * TOOLS));
	const lines = [...picked].map((toolIndex, position) => {
		const tool = tools[toolIndex] as NewTool;
		const quantity = 1 + Math.floor(random() * 5);
		return {
			order_id: id,
			position,
			tool_id: tool.id,
			tool_name: tool.tool_name,
			img: tool.img,
			description: tool.description,
			price_cents: tool.price_cents,
			quantity,
			line_total_cents: tool.price_cents * quantity,
			refunded_quantity: 0,
		};
	});
	const first = lines[0] as OrderLinesTable;
	const total = lines.reduce(
		(sum, line) => sum + Number(line.line_total_cents),
		0,
	);
	const fate = random();
	const isPaid = fate >= 0.2;
	const paidAt = isPaid
		? new Date(placed.getTime() + Math.floor(random() * 3_600_000))
		: null;
	let status: OrdersTable["status"] = isPaid
		? (PAID_STATUSES[Math.floor(random() * PAID_STATUSES.length)] ?? "paid")
		: fate < 0.08
			? "unpaid"
			: "cancelled";
	let refunded = 0;
	if (isPaid && fate > 0.96) {
		status = "refunded";
		refunded = total;
		for (const line of lines) line.refunded_quantity = line.quantity;
	} else if (isPaid && fate > 0.9) {
		first.refunded_quantity = 1;
		refunded = first.price_cents;
	}
	const placedAt = placed.toISOString();
	return {
		lines,
		order: {
			id,
			user_id: null,
			email: `customer-${Math.floor(random() * 5000)}@example.com`,
			user_name: "Bench Customer",
			tool_id: first.tool_id,
			tool_name: first.tool_name,
			img: first.img,
			description: first.description,
			price_cents: first.price_cents,
			order_quantity: first.quantity,
			total_cents: total,
			status,
			payment_id: isPaid ? `test_${id}` : null,
			payment_provider: isPaid ? "test" : null,
			payment_intent_id: null,
			idempotency_key: null,
			created_at: placedAt,
			updated_at: paidAt?.toISOString() ?? placedAt,
			paid_at: paidAt?.toISOString() ?? null,
			cancelled_at: status === "cancelled" ? placedAt : null,
			refund_id: null,
			refunded_at: null,
			pay_by: null,
			deleted_at: random() < 0.01 ? placedAt : null,
			pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
			fulfilment: null,
			purchase_order: null,
			note: null,
			carrier: null,
			tracking_number: null,
			shipped_at: null,
			ready_at: null,
			completed_at: null,
			dispute_status: null,
			disputed_at: null,
			refunded_cents: refunded,
			payment_method: "card",
			due_at: null,
		},
	};
}

async function seed(db: Db): Promise<void> {
	const tools = benchTools();
	await insertTools(db, tools);
	const random = randomNumbers(20261201);
	for (let done = 0; done < ORDERS; done += INSERT_BATCH) {
		const batch = Array.from(
			{ length: Math.min(INSERT_BATCH, ORDERS - done) },
			() => seedOrder(tools, random),
		);
		await db.transaction().execute(async (trx) => {
			await trx
				.insertInto("orders")
				.values(batch.map((each) => each.order))
				.execute();
			await trx
				.insertInto("order_lines")
				.values(batch.flatMap((each) => each.lines))
				.execute();
		});
	}
}

type Timing = { medianMs: number; p99Ms: number };

async function time(run: () => Promise<unknown>): Promise<Timing> {
	for (let i = 0; i < WARM_UP_RUNS; i++) await run();
	const samples: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const start = performance.now();
		await run();
		samples.push(performance.now() - start);
	}
	samples.sort((a, b) => a - b);
	const at = (share: number) =>
		samples[
			Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)
		] ?? 0;
	return { medianMs: at(0.5), p99Ms: at(0.99) };
}

/** Every query of the dashboard, for each period, and the whole report, beside the baseline. */
async function measure(
	label: string,
	db: Db,
	afterSeeding: () => Promise<void> = async () => {},
): Promise<void> {
	const started = performance.now();
	await seed(db);
	await afterSeeding();
	console.info(
		`\n${label}: ${ORDERS.toLocaleString("en-US")} orders seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
	);
	const baseline = await time(() =>
		Promise.all([findOrdersPage(db, {}, 0, 20), countOrders(db, {})]),
	);
	const cases: [string, () => Promise<unknown>][] = [];
	const today = todayUtc();
	for (const period of SALES_PERIODS as readonly SalesPeriod[]) {
		const { fromAt, beforeAt } = salesRangeOf(period, today);
		cases.push(
			[
				`${period}: revenue by bucket`,
				() => sumRevenueByBucket(db, period, fromAt, beforeAt),
			],
			[
				`${period}: orders by bucket, status`,
				() => countPlacedOrders(db, period, fromAt, beforeAt),
			],
			[
				`${period}: top tools`,
				() => findTopTools(db, fromAt, beforeAt, TOP_TOOLS_LIMIT),
			],
			[`${period}: whole report`, () => getSalesReport(db, { period })],
		);
	}
	cases.push(
		["low stock list", () => findLowStockTools(db, LOW_STOCK_LIMIT)],
		["low stock count", () => countLowStockTools(db)],
	);
	const row = (name: string, timing: Timing) =>
		`${name.padEnd(30)} ${timing.medianMs.toFixed(2).padStart(9)} ${timing.p99Ms.toFixed(2).padStart(9)} ${(timing.medianMs / baseline.medianMs).toFixed(2).padStart(7)}`;
	console.info(
		`${"query".padEnd(30)} ${"median ms".padStart(9)} ${"p99 ms".padStart(9)} ${"ratio".padStart(7)}`,
	);
	console.info(row("baseline: all orders, page 1", baseline));
	for (const [name, run] of cases) console.info(row(name, await time(run)));
}

async function onSqlite(): Promise<void> {
	const dir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-bench-sales-"),
	);
	const database: DatabaseConfig = {
		kind: "sqlite",
		file: path.join(dir, "bench.sqlite"),
	};
	const db = createDb(database);
	try {
		await migrateToLatest(db, { legacyImagesDir: undefined });
		await measure("SQLite", db);
	} finally {
		await db.destroy();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function onPostgres(): Promise<void> {
	const name = `tools_gallery_bench_sales_${randomBytes(6).toString("hex")}`;
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
		await migrateToLatest(db, { legacyImagesDir: undefined });
		await measure("PostgreSQL", db, async () => {
			// What autovacuum would have done after so many rows: plans from real statistics.
			await sql`analyze`.execute(db);
		});
	} finally {
		isClosing = true;
		await db.destroy();
		await admin.query(`drop database if exists ${name} with (force)`);
		await admin.end();
	}
}

console.info(
	`Sales dashboard at ${ORDERS.toLocaleString("en-US")} orders over ${DAYS_OF_HISTORY} days, ${TOOLS} tools; ${RUNS} runs each after ${WARM_UP_RUNS} warm-up runs. ratio = median / the baseline's median.`,
);
await onSqlite();
await onPostgres();
