import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { insertTools } from "../src/server/features/tools/tools.repository.ts";
import { createDb } from "../src/server/platform/db/database.ts";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";
import { buildAll } from "./build.ts";
import {
	type Cluster,
	freePort,
	productionTree,
	startCluster,
} from "./scale/cluster.ts";

// npm run test:scale: the shop as a service. First a production install: the built tree with
// only the production packages (npm ci --omit=dev), where npm start serves the shop without
// building. Then two instances of it on one fresh PostgreSQL database behind nginx, started
// from deploy/; and
// 1. a limit reached through one instance is enforced by the other (failed sign-ins);
// 2. browser journeys run through the balancer;
// 3. customers place orders through the balancer while one instance is killed with SIGKILL: every
//    order acknowledged exists, no unit is sold twice, and the shop keeps taking orders.
// Bounded: the whole run stops itself after TIME_LIMIT_MS.

const ADMIN_URL =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TIME_LIMIT_MS = 15 * 60_000;
const JOURNEYS = [
	"e2e/accounts.spec.ts",
	"e2e/cart-checkout.spec.ts",
	"e2e/orders.spec.ts",
];
const CUSTOMERS = 24;
const LOAD_MS = 8_000;
const KILL_AFTER_MS = 3_000;
const PASSWORD = "a long enough secret phrase";
/** The account failures the instances allow before delaying sign-ins (their default). */
const FREE_FAILURES = 5;
/** The failed sign-ins made through instance A. */
const FAILURES = FREE_FAILURES + 2;

function say(line: string) {
	console.log(`test:scale: ${line}`);
}

function fail(message: string): never {
	throw new Error(message);
}

/**
 * The instances' environment file: a production machine's settings, but over plain HTTP on
 * loopback, so NODE_ENV is not production (it would require an https PUBLIC_URL). PORT, HOST and
 * DATA_DIR as .env.example has them: the unit's ExecStart must override them for each instance.
 */
function settings(origin: string): Record<string, string> {
	return {
		NODE_ENV: "",
		PORT: "3000",
		HOST: "127.0.0.1",
		DATA_DIR: "./data",
		PUBLIC_URL: origin,
		AUTH_SECRET: randomSecret,
		TRUST_PROXY: "127.0.0.1",
		PAYMENTS: "test",
		MAIL_TRANSPORT: "outbox",
		SMTP_URL: "",
		SEED_DEMO: "true",
		LOG_LEVEL: "warn",
		ADMIN_EMAILS: "admin@e2e.test,owner@e2e.test",
		// The journeys and the load sign up and order from this one address far faster than people
		// do; the failed sign-in delay keeps its default, and step 1 checks it across instances.
		AUTH_ADDRESS_LIMIT: "1000000",
		QUOTA_SCALE: "1000",
		MAX_UNPAID_ORDERS: "1000",
	};
}
const randomSecret = randomBytes(32).toString("hex");

function postJson(
	url: string,
	body: unknown,
	headers: Record<string, string> = {},
): Promise<Response> {
	return fetch(url, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			origin: new URL(url).origin,
			...headers,
		},
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(15_000),
	});
}

/** 1. Failed sign-ins made through instance A delay the account's next sign-in through B. */
async function limitsAreShared(cluster: Cluster): Promise<void> {
	const [a, b] = cluster.instances;
	if (!a || !b) fail("two instances are needed");
	const email = `shared-limit-${randomUUID()}@example.com`;
	const signUp = await postJson(
		`${a.origin}/api/auth/sign-up/email`,
		{ name: "Shared Limit", email, password: PASSWORD },
		{ origin: cluster.origin },
	);
	if (!signUp.ok) fail(`sign-up through A answered ${signUp.status}`);
	const wrong = { email, password: "not the right phrase at all" };
	// Past the free failures each one doubles the wait (1 s, 2 s, 4 s): two more, each after its
	// wait, leave a 4-second delay, time enough for the sign-in through B on a busy machine.
	for (let attempt = 1; attempt <= FAILURES; attempt++) {
		if (attempt > FREE_FAILURES)
			await new Promise((resolve) =>
				setTimeout(resolve, 2 ** (attempt - FREE_FAILURES - 1) * 1000 + 150),
			);
		const answer = await postJson(`${a.origin}/api/auth/sign-in/email`, wrong, {
			origin: cluster.origin,
		});
		if (answer.status !== 401)
			fail(`wrong password ${attempt} through A answered ${answer.status}`);
	}
	const throughB = await postJson(
		`${b.origin}/api/auth/sign-in/email`,
		{ email, password: PASSWORD },
		{ origin: cluster.origin },
	);
	if (throughB.status !== 429)
		fail(
			`after ${FAILURES} failures through A, a sign-in through B answered ${throughB.status}, not 429`,
		);
	say(
		`after ${FAILURES} failed sign-ins through instance A, instance B answers 429 (Retry-After ${throughB.headers.get("retry-after")} s)`,
	);
}

/**
 * This process's environment without NODE_ENV, which the build it may have run sets to
 * production: the journeys' own commands (`npm run admin`) run as on a developer's machine.
 */
function journeyEnvironment(): NodeJS.ProcessEnv {
	const environment = { ...process.env };
	delete environment.NODE_ENV;
	return environment;
}

/** 2. The browser journeys against the balancer's address. */
function journeysThroughBalancer(cluster: Cluster): void {
	const port = new URL(cluster.origin).port;
	const result = spawnSync(
		process.execPath,
		[
			"node_modules/@playwright/test/cli.js",
			"test",
			"--config",
			"playwright.scale.config.ts",
			...JOURNEYS,
			// Google sign-in needs the OpenID issuer the journeys' own server starts.
			"--grep-invert",
			"CONTINUE WITH GOOGLE",
		],
		{
			cwd: PROJECT_ROOT,
			stdio: "inherit",
			env: {
				...journeyEnvironment(),
				E2E_PORT: port,
				E2E_DATA_DIR: cluster.dataDir,
				E2E_DATABASE_URL: cluster.databaseUrl,
			},
			timeout: 10 * 60_000,
		},
	);
	if (result.status !== 0)
		fail(`the journeys through the balancer failed (exit ${result.status})`);
}

type Ack = { id: string; toolId: string; quantity: number; at: number };

/** 3. Orders through the balancer while instance B is killed with SIGKILL. */
async function ordersSurviveAKill(cluster: Cluster): Promise<void> {
	const db = createDb({ kind: "postgres", url: cluster.databaseUrl });
	try {
		// A scarce tool that sells out under the load, and two that do not.
		const stocks = [60, 100_000, 100_000];
		const tools = stocks.map((stock, index) => ({
			id: randomUUID(),
			tool_name: `Scale Tool ${index + 1}`,
			description: "A tool for the scale test.",
			price_cents: 1500 + index,
			available_quantity: stock,
			minimum_quantity: 1,
			img: "/images/none.webp",
			supplier_name: "Scale",
			supplier_email: null,
			sku: `SCALE-${index + 1}-${randomUUID().slice(0, 8)}`,
			created_at: new Date().toISOString(),
		}));
		await insertTools(db, tools);

		const tokens: string[] = [];
		for (let index = 0; index < CUSTOMERS; index++) {
			const email = `scale-${index}-${randomUUID()}@example.com`;
			const signUp = await postJson(
				`${cluster.origin}/api/auth/sign-up/email`,
				{
					name: `Scale Customer ${index}`,
					email,
					password: PASSWORD,
				},
			);
			if (!signUp.ok) fail(`sign-up answered ${signUp.status}`);
			const signIn = await postJson(
				`${cluster.origin}/api/auth/sign-in/email`,
				{
					email,
					password: PASSWORD,
				},
			);
			const token = signIn.headers.get("set-auth-token");
			if (!signIn.ok || !token) fail(`sign-in answered ${signIn.status}`);
			tokens.push(token);
		}

		const acks: Ack[] = [];
		const refusals = new Map<number, number>();
		let lost = 0;
		const startedAt = Date.now();
		const until = startedAt + LOAD_MS;
		let killedAt = 0;
		const killer = (async () => {
			await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
			killedAt = Date.now();
			await cluster.instances[1]?.kill("SIGKILL");
			say(
				`instance B killed with SIGKILL ${killedAt - startedAt} ms into the load`,
			);
		})();
		await Promise.all(
			tokens.map(async (token, customer) => {
				for (let turn = 0; Date.now() < until; turn++) {
					const tool = tools[(customer + turn) % tools.length];
					if (!tool) continue;
					const quantity = 1 + (turn % 3);
					try {
						const answer = await postJson(
							`${cluster.origin}/api/orders`,
							{ tool_id: tool.id, order_quantity: quantity },
							{
								authorization: `Bearer ${token}`,
								"idempotency-key": randomUUID(),
							},
						);
						if (answer.status === 201) {
							const order = (await answer.json()) as { id: string };
							acks.push({
								id: order.id,
								toolId: tool.id,
								quantity,
								at: Date.now(),
							});
						} else {
							refusals.set(
								answer.status,
								(refusals.get(answer.status) ?? 0) + 1,
							);
							await answer.body?.cancel();
						}
					} catch {
						lost++;
					}
				}
			}),
		);
		await killer;

		// Every acknowledged order is in the database, with the tool and quantity answered.
		const ids = acks.map((ack) => ack.id);
		const found = new Set(
			ids.length === 0
				? []
				: (
						await db
							.selectFrom("orders")
							.select("id")
							.where("id", "in", ids)
							.execute()
					).map((row) => row.id),
		);
		const missing = ids.filter((id) => !found.has(id));
		if (missing.length > 0)
			fail(`${missing.length} acknowledged orders are not in the database`);
		if (acks.length === 0) fail("no order was acknowledged");
		const afterKill = acks.filter((ack) => ack.at > killedAt + 500).length;
		if (afterKill === 0)
			fail("no order was acknowledged after instance B died");

		// Stock: what every tool lost is what its order lines hold, and none went below zero.
		for (const [index, tool] of tools.entries()) {
			const row = await db
				.selectFrom("tools")
				.select("available_quantity")
				.where("id", "=", tool.id)
				.executeTakeFirstOrThrow();
			const { rows } = await sql<{ ordered: string | null }>`
				select sum(order_lines.quantity) as ordered
				from order_lines join orders on orders.id = order_lines.order_id
				where order_lines.tool_id = ${tool.id} and orders.status <> 'cancelled'`.execute(
				db,
			);
			const ordered = Number(rows[0]?.ordered ?? 0);
			const available = Number(row.available_quantity);
			const acknowledged = acks
				.filter((ack) => ack.toolId === tool.id)
				.reduce((sum, ack) => sum + ack.quantity, 0);
			const stock = stocks[index] ?? 0;
			if (available < 0 || ordered > stock)
				fail(
					`${tool.tool_name}: ${ordered} units ordered of ${stock}: oversold`,
				);
			if (stock - available !== ordered)
				fail(
					`${tool.tool_name}: the stock fell by ${stock - available} but the orders hold ${ordered}`,
				);
			if (acknowledged > ordered)
				fail(
					`${tool.tool_name}: ${acknowledged} units acknowledged but ${ordered} ordered`,
				);
			say(
				`${tool.tool_name}: stock ${stock}, ordered ${ordered} (${acknowledged} acknowledged), left ${available}`,
			);
		}
		const refused = [...refusals]
			.map(([status, count]) => `${count}×${status}`)
			.join(", ");
		say(
			`${acks.length} orders acknowledged (${afterKill} after the kill), every one in the database; refused: ${refused || "none"}; no answer: ${lost}`,
		);
		const ready = await fetch(`${cluster.origin}/api/ready`);
		if (!ready.ok) fail(`the balancer answers ${ready.status} after the kill`);
	} finally {
		await db.destroy();
	}
}

/** `npm start` in the production tree serves the shop on SQLite from the build, without building. */
async function productionStartServes(app: string): Promise<void> {
	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-prod-"));
	const started = Date.now();
	const child = spawn("npm", ["start"], {
		cwd: app,
		detached: true,
		stdio: ["ignore", "ignore", "inherit"],
		env: {
			...journeyEnvironment(),
			PORT: String(port),
			HOST: "127.0.0.1",
			PUBLIC_URL: origin,
			DATA_DIR: dataDir,
			DATABASE_URL: "",
			SEED_DEMO: "true",
			LOG_LEVEL: "warn",
		},
	});
	try {
		for (;;) {
			if (child.exitCode !== null)
				fail(`npm start in the production tree exited with ${child.exitCode}`);
			if (Date.now() - started > 120_000)
				fail("npm start in the production tree did not answer in 2 minutes");
			const ready = await fetch(`${origin}/api/ready`).catch(() => undefined);
			if (ready?.ok) break;
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
		const home = await fetch(`${origin}/`);
		const html = await home.text();
		if (!home.ok || !html.includes('<div id="root">'))
			fail(`the production tree's home page answered ${home.status}`);
		const tools = (await (await fetch(`${origin}/api/tools`)).json()) as {
			total: number;
		};
		if (!(tools.total > 0)) fail("the production tree's catalog is empty");
		if (
			fs.existsSync(
				path.join(
					app,
					"node_modules",
					"@vitejs",
					"plugin-react",
					"package.json",
				),
			)
		)
			fail("the production tree still holds the build tools");
		say(
			`npm start on the production install (no dev packages) served the shop in ${Date.now() - started} ms, ${tools.total} demo tools`,
		);
	} finally {
		if (child.pid !== undefined && child.exitCode === null) {
			const exited = new Promise((resolve) => child.once("exit", resolve));
			process.kill(-child.pid, "SIGTERM");
			await exited;
		}
	}
	try {
		// The operations scripts run there too, on the data the shop just made.
		const backups = path.join(dataDir, "backups");
		for (const args of [
			["run", "db:migrate"],
			["run", "backup", "--", "--to", backups],
		]) {
			const run = spawnSync("npm", args, {
				cwd: app,
				encoding: "utf8",
				env: { ...journeyEnvironment(), DATA_DIR: dataDir, DATABASE_URL: "" },
				timeout: 120_000,
			});
			if (run.status !== 0)
				fail(
					`npm ${args.join(" ")} on the production install failed:\n${run.stderr}`,
				);
		}
		if (fs.readdirSync(backups).length !== 1)
			fail("npm run backup on the production install wrote no backup");
		say("npm run db:migrate and npm run backup work on the production install");
	} finally {
		fs.rmSync(dataDir, { recursive: true, force: true });
	}
}

/** What the deadline stops before it exits: the cluster, once started. */
let stopCluster: (() => Promise<void>) | undefined;

async function main() {
	const deadline = setTimeout(async () => {
		console.error(
			`test:scale: stopped after ${TIME_LIMIT_MS / 60_000} minutes`,
		);
		await Promise.race([
			stopCluster?.(),
			new Promise((resolve) => setTimeout(resolve, 20_000)),
		]);
		process.exit(1);
	}, TIME_LIMIT_MS);
	deadline.unref();

	await buildAll({ onlyIfStale: true });
	const treeDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-tree-"));
	process.on("exit", () =>
		fs.rmSync(treeDir, { recursive: true, force: true }),
	);
	const app = productionTree(treeDir);
	await productionStartServes(app);
	const cluster = await startCluster({
		count: 2,
		adminUrl: ADMIN_URL,
		settings,
		workingDirectory: app,
		log: say,
	});
	stopCluster = cluster.stop;
	try {
		await limitsAreShared(cluster);
		journeysThroughBalancer(cluster);
		await ordersSurviveAKill(cluster);
	} catch (error) {
		console.error(cluster.logTails());
		throw error;
	} finally {
		await cluster.stop();
	}
	say("passed");
}

main().catch((error: unknown) => {
	console.error(
		`test:scale failed: ${error instanceof Error ? error.message : error}`,
	);
	process.exit(1);
});
