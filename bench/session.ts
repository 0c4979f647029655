import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildAll } from "../scripts/build.ts";
import { loadConfig } from "../src/server/config.ts";
import { prepareData } from "../src/server/start-up.ts";
import {
	freePort,
	type LoadResult,
	startProcess,
	stopProcess,
} from "./bench-support.ts";

// Signed-in budget (docs/product.md, performance budgets): signed-in requests reach at least half
// the rate of anonymous requests of about the same size, with p99 under 20 ms, at 50 connections.
// Signed in: GET /api/me with a session cookie (the session and its user read from the database
// on every request). Anonymous, from the same server: one tool by its id, a public read of a
// similar size that also reads one row (the budget's baseline), and the catalog's first page,
// which is served from the list cache without a query (shown for scale).
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function loadWith(
	url: string,
	headers: Record<string, string>,
	seconds: number,
): Promise<LoadResult> {
	const result = await autocannon({
		url,
		connections: CONNECTIONS,
		duration: seconds,
		headers,
	});
	return {
		requestsPerSecond: result.requests.average,
		p99Ms: result.latency.p99,
		// autocannon counts a timeout in `errors` too.
		errors: result.errors,
		non2xx: result.non2xx,
	};
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-bench-"));
let server: Awaited<ReturnType<typeof startProcess>> | undefined;
try {
	await buildAll({ onlyIfStale: true });
	const { db } = await prepareData(
		loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "true" }),
	);
	await db.destroy();

	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	server = await startProcess(
		["dist/server/main.js"],
		{
			DATA_DIR: dataDir,
			DATABASE_URL: "",
			PORT: String(port),
			HOST: "127.0.0.1",
			PUBLIC_URL: base,
			SEED_DEMO: "false",
			LOG_LEVEL: "warn",
			// One client address makes every request here; the limits are not what is measured.
			AUTH_ADDRESS_LIMIT: "1000000",
		},
		`${base}/api/ready`,
	);

	const credentials = {
		email: "bench.customer@example.com",
		password: "a bench password that is long",
	};
	const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
		method: "POST",
		headers: { "content-type": "application/json", origin: base },
		body: JSON.stringify({ name: "Bench Customer", ...credentials }),
	});
	if (!signUp.ok) throw new Error(`sign-up failed with ${signUp.status}`);
	// Sign-up starts no session (it answers alike for taken addresses): sign in as the web app does.
	const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
		method: "POST",
		headers: { "content-type": "application/json", origin: base },
		body: JSON.stringify(credentials),
	});
	const cookie = signIn.headers
		.getSetCookie()
		.map((value) => value.split(";", 1)[0])
		.find((value) => value?.startsWith("better-auth.session_token="));
	if (!signIn.ok || !cookie)
		throw new Error(`sign-in failed with ${signIn.status}`);

	const meUrl = `${base}/api/me`;
	const listUrl = `${base}/api/tools?page=1&page_size=1`;
	const firstTool = (
		(await (await fetch(listUrl)).json()) as { items: { id: string }[] }
	).items[0];
	if (!firstTool) throw new Error("the demo catalog is empty");
	const anonymousUrl = `${base}/api/tools/${firstTool.id}`;
	const meBytes = (await (await fetch(meUrl, { headers: { cookie } })).text())
		.length;
	const anonymousBytes = (await (await fetch(anonymousUrl)).text()).length;

	console.info(
		`Signed in: GET /api/me with a session cookie (${meBytes} bytes); anonymous: GET /api/tools/{id} (${anonymousBytes} bytes); ${CONNECTIONS} connections, ${SECONDS} s each\n`,
	);
	await loadWith(anonymousUrl, {}, WARM_UP_SECONDS);
	await loadWith(meUrl, { cookie }, WARM_UP_SECONDS);
	const anonymous = await loadWith(anonymousUrl, {}, SECONDS);
	const signedIn = await loadWith(meUrl, { cookie }, SECONDS);
	const cachedList = await loadWith(listUrl, {}, SECONDS);

	const ratio = signedIn.requestsPerSecond / anonymous.requestsPerSecond;
	const row = (name: string, r: LoadResult) =>
		`${name.padEnd(30)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
	console.info(row("anonymous tool (baseline)", anonymous));
	console.info(row("signed in (GET /api/me)", signedIn));
	console.info(row("anonymous cached list (scale)", cachedList));
	console.info(
		`\nratio signed in / anonymous: ${ratio.toFixed(2)} (budget ≥ 0.50${ratio >= 0.5 ? ", met" : ", NOT met"})`,
	);
	console.info(
		`ratio signed in / cached list: ${(signedIn.requestsPerSecond / cachedList.requestsPerSecond).toFixed(2)} (for scale: the list needs no query)`,
	);
	console.info(
		`signed-in p99: ${signedIn.p99Ms} ms (budget < 20 ms${signedIn.p99Ms < 20 ? ", met" : ", NOT met"})`,
	);
	if (
		signedIn.errors + signedIn.non2xx + anonymous.errors + anonymous.non2xx >
		0
	) {
		console.error("Some requests failed; the figures above are not valid.");
		process.exitCode = 1;
	}
} finally {
	if (server) await stopProcess(server);
	fs.rmSync(dataDir, { recursive: true, force: true });
}
