// `npm run test:seo`: Lighthouse's SEO category on a tool's public page must score 100. Starts the
// shop as `npm start` does (built, on a fresh SQLite data directory with the demo catalog, its
// own address as PUBLIC_URL so canonical links point at it), scores /tools/{slug} of the newest
// demo tool, prints each failed audit, and exits non-zero below 100.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startProcess, stopProcess } from "../bench/bench-support.ts";
import { loadConfig } from "../src/server/config.ts";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";
import { prepareData } from "../src/server/start-up.ts";

const CHROME_PATH =
	process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE = path.join(
	PROJECT_ROOT,
	"node_modules",
	".bin",
	"lighthouse",
);
const REQUIRED_SCORE = 100;

type SeoReport = {
	finalDisplayedUrl: string;
	categories: {
		seo?: { score: number | null; auditRefs: { id: string; weight: number }[] };
	};
	audits: Record<string, { title: string; score: number | null }>;
};

function scoreSeo(url: string, attempt = 1): SeoReport {
	const result = spawnSync(
		LIGHTHOUSE,
		[
			url,
			"--output=json",
			"--quiet",
			"--only-categories=seo",
			"--chrome-flags=--headless=new --no-sandbox",
		],
		{
			env: { ...process.env, CHROME_PATH },
			encoding: "utf8",
			maxBuffer: 64 * 1024 * 1024,
		},
	);
	if (result.status !== 0) {
		// Lighthouse's trace recording sometimes misses the navigation and asks to be run again.
		if (attempt < 3 && result.stderr.includes("NO_NAVSTART"))
			return scoreSeo(url, attempt + 1);
		throw new Error(`lighthouse failed:\n${result.stderr}`);
	}
	return JSON.parse(result.stdout) as SeoReport;
}

const startedAt = performance.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-seo-"));
let server: Awaited<ReturnType<typeof startProcess>> | undefined;
let failed = false;
try {
	// In a child process, as `npm start` does: the web build sets NODE_ENV=production for the
	// process it runs in, which the shop server started from here would then inherit.
	const build = spawnSync(
		process.execPath,
		["--import", "tsx", "scripts/build.ts", "--if-stale"],
		{ cwd: PROJECT_ROOT, stdio: "inherit" },
	);
	if (build.status !== 0) throw new Error("the build failed");
	const { db } = await prepareData(
		loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "true" }),
	);
	await db.destroy();

	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	server = await startProcess(
		["dist/server/main.js"],
		{
			DATA_DIR: dataDir,
			DATABASE_URL: "",
			PORT: String(port),
			HOST: "127.0.0.1",
			PUBLIC_URL: origin,
			SEED_DEMO: "false",
			LOG_LEVEL: "warn",
		},
		`${origin}/api/ready`,
	);
	const list = (await (
		await fetch(`${origin}/api/tools?page_size=1`)
	).json()) as {
		items: { slug: string }[];
	};
	const slug = list.items[0]?.slug;
	if (!slug) throw new Error("the demo catalog is empty");
	const url = `${origin}/tools/${slug}`;

	const report = scoreSeo(url);
	const seo = report.categories.seo;
	const score = Math.round((seo?.score ?? 0) * 100);
	const failedAudits = (seo?.auditRefs ?? [])
		.map(({ id, weight }) => ({ weight, audit: report.audits[id] }))
		.filter(
			({ weight, audit }) =>
				weight > 0 && audit?.score !== null && (audit?.score ?? 0) < 1,
		)
		.map(({ audit }) => audit?.title ?? "unknown audit");
	console.info(`Lighthouse SEO of ${new URL(url).pathname}: ${score}`);
	for (const audit of failedAudits) console.info(`  failed: ${audit}`);
	if (score < REQUIRED_SCORE) {
		console.error(`SEO score ${score} is below ${REQUIRED_SCORE}`);
		failed = true;
	}
} finally {
	if (server) await stopProcess(server);
	fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info(
	`test:seo took ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
);
if (failed) process.exitCode = 1;
