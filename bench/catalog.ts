import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAll } from "../scripts/build.ts";
import { loadConfig } from "../src/server/config.ts";
import { insertTools } from "../src/server/features/tools/tools.repository.ts";
import { prepareData } from "../src/server/start-up.ts";
import {
	freePort,
	load,
	startProcess,
	startShopServer,
	stopProcess,
} from "./bench-support.ts";

// Catalog read budget (docs/product.md, performance budgets): at least half the requests per second of a bare Fastify route
// answering the same bytes from memory, and p99 under 20 ms, at 50 connections.
const CATALOG_SIZE = 60;
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-bench-"));
const children: Awaited<ReturnType<typeof startProcess>>[] = [];
try {
	const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "true" });
	await buildAll({ onlyIfStale: true });
	const { db } = await prepareData(config);
	const seeded = await db
		.selectFrom("tools")
		.selectAll()
		.orderBy("created_at", "desc")
		.execute();
	const extra = Array.from(
		{ length: CATALOG_SIZE - seeded.length },
		(_, index) => {
			const model = seeded[index % seeded.length];
			if (!model) throw new Error("the demo catalog is empty");
			const createdAt = new Date(
				Date.parse(model.created_at) - (index + 1) * 86_400_000,
			).toISOString();
			return {
				...model,
				id: randomUUID(),
				tool_name: `${model.tool_name} (batch ${index + 2})`,
				created_at: createdAt,
				updated_at: createdAt,
			};
		},
	);
	await insertTools(db, extra);
	await db.destroy();

	const appPort = await freePort();
	const listPath = `/api/tools?page=1&page_size=${CATALOG_SIZE}`;
	const appUrl = `http://127.0.0.1:${appPort}${listPath}`;
	children.push(await startShopServer(dataDir, appPort));
	const body = Buffer.from(await (await fetch(appUrl)).arrayBuffer());
	const listed = JSON.parse(body.toString("utf8")) as {
		items: unknown[];
		total: number;
	};
	if (listed.items.length !== CATALOG_SIZE)
		throw new Error(
			`expected ${CATALOG_SIZE} tools, got ${listed.items.length}`,
		);
	const bodyFile = path.join(dataDir, "tool-list.json");
	fs.writeFileSync(bodyFile, body);

	const barePort = await freePort();
	const bareUrl = `http://127.0.0.1:${barePort}${listPath}`;
	children.push(
		await startProcess(
			["bench/bare-server.mjs", bodyFile, String(barePort)],
			{},
			bareUrl,
		),
	);

	console.info(
		`Catalog: ${CATALOG_SIZE} tools, ${body.length} bytes per answer; ${CONNECTIONS} connections, ${SECONDS} s each\n`,
	);
	await load(bareUrl, CONNECTIONS, WARM_UP_SECONDS);
	await load(appUrl, CONNECTIONS, WARM_UP_SECONDS);
	const bare = await load(bareUrl, CONNECTIONS, SECONDS);
	const app = await load(appUrl, CONNECTIONS, SECONDS);

	const ratio = app.requestsPerSecond / bare.requestsPerSecond;
	const row = (name: string, r: typeof app) =>
		`${name.padEnd(28)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
	console.info(row("bare Fastify (baseline)", bare));
	console.info(row("GET /api/tools (SQLite)", app));
	console.info(`\nratio app / baseline: ${ratio.toFixed(2)} (budget ≥ 0.50)`);
	console.info(`app p99: ${app.p99Ms} ms (budget < 20 ms)`);
	if (app.errors + app.non2xx + bare.errors + bare.non2xx > 0) {
		console.error("Some requests failed; the figures above are not valid.");
		process.exitCode = 1;
	}
} finally {
	for (const child of children) await stopProcess(child);
	fs.rmSync(dataDir, { recursive: true, force: true });
}
