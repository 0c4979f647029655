import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAll } from "../scripts/build.ts";
import { loadConfig } from "../src/server/config.ts";
import { prepareData } from "../src/server/start-up.ts";
import { freePort, startProcess, stopProcess } from "./bench-support.ts";

// Budgets (docs/product.md, performance budgets): cold start to first answered request under 1 s; idle memory under 150 MB.
// Baseline in the same run: a bare Fastify process started the same way (plain node).
const RUNS = 5;

function residentMegabytes(pid: number): number {
	const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
	const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
	return kilobytes / 1024;
}

async function measure(
	args: string[],
	env: NodeJS.ProcessEnv,
	readyPath: string,
) {
	const port = await freePort();
	const argsWithPort = args.map((arg) =>
		arg === "$PORT" ? String(port) : arg,
	);
	const started = performance.now();
	const child = await startProcess(
		argsWithPort,
		{ ...env, PORT: String(port) },
		`http://127.0.0.1:${port}${readyPath}`,
		5,
	);
	const coldStartMs = performance.now() - started;
	await new Promise((resolve) => setTimeout(resolve, 2000));
	const idleMb = child.pid ? residentMegabytes(child.pid) : Number.NaN;
	await stopProcess(child);
	return { coldStartMs, idleMb };
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ??
	Number.NaN;

const dataDir = fs.mkdtempSync(
	path.join(os.tmpdir(), "tools-gallery-startup-"),
);
try {
	// Migrated and seeded beforehand: a restart of a running shop, not its very first start.
	await buildAll({ onlyIfStale: true });
	const { db } = await prepareData(
		loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "true" }),
	);
	await db.destroy();
	const bodyFile = path.join(dataDir, "body.json");
	fs.writeFileSync(bodyFile, "{}");

	const app: { coldStartMs: number; idleMb: number }[] = [];
	const bare: { coldStartMs: number; idleMb: number }[] = [];
	for (let run = 0; run < RUNS; run++) {
		bare.push(
			await measure(
				["bench/bare-server.mjs", bodyFile, "$PORT"],
				{},
				"/api/tools",
			),
		);
		app.push(
			await measure(
				["dist/server/main.js"],
				{
					DATA_DIR: dataDir,
					DATABASE_URL: "",
					HOST: "127.0.0.1",
					LOG_LEVEL: "warn",
				},
				"/api/health",
			),
		);
	}
	const row = (name: string, runs: typeof app) =>
		`${name.padEnd(26)} cold start ${median(runs.map((r) => r.coldStartMs))
			.toFixed(0)
			.padStart(5)} ms   idle RSS ${median(runs.map((r) => r.idleMb))
			.toFixed(0)
			.padStart(4)} MB`;
	console.info(
		`Median of ${RUNS} starts each (time from spawn to the first answered request)\n`,
	);
	console.info(row("bare Fastify (baseline)", bare));
	console.info(row("Tools Gallery server", app));
	console.info(
		`\nratio cold start app / baseline: ${(median(app.map((r) => r.coldStartMs)) / median(bare.map((r) => r.coldStartMs))).toFixed(2)} (budget: app under 1000 ms)`,
	);
	console.info(
		`ratio idle memory app / baseline: ${(median(app.map((r) => r.idleMb)) / median(bare.map((r) => r.idleMb))).toFixed(2)} (budget: app under 150 MB)`,
	);
} finally {
	fs.rmSync(dataDir, { recursive: true, force: true });
}
