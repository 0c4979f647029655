import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoTools } from "../src/server/features/demo/demo-content.ts";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";
import { freePort, startProcess, stopProcess } from "./bench-support.ts";

// Budgets (docs/product.md, performance budgets), against a bare Fastify process started the same
// way (plain node, bench/bare-server.mjs) in the same run:
// - cold start, spawn to the first answered request, of a restart: at most 2.5 times the bare one;
// - idle memory (RSS): at most 1.5 times the bare one's, both 2 s after a restart on a seeded data
//   folder and 10 s after a first start on an empty one, which seeds the demo catalog first.
// The server runs as `npm start` runs it: scripts/start.mjs, which checks the build and imports
// dist/server/main.js.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COLD_START_BUDGET = 2.5;
const IDLE_MEMORY_BUDGET = 1.5;
const RESTART_IDLE_MS = 2_000;
const FIRST_START_IDLE_MS = 10_000;

function residentMegabytes(pid: number): number {
	const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
	const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
	return kilobytes / 1024;
}

type Start = {
	coldStartMs: number;
	/** RSS in MB at each of the idle times asked for, in ms after the first answer. */
	idleMb: Map<number, number>;
};

/** Starts `node <args>`, times it to its first answer at `readyPath`, reads its RSS at `idleTimes`. */
async function measure(
	args: string[],
	env: NodeJS.ProcessEnv,
	readyPath: string,
	idleTimes: number[],
	check?: (url: string) => Promise<void>,
): Promise<Start> {
	const port = await freePort();
	const argsWithPort = args.map((arg) =>
		arg === "$PORT" ? String(port) : arg,
	);
	const url = `http://127.0.0.1:${port}`;
	const started = performance.now();
	const child = await startProcess(
		argsWithPort,
		{ ...env, PORT: String(port) },
		`${url}${readyPath}`,
		5,
	);
	const answeredAt = performance.now();
	try {
		const idleMb = new Map<number, number>();
		for (const idleMs of [...idleTimes].sort((a, b) => a - b)) {
			const wait = answeredAt + idleMs - performance.now();
			await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
			idleMb.set(idleMs, child.pid ? residentMegabytes(child.pid) : Number.NaN);
		}
		await check?.(url);
		return { coldStartMs: answeredAt - started, idleMb };
	} finally {
		await stopProcess(child);
	}
}

/** The first start must have seeded the demo catalog, or its figures mean nothing. */
async function expectDemoCatalog(url: string): Promise<void> {
	const page = (await (await fetch(`${url}/api/tools`)).json()) as {
		total: number;
	};
	if (page.total !== demoTools.length)
		throw new Error(
			`The first start answered with ${page.total} tools, not the ${demoTools.length} of the demo catalog`,
		);
}

/**
 * Brings the build up to date before a start is timed, so that start times only its own check.
 * In a child process, as `npm start` builds: the web build sets NODE_ENV=production in the process
 * it runs in, and the servers started from here would inherit it.
 */
function buildIfStale(): void {
	const build = spawnSync(
		process.execPath,
		["--import", "tsx", "scripts/build.ts", "--if-stale"],
		{ cwd: PROJECT_ROOT, stdio: "inherit" },
	);
	if (build.status !== 0) throw new Error("The build failed");
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ??
	Number.NaN;

const workDir = fs.mkdtempSync(
	path.join(os.tmpdir(), "tools-gallery-startup-"),
);
try {
	buildIfStale();
	const bodyFile = path.join(workDir, "body.json");
	fs.writeFileSync(bodyFile, "{}");
	const serverEnv = (dataDir: string): NodeJS.ProcessEnv => ({
		DATA_DIR: dataDir,
		DATABASE_URL: "",
		HOST: "127.0.0.1",
		LOG_LEVEL: "warn",
		SEED_DEMO: "true",
	});

	const bare: Start[] = [];
	const firstStarts: Start[] = [];
	const restarts: Start[] = [];
	for (let run = 0; run < RUNS; run++) {
		bare.push(
			await measure(
				["bench/bare-server.mjs", bodyFile, "$PORT"],
				{},
				"/api/tools",
				[RESTART_IDLE_MS, FIRST_START_IDLE_MS],
			),
		);
		const dataDir = path.join(workDir, `data-${run}`);
		// A change to the sources since the last start would otherwise be built, and timed, by this one.
		buildIfStale();
		firstStarts.push(
			await measure(
				["scripts/start.mjs"],
				serverEnv(dataDir),
				"/api/health",
				[FIRST_START_IDLE_MS],
				expectDemoCatalog,
			),
		);
		buildIfStale();
		restarts.push(
			await measure(["scripts/start.mjs"], serverEnv(dataDir), "/api/health", [
				RESTART_IDLE_MS,
			]),
		);
	}

	const coldStart = (starts: Start[]) =>
		median(starts.map((start) => start.coldStartMs));
	const idle = (starts: Start[], idleMs: number) =>
		median(starts.map((start) => start.idleMb.get(idleMs) ?? Number.NaN));
	const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
	const mb = (value: number) => `${value.toFixed(0).padStart(4)} MB`;
	const [load1] = os.loadavg();
	console.info(
		`Median of ${RUNS} starts each, time from spawn to the first answered request; ${os.cpus().length} cores, load average ${load1?.toFixed(1)} (other work on the machine slows both sides)\n`,
	);
	console.info(
		`${"bare Fastify (baseline)".padEnd(34)} cold start ${ms(coldStart(bare))}   RSS ${mb(idle(bare, RESTART_IDLE_MS))} after 2 s, ${mb(idle(bare, FIRST_START_IDLE_MS))} after 10 s`,
	);
	console.info(
		`${"first start, empty folder (seeds)".padEnd(34)} cold start ${ms(coldStart(firstStarts))}   RSS ${mb(idle(firstStarts, FIRST_START_IDLE_MS))} after 10 s`,
	);
	console.info(
		`${"restart, seeded folder".padEnd(34)} cold start ${ms(coldStart(restarts))}   RSS ${mb(idle(restarts, RESTART_IDLE_MS))} after 2 s\n`,
	);
	const budget = (what: string, ratio: number, limit: number) =>
		console.info(
			`${what.padEnd(52)} ${ratio.toFixed(2)}× (budget ≤ ${limit.toFixed(1)}×): ${ratio <= limit ? "ok" : "missed"}`,
		);
	budget(
		"cold start of a restart / baseline",
		coldStart(restarts) / coldStart(bare),
		COLD_START_BUDGET,
	);
	budget(
		"idle RSS 2 s after a restart / baseline",
		idle(restarts, RESTART_IDLE_MS) / idle(bare, RESTART_IDLE_MS),
		IDLE_MEMORY_BUDGET,
	);
	budget(
		"idle RSS 10 s after a first start / baseline",
		idle(firstStarts, FIRST_START_IDLE_MS) / idle(bare, FIRST_START_IDLE_MS),
		IDLE_MEMORY_BUDGET,
	);
	console.info(
		`\nThe first start's cold start includes the migrations and the seeding of the demo catalog (no budget).`,
	);
} finally {
	fs.rmSync(workDir, { recursive: true, force: true });
}
