import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import autocannon from "autocannon";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address
					? resolve(address.port)
					: reject(new Error("no port")),
			);
		});
	});
}

/**
 * Options for Node.js in every server a benchmark starts, from BENCH_NODE_OPTIONS (space
 * separated): `--cpu-prof --cpu-prof-dir=<folder>` profiles them, which NODE_OPTIONS refuses.
 */
const SERVER_NODE_OPTIONS = (process.env.BENCH_NODE_OPTIONS ?? "")
	.split(" ")
	.filter(Boolean);

/** Starts `node <args>` (compiled JavaScript, as `npm start` runs it) and waits until it answers. */
export async function startProcess(
	args: string[],
	env: NodeJS.ProcessEnv,
	readyUrl: string,
	pollEveryMs = 100,
): Promise<ChildProcess> {
	const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...args], {
		cwd: PROJECT_ROOT,
		env: { ...process.env, ...env },
		stdio: ["ignore", "ignore", "inherit"],
	});
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		try {
			if ((await fetch(readyUrl)).ok) return child;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, pollEveryMs));
	}
	child.kill("SIGKILL");
	throw new Error(`${args.join(" ")} did not become ready at ${readyUrl}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once("exit", resolve));
	child.kill("SIGTERM");
	await exited;
}

export type LoadResult = {
	requestsPerSecond: number;
	/** Of the requests answered: a request that timed out is not in the latency figures. */
	p99Ms: number;
	/** Requests that got no answer, timeouts included. */
	errors: number;
	/** Of those, requests without an answer within autocannon's 10 s. */
	timeouts?: number;
	non2xx: number;
};

/**
 * Loads `url` with `connections` connections for `seconds`. With `rotatingPaths`, each connection
 * goes round those paths (on the host of `url`) instead of requesting `url`, every connection
 * starting at its own place in the list, so the server sees the paths evenly spread rather than 50
 * requests for the same one at the same time.
 */
export async function load(
	url: string,
	connections: number,
	seconds: number,
	rotatingPaths?: readonly string[],
): Promise<LoadResult> {
	const options: autocannon.Options = {
		url,
		connections,
		duration: seconds,
		pipelining: 1,
	};
	if (rotatingPaths && rotatingPaths.length > 0) {
		const paths = [...rotatingPaths];
		let clients = 0;
		options.setupClient = (client) => {
			const start =
				Math.floor((clients++ * paths.length) / connections) % paths.length;
			client.setRequests(
				[...paths.slice(start), ...paths.slice(0, start)].map((path) => ({
					method: "GET",
					path,
				})),
			);
		};
	}
	const result = await autocannon(options);
	return {
		requestsPerSecond: result.requests.average,
		p99Ms: result.latency.p99,
		// autocannon counts a timeout in `errors` too.
		errors: result.errors,
		timeouts: result.timeouts,
		non2xx: result.non2xx,
	};
}

/**
 * Starts the compiled server on a prepared SQLite data directory, never on a DATABASE_URL from
 * .env, and waits until it is ready.
 */
export function startShopServer(
	dataDir: string,
	port: number,
): Promise<ChildProcess> {
	return startShopServerWith(dataDir, port, {});
}

/**
 * Starts the compiled server on a prepared data directory with `env` added (a `DATABASE_URL` for
 * PostgreSQL, a `QUOTA_SCALE` for load from one address), and waits until it is ready. Without a
 * `DATABASE_URL` in `env` it runs on SQLite, never on one from .env.
 */
export async function startShopServerWith(
	dataDir: string,
	port: number,
	env: NodeJS.ProcessEnv,
): Promise<ChildProcess> {
	return startProcess(
		["dist/server/main.js"],
		{
			DATA_DIR: dataDir,
			DATABASE_URL: "",
			PORT: String(port),
			HOST: "127.0.0.1",
			SEED_DEMO: "false",
			LOG_LEVEL: "warn",
			...env,
		},
		`http://127.0.0.1:${port}/api/ready`,
	);
}

const CUSTOMER_PASSWORD = "a long enough secret phrase";

function postAuth(origin: string, endpoint: string, body: object) {
	return fetch(`${origin}/api/auth/${endpoint}`, {
		method: "POST",
		headers: { "content-type": "application/json", origin },
		body: JSON.stringify(body),
	});
}

/**
 * New customers, signed up and then signed in for a bearer token each, so no run starts with
 * another run's unpaid orders.
 */
export async function signUpCustomers(
	origin: string,
	count: number,
): Promise<string[]> {
	const tokens: string[] = [];
	for (let i = 0; i < count; i++) {
		const email = `bench-${i}-${randomUUID()}@example.com`;
		const signUp = await postAuth(origin, "sign-up/email", {
			name: `Bench Customer ${i}`,
			email,
			password: CUSTOMER_PASSWORD,
		});
		if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
		const signIn = await postAuth(origin, "sign-in/email", {
			email,
			password: CUSTOMER_PASSWORD,
		});
		const token = signIn.headers.get("set-auth-token");
		if (!signIn.ok || !token)
			throw new Error(`sign-in failed: ${signIn.status}`);
		tokens.push(token);
	}
	return tokens;
}

/** Each connection is one customer (of `tokens`) posting `bodyFor(its index)` to `route` again and again. */
export async function loadPosts(
	origin: string,
	route: string,
	tokens: string[],
	seconds: number,
	bodyFor: (index: number) => object,
): Promise<LoadResult> {
	const connections = tokens.length;
	let clients = 0;
	const result = await autocannon({
		url: `${origin}${route}`,
		connections,
		duration: seconds,
		method: "POST",
		setupClient: (client) => {
			const index = clients++;
			client.setHeaders({
				"content-type": "application/json",
				authorization: `Bearer ${tokens[index % tokens.length]}`,
			});
			client.setBody(JSON.stringify(bodyFor(index)));
		},
	});
	return {
		requestsPerSecond: result.requests.average,
		p99Ms: result.latency.p99,
		errors: result.errors,
		non2xx: result.non2xx,
	};
}

/**
 * A checkout of three lines, one piece each of the tool at `index` and the two after it,
 * delivered to an address: every checkout takes three tools' stock.
 */
export function threeLineCheckout(toolIds: string[], index: number): object {
	return {
		lines: [0, 1, 2].map((offset) => ({
			tool_id: toolIds[(index + offset) % toolIds.length],
			quantity: 1,
		})),
		fulfilment: {
			kind: "delivery",
			address: {
				recipient: "Bench Customer",
				address: "1 Bench Street",
				city: "Benchton",
				state: "",
				zip: "00001",
			},
		},
	};
}
