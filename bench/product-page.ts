import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAll } from "../scripts/build.ts";
import { loadConfig } from "../src/server/config.ts";
import { prepareData } from "../src/server/start-up.ts";
import {
	freePort,
	type LoadResult,
	load,
	startShopServer,
	stopProcess,
} from "./bench-support.ts";

// A tool's server-rendered page (/tools/{slug}: two reads, the HTML filled into index.html and
// hashed for its ETag on every request) against the catalog's first page, which the server
// answers from bytes it serialized once (decision 006), on the same shop in the same run, at 50
// connections. It has no budget yet: the figures and their ratio are what it reports.
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = fs.mkdtempSync(
	path.join(os.tmpdir(), "tools-gallery-bench-page-"),
);
let server: Awaited<ReturnType<typeof startShopServer>> | undefined;
try {
	// Vite sets NODE_ENV=production in this process when it builds; the server started below
	// would inherit it and refuse to start without AUTH_SECRET. It runs as `npm start` would here.
	const nodeEnv = process.env.NODE_ENV;
	await buildAll({ onlyIfStale: true });
	if (nodeEnv === undefined) delete process.env.NODE_ENV;
	else process.env.NODE_ENV = nodeEnv;
	const { db } = await prepareData(
		loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "true" }),
	);
	await db.destroy();

	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	server = await startShopServer(dataDir, port);
	const listUrl = `${origin}/api/tools?page=1`;
	const list = (await (await fetch(listUrl)).json()) as {
		items: { slug: string; tool_name: string }[];
	};
	const tool = list.items[0];
	if (!tool) throw new Error("the demo catalog is empty");
	const pageUrl = `${origin}/tools/${tool.slug}`;
	const page = await fetch(pageUrl);
	const html = await page.text();
	if (page.status !== 200 || !html.includes("application/ld+json"))
		throw new Error(`${pageUrl} is not the tool's page: ${page.status}`);

	const measure = async (url: string): Promise<LoadResult> => {
		await load(url, CONNECTIONS, WARM_UP_SECONDS);
		return load(url, CONNECTIONS, SECONDS);
	};
	const pageResult = await measure(pageUrl);
	const listResult = await measure(listUrl);
	for (const [name, result] of [
		["/tools/{slug}", pageResult],
		["/api/tools?page=1", listResult],
	] as const)
		if (result.errors > 0 || result.non2xx > 0)
			throw new Error(
				`${name}: ${result.errors} errors and ${result.non2xx} non-2xx answers`,
			);

	const row = (name: string, result: LoadResult) =>
		`${name.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms`;
	console.info(
		`${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up; page of "${tool.tool_name}" (${Buffer.byteLength(html)} bytes)\n`,
	);
	console.info(row("tool page /tools/{slug} (HTML)", pageResult));
	console.info(row("tool list /api/tools?page=1 (JSON)", listResult));
	console.info(
		`\nratio tool page / cached list: ${(pageResult.requestsPerSecond / listResult.requestsPerSecond).toFixed(2)} of the requests per second`,
	);
} finally {
	if (server) await stopProcess(server);
	fs.rmSync(dataDir, { recursive: true, force: true });
}
