import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { buildAll } from "../scripts/build.ts";
import { type Cluster, startCluster } from "../scripts/scale/cluster.ts";
import { insertTools } from "../src/server/features/tools/tools.repository.ts";
import { createDb } from "../src/server/platform/db/database.ts";
import {
	type LoadResult,
	load,
	loadPosts,
	signUpCustomers,
	threeLineCheckout,
} from "./bench-support.ts";

// What one and two instances of the shop carry behind nginx on one PostgreSQL (docs/capacity.md):
// catalog reads, one-line orders and 3-line checkouts at 50 connections, each run on a fresh
// database, printed side by side with the ratio, and where the machine's processor time went
// during each load (the instances, PostgreSQL, nginx, the load generator), so the resource that
// saturates first is read from the same run.
const CONNECTIONS = 50;
const TOOLS = 50;
const STOCK = 10_000_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_URL =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TICKS_PER_SECOND = 100;

/** One secret for every instance of a run: a session made by one is read by the others. */
const AUTH_SECRET = randomBytes(32).toString("hex");

function settings(origin: string): Record<string, string> {
	return {
		NODE_ENV: "",
		PUBLIC_URL: origin,
		AUTH_SECRET,
		TRUST_PROXY: "127.0.0.1",
		PAYMENTS: "test",
		MAIL_TRANSPORT: "outbox",
		SMTP_URL: "",
		SEED_DEMO: "false",
		LOG_LEVEL: "warn",
		// Fifty customers place hundreds of unpaid orders each from one address: the abuse bounds are
		// not what is measured.
		MAX_UNPAID_ORDERS: "1000",
		AUTH_ADDRESS_LIMIT: "1000000",
		QUOTA_SCALE: "1000000",
		// BENCH_REDIS_URL=redis://…: the limits count in Redis instead of PostgreSQL.
		REDIS_URL: process.env.BENCH_REDIS_URL ?? "",
	};
}

/** Processor ticks used so far by each process whose command name is `name`, or of `pids`. */
function ticksOf(select: {
	name?: string;
	pids?: number[];
}): Map<number, number> {
	const ticks = new Map<number, number>();
	const pids =
		select.pids ??
		fs
			.readdirSync("/proc")
			.filter((entry) => /^\d+$/.test(entry))
			.map(Number);
	for (const pid of pids) {
		try {
			if (select.name) {
				const name = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
				if (name !== select.name) continue;
			}
			const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
			// Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
			const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
			ticks.set(pid, Number(fields[11]) + Number(fields[12]));
		} catch {
			// the process ended meanwhile
		}
	}
	return ticks;
}

/** Ticks the processes used between two readings (one that began meanwhile counts from 0). */
function ticksBetween(
	before: Map<number, number>,
	after: Map<number, number>,
): number {
	let used = 0;
	for (const [pid, ticks] of after) used += ticks - (before.get(pid) ?? 0);
	return used;
}

type CpuShare = {
	instances: number;
	postgres: number;
	nginx: number;
	load: number;
};

/** Runs `work` and answers what it got with the cores each part of the set-up kept busy. */
async function measured<T>(
	cluster: Cluster,
	work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShare }> {
	const pids = cluster.instances.map((instance) => instance.child.pid ?? 0);
	const sample = () => ({
		instances: ticksOf({ pids }),
		postgres: ticksOf({ name: "postgres" }),
		nginx: ticksOf({ name: "nginx" }),
		load: process.cpuUsage(),
	});
	const before = sample();
	const startedAt = performance.now();
	const result = await work();
	const seconds = (performance.now() - startedAt) / 1000;
	const after = sample();
	const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
	const loadUsage = process.cpuUsage(before.load);
	return {
		result,
		cpu: {
			instances: cores(ticksBetween(before.instances, after.instances)),
			postgres: cores(ticksBetween(before.postgres, after.postgres)),
			nginx: cores(ticksBetween(before.nginx, after.nginx)),
			load: (loadUsage.user + loadUsage.system) / 1e6 / seconds,
		},
	};
}

type Run = { result: LoadResult; cpu: CpuShare };
type Figures = { reads: Run; orders: Run; checkouts: Run };

async function measureCluster(count: number): Promise<Figures> {
	const cluster = await startCluster({ count, adminUrl: ADMIN_URL, settings });
	try {
		const db = createDb({ kind: "postgres", url: cluster.databaseUrl });
		const toolIds: string[] = [];
		try {
			const now = Date.now();
			const tools = Array.from({ length: TOOLS }, (_, index) => ({
				id: randomUUID(),
				tool_name: `Bench Tool ${index + 1}`,
				description: "A tool for the scale benchmark.",
				price_cents: 1000 + index,
				available_quantity: STOCK,
				minimum_quantity: 1,
				img: "/images/none.webp",
				supplier_name: "Bench",
				supplier_email: null,
				sku: `BENCH-${index + 1}`,
				created_at: new Date(now - index * 1000).toISOString(),
			}));
			await insertTools(db, tools);
			toolIds.push(...tools.map((tool) => tool.id));
		} finally {
			await db.destroy();
		}
		const tokens = await signUpCustomers(cluster.origin, CONNECTIONS);
		const listUrl = `${cluster.origin}/api/tools?page=1&page_size=24`;
		// Warm: each instance's list cache and connections.
		await load(listUrl, CONNECTIONS, 2);
		const reads = await measured(cluster, () =>
			load(listUrl, CONNECTIONS, SECONDS),
		);
		const orders = await measured(cluster, () =>
			loadPosts(cluster.origin, "/api/orders", tokens, SECONDS, (index) => ({
				tool_id: toolIds[index % toolIds.length],
				order_quantity: 1,
			})),
		);
		const checkouts = await measured(cluster, () =>
			loadPosts(cluster.origin, "/api/checkout", tokens, SECONDS, (index) =>
				threeLineCheckout(toolIds, index),
			),
		);
		return { reads, orders, checkouts };
	} finally {
		await cluster.stop();
	}
}

const rate = (run: Run) =>
	`${run.result.requestsPerSecond.toFixed(0).padStart(6)}/s p99 ${String(run.result.p99Ms).padStart(4)} ms`;
const cpuLine = (run: Run) =>
	`shop ${run.cpu.instances.toFixed(2)}, PostgreSQL ${run.cpu.postgres.toFixed(2)}, nginx ${run.cpu.nginx.toFixed(2)}, load ${run.cpu.load.toFixed(2)}`;

await buildAll({ onlyIfStale: true });
console.info(
	`Scale: 1 and 2 instances behind nginx on one PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s a run, ${TOOLS} tools; limits counted in ${process.env.BENCH_REDIS_URL ? "Redis" : "PostgreSQL"}\n`,
);
const one = await measureCluster(1);
const two = await measureCluster(2);

const rows: [string, keyof Figures][] = [
	["catalog reads (cached first page)", "reads"],
	["orders (one line)", "orders"],
	["checkouts (three lines)", "checkouts"],
];
console.info(
	`${"".padEnd(36)} ${"1 instance".padEnd(22)} ${"2 instances".padEnd(22)} ratio`,
);
for (const [name, key] of rows) {
	const ratio =
		two[key].result.requestsPerSecond / one[key].result.requestsPerSecond;
	const errors =
		one[key].result.errors +
		one[key].result.non2xx +
		two[key].result.errors +
		two[key].result.non2xx;
	console.info(
		`${name.padEnd(36)} ${rate(one[key]).padEnd(22)} ${rate(two[key]).padEnd(22)} ${ratio.toFixed(2)}×${errors > 0 ? `   (${errors} errors)` : ""}`,
	);
}
console.info(
	`\nCores busy during each load (this machine has ${(await import("node:os")).availableParallelism()}):`,
);
for (const [name, key] of rows) {
	console.info(`${name.padEnd(36)} 1 instance: ${cpuLine(one[key])}`);
	console.info(`${"".padEnd(36)} 2 instances: ${cpuLine(two[key])}`);
}
