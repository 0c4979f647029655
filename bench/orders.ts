import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildAll } from "../scripts/build.ts";
import { loadConfig } from "../src/server/config.ts";
import { insertTools } from "../src/server/features/tools/tools.repository.ts";
import type { Db } from "../src/server/platform/db/database.ts";
import SQLite from "../src/server/platform/db/sqlite-driver.ts";
import { prepareData } from "../src/server/start-up.ts";
import {
	freePort,
	type LoadResult,
	load,
	loadPosts,
	signUpCustomers,
	startProcess,
	stopProcess,
	threeLineCheckout,
} from "./bench-support.ts";

// Placing orders (docs/product.md, performance budgets): at least 1,000 orders/s on SQLite with no
// unit oversold and p99 under 25 ms at 50 concurrent customers, printed beside the rate at which
// this disk completes durable SQLite commits of one row each. On SQLite the orders that arrive
// together share one commit (decision 009), so the orders' rate can pass the disk's commit rate.
// Beside orders, catalog reads keep at least 0.3× their rate alone and orders 0.7× theirs
// (decision 016); on PostgreSQL p99 stays under 50 ms at 50 connections, for 50 tools and for one.
const CONNECTIONS = 50;
const TOOLS = 50;
const STOCK = 10_000_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_ADMIN_URL =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SQLITE_P99_BUDGET_MS = 25;
const PG_P99_BUDGET_MS = 50;

type Shop = { origin: string; toolIds: string[] };

/** Commits of one small row per transaction, WAL and synchronous=FULL, for `seconds`. */
function measureDurableCommits(dir: string, seconds: number): number {
	const db = new SQLite(path.join(dir, "fsync.sqlite"));
	db.pragma("journal_mode = WAL");
	db.pragma("synchronous = FULL");
	db.exec("create table rows (id integer primary key, value text)");
	const insert = db.prepare("insert into rows (value) values (?)");
	const until = Date.now() + seconds * 1000;
	let commits = 0;
	while (Date.now() < until) {
		insert.run("x");
		commits++;
	}
	db.close();
	return commits / seconds;
}

async function insertBenchTools(db: Db): Promise<string[]> {
	const now = Date.now();
	const tools = Array.from({ length: TOOLS }, (_, index) => {
		const createdAt = new Date(now - index * 1000).toISOString();
		return {
			id: randomUUID(),
			tool_name: `Bench Tool ${index + 1}`,
			description: "A tool for the orders benchmark.",
			price_cents: 1000 + index,
			available_quantity: STOCK,
			minimum_quantity: 1,
			img: "/images/none.webp",
			supplier_name: "Bench",
			supplier_email: null,
			sku: `BENCH-${index + 1}`,
			created_at: createdAt,
		};
	});
	await insertTools(db, tools);
	return tools.map((tool) => tool.id);
}

async function startShop(
	dataDir: string,
	databaseUrl: string,
	toolIds: string[],
): Promise<{ shop: Shop; stop: () => Promise<void> }> {
	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	const child = await startProcess(
		["dist/server/main.js"],
		{
			DATA_DIR: dataDir,
			DATABASE_URL: databaseUrl,
			PORT: String(port),
			HOST: "127.0.0.1",
			PUBLIC_URL: origin,
			SEED_DEMO: "false",
			LOG_LEVEL: "warn",
			NODE_ENV: "",
			// Each customer here places hundreds of orders a run and pays none: the limit on unpaid
			// orders (3 by default) would refuse nearly all of them, so it is set as high as it goes,
			// and every run has customers of its own.
			MAX_UNPAID_ORDERS: "1000",
			// Those customers all sign up, sign in and order from this one address, far faster than
			// any customer could: the abuse bounds are not what is measured.
			AUTH_ADDRESS_LIMIT: "1000000",
			QUOTA_SCALE: "1000000",
		},
		`${origin}/api/ready`,
	);
	return {
		shop: { origin, toolIds },
		stop: () => stopProcess(child),
	};
}

/** Each connection is one customer (of `tokens`) ordering one piece at a time of its own tool (or `onlyTool`). */
function loadOrders(
	shop: Shop,
	tokens: string[],
	seconds: number,
	onlyTool?: string,
): Promise<LoadResult> {
	return loadPosts(shop.origin, "/api/orders", tokens, seconds, (index) => ({
		tool_id: onlyTool ?? shop.toolIds[index % shop.toolIds.length],
		order_quantity: 1,
	}));
}

/**
 * Each connection is one customer checking out a cart of three lines (one piece each of three
 * tools next to its own), delivered to an address: every checkout takes three tools' stock.
 */
function loadCheckouts(
	shop: Shop,
	tokens: string[],
	seconds: number,
): Promise<LoadResult> {
	return loadPosts(shop.origin, "/api/checkout", tokens, seconds, (index) =>
		threeLineCheckout(shop.toolIds, index),
	);
}

/** Units sold beyond the stock: stock below zero, or stock + ordered ≠ the initial stock. */
function oversoldUnits(rows: { stock: number; ordered: number }[]): number {
	return rows.reduce(
		(sum, row) =>
			sum + Math.max(0, -row.stock) + Math.abs(row.stock + row.ordered - STOCK),
		0,
	);
}

const STOCK_QUERY = `select t.available_quantity as stock,
  coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
    where l.tool_id = t.id and o.status <> 'cancelled'), 0) as ordered
  from tools t`;

const verdict = (isMet: boolean) => (isMet ? "ok" : "missed");

/** Checkouts of three lines against one-line orders of the same run (budget: at least 0.7×). */
function printCheckoutRatio(checkouts: LoadResult, orders: LoadResult) {
	const ratio = checkouts.requestsPerSecond / orders.requestsPerSecond;
	console.info(
		`ratio 3-line checkouts/s ÷ one-line orders/s: ${ratio.toFixed(2)} (budget ≥ 0.7: ${verdict(ratio >= 0.7)})`,
	);
}

const row = (name: string, r: LoadResult) =>
	`${name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(7)}/s   p99 ${String(r.p99Ms).padStart(5)} ms   errors ${r.errors + r.non2xx}`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-orders-"));
let failed = false;
const stops: (() => Promise<void>)[] = [];
try {
	await buildAll({ onlyIfStale: true });
	console.info(
		`Orders: ${CONNECTIONS} concurrent customers, one piece an order, ${SECONDS} s a run\n`,
	);
	const commitsPerSecond = measureDurableCommits(scratch, Math.min(5, SECONDS));
	console.info(
		`this disk: ${commitsPerSecond.toFixed(0)} durable SQLite commits/s (WAL, synchronous=FULL, one row each)`,
	);

	// SQLite.
	const sqliteDir = path.join(scratch, "sqlite");
	const config = loadConfig({ DATA_DIR: sqliteDir, SEED_DEMO: "false" });
	const { db } = await prepareData(config);
	const sqliteTools = await insertBenchTools(db);
	await db.destroy();
	const sqlite = await startShop(sqliteDir, "", sqliteTools);
	stops.push(sqlite.stop);
	const customers = (count: number) =>
		signUpCustomers(sqlite.shop.origin, count);
	await loadOrders(sqlite.shop, await customers(CONNECTIONS), 2);
	const sqliteOrders = await loadOrders(
		sqlite.shop,
		await customers(CONNECTIONS),
		SECONDS,
	);
	console.info(row("orders, SQLite, 50 tools", sqliteOrders));
	console.info(
		`ratio orders/s ÷ durable commits/s: ${(sqliteOrders.requestsPerSecond / commitsPerSecond).toFixed(2)}`,
	);
	console.info(
		`budget: ≥ 1,000 orders/s (${verdict(sqliteOrders.requestsPerSecond >= 1000)}), p99 < ${SQLITE_P99_BUDGET_MS} ms (${verdict(sqliteOrders.p99Ms < SQLITE_P99_BUDGET_MS)})`,
	);
	const sqliteCheckouts = await loadCheckouts(
		sqlite.shop,
		await customers(CONNECTIONS),
		SECONDS,
	);
	console.info(row("checkouts of 3-line carts, SQLite", sqliteCheckouts));
	printCheckoutRatio(sqliteCheckouts, sqliteOrders);

	// Orders and catalog reads at the same time, against each alone in the same run.
	const listUrl = `${sqlite.shop.origin}/api/tools?page=1&page_size=24`;
	const readsAlone = await load(listUrl, CONNECTIONS, SECONDS);
	console.info(row("catalog alone: GET /api/tools, SQLite", readsAlone));
	const mixedCustomers = await customers(CONNECTIONS);
	const [mixedOrders, mixedReads] = await Promise.all([
		loadOrders(sqlite.shop, mixedCustomers, SECONDS),
		load(listUrl, CONNECTIONS, SECONDS),
	]);
	console.info(row("mixed: orders, SQLite", mixedOrders));
	console.info(row("mixed: GET /api/tools at the same time", mixedReads));
	const readsRatio =
		mixedReads.requestsPerSecond / readsAlone.requestsPerSecond;
	const ordersRatio =
		mixedOrders.requestsPerSecond / sqliteOrders.requestsPerSecond;
	console.info(
		`ratio mixed reads/s ÷ catalog alone: ${readsRatio.toFixed(2)} (budget ≥ 0.3: ${verdict(readsRatio >= 0.3)}); mixed orders/s ÷ orders alone: ${ordersRatio.toFixed(2)} (budget ≥ 0.7: ${verdict(ordersRatio >= 0.7)})`,
	);
	await sqlite.stop();
	stops.pop();
	const sqliteCheck = new SQLite(path.join(sqliteDir, "tools-gallery.sqlite"));
	const sqliteOversold = oversoldUnits(
		sqliteCheck.prepare(STOCK_QUERY).all() as {
			stock: number;
			ordered: number;
		}[],
	);
	sqliteCheck.close();
	console.info(
		`oversold units on SQLite after the runs: ${sqliteOversold} (budget 0: ${verdict(sqliteOversold === 0)})\n`,
	);

	// PostgreSQL: a database of its own, dropped at the end.
	const name = `tools_gallery_bench_${randomUUID().slice(0, 8)}`;
	const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
	await admin.connect();
	await admin.query(`create database ${name}`);
	const pgUrl = new URL(PG_ADMIN_URL);
	pgUrl.pathname = `/${name}`;
	try {
		const pgDir = path.join(scratch, "postgres");
		const pgConfig = loadConfig({
			DATA_DIR: pgDir,
			DATABASE_URL: pgUrl.toString(),
			SEED_DEMO: "false",
		});
		const prepared = await prepareData(pgConfig);
		const pgTools = await insertBenchTools(prepared.db);
		await prepared.db.destroy();
		const postgres = await startShop(pgDir, pgUrl.toString(), pgTools);
		stops.push(postgres.stop);
		const pgCustomers = (count: number) =>
			signUpCustomers(postgres.shop.origin, count);
		await loadOrders(postgres.shop, await pgCustomers(CONNECTIONS), 2);
		const ten = await loadOrders(postgres.shop, await pgCustomers(10), SECONDS);
		const fifty = await loadOrders(
			postgres.shop,
			await pgCustomers(CONNECTIONS),
			SECONDS,
		);
		const oneTool = await loadOrders(
			postgres.shop,
			await pgCustomers(CONNECTIONS),
			SECONDS,
			pgTools[0],
		);
		console.info(row("orders, PostgreSQL, 50 tools, 10 connections", ten));
		console.info(row("orders, PostgreSQL, 50 tools, 50 connections", fifty));
		console.info(row("orders, PostgreSQL, 1 tool, 50 connections", oneTool));
		console.info(
			`budget: p99 < ${PG_P99_BUDGET_MS} ms at 50 connections, 50 tools (${verdict(fifty.p99Ms < PG_P99_BUDGET_MS)}) and one tool (${verdict(oneTool.p99Ms < PG_P99_BUDGET_MS)})`,
		);
		const pgCheckouts = await loadCheckouts(
			postgres.shop,
			await pgCustomers(CONNECTIONS),
			SECONDS,
		);
		console.info(
			row("checkouts of 3-line carts, PostgreSQL, 50 conn.", pgCheckouts),
		);
		printCheckoutRatio(pgCheckouts, fifty);
		await postgres.stop();
		stops.pop();
		const check = new pg.Client({ connectionString: pgUrl.toString() });
		await check.connect();
		const { rows } = await check.query(STOCK_QUERY);
		await check.end();
		const pgOversold = oversoldUnits(
			rows.map((r) => ({ stock: Number(r.stock), ordered: Number(r.ordered) })),
		);
		console.info(
			`oversold units on PostgreSQL after the runs: ${pgOversold} (budget 0: ${verdict(pgOversold === 0)})`,
		);
		failed ||=
			pgOversold > 0 ||
			[ten, fifty, oneTool, pgCheckouts].some(
				(r) => r.errors > 0 || r.non2xx > 0,
			);
	} finally {
		await admin.query(`drop database if exists ${name} with (force)`);
		await admin.end();
	}
	failed ||=
		sqliteOversold > 0 ||
		[sqliteOrders, sqliteCheckouts, mixedOrders, mixedReads].some(
			(r) => r.errors > 0 || r.non2xx > 0,
		);
	if (failed) {
		console.error("Some requests failed or stock was oversold.");
		process.exitCode = 1;
	}
} finally {
	for (const stop of stops) await stop();
	fs.rmSync(scratch, { recursive: true, force: true });
}
