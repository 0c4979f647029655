import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { demoTools } from "./features/demo/demo-content.ts";
import SQLite from "./platform/db/sqlite-driver.ts";
import {
	LISTENING_LINE,
	makeScratchDir,
	pause,
	startMain,
	stopMain,
	waitUntil,
	within,
} from "./test-support/main-process.ts";
import { connectRaw } from "./test-support/raw-socket.ts";

/** A raw connection to the server at `url`, so a test can send part of a request and hold the rest back. */
function connect(url: string) {
	const { hostname, port } = new URL(url);
	return connectRaw(Number(port), hostname);
}

/** Headers of a POST whose 10-byte body is still to come, and its first 2 bytes. */
const POST_HEAD =
	'POST /api/tools HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"';
const POST_REST = 'a":1234}';

/** The request lines the server logged: every log line that carries a request id. */
function requestLogLines(stdout: string): Record<string, unknown>[] {
	return stdout
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
		.filter((line) => "reqId" in line);
}

test("a malformed DATABASE_URL stops start-up at once, naming the variable", async () => {
	const run = await startMain({ DATABASE_URL: "mysql://nowhere/shop" }).exit();
	expect(run.code).toBe(1);
	expect(run.stderr).toContain("DATABASE_URL: must be a postgres:// URL");
});

test("a malformed PORT stops start-up at once, naming the variable", async () => {
	const run = await startMain({ PORT: "eighty" }).exit();
	expect(run.code).toBe(1);
	expect(run.stderr).toContain(
		"PORT: must be a whole number between 0 and 65535",
	);
});

/** Production with every setting it asks for; a demo shop: test payments and mail kept in the outbox. */
const PRODUCTION_ENV = {
	NODE_ENV: "production",
	PUBLIC_URL: "https://shop.example.com",
	AUTH_SECRET: "0123456789abcdef0123456789abcdef",
	TRUST_PROXY: "1",
	PAYMENTS: "test",
	MAIL_TRANSPORT: "outbox",
};

/** Production settings with these keys changed; an empty value counts as unset. */
function productionEnvWith(changes: Record<string, string>) {
	return { ...PRODUCTION_ENV, ...changes };
}

test("production with PAYMENTS=test and MAIL_TRANSPORT=outbox asked for by name starts, and says so", async () => {
	const server = startMain(PRODUCTION_ENV);
	const url = await server.listening();
	expect((await fetch(`${url}/api/health`)).status).toBe(200);
	const run = await stopMain(server);
	expect(run.code).toBe(0);
	expect(run.stdout).toContain("Payments are in test mode (PAYMENTS=test)");
	expect(run.stdout).toContain(
		"Mail goes to the outbox file in DATA_DIR (MAIL_TRANSPORT=outbox)",
	);
});

const unsafeProductionSettings: {
	setting: string;
	changes: Record<string, string>;
	line: string;
}[] = [
	{
		setting: "test payments not asked for",
		changes: { PAYMENTS: "" },
		line: "PAYMENTS: the test provider takes no money; set the STRIPE_* keys, or PAYMENTS=test to run a demo shop in production",
	},
	{
		setting: "mail to the outbox not asked for",
		changes: { MAIL_TRANSPORT: "" },
		line: "MAIL_TRANSPORT: mail would only be written to the outbox file in DATA_DIR, and no customer would get it; set SMTP_URL, or MAIL_TRANSPORT=outbox to keep mail in the outbox in production",
	},
	{
		setting: "no PUBLIC_URL",
		changes: { PUBLIC_URL: "" },
		line: "PUBLIC_URL: must be set in production to the https:// address customers use, e.g. PUBLIC_URL=https://shop.example.com",
	},
	{
		setting: "a plain http PUBLIC_URL",
		changes: { PUBLIC_URL: "http://shop.example.com" },
		line: "PUBLIC_URL: must start with https:// in production; behind a proxy that ends TLS, set the https:// address customers use",
	},
	{
		setting: "no AUTH_SECRET",
		changes: { AUTH_SECRET: "" },
		line: "AUTH_SECRET: must be set in production (at least 32 characters, the same on every instance): openssl rand -hex 32",
	},
	{
		setting: "an AUTH_SECRET shorter than 32 characters",
		changes: { AUTH_SECRET: "0123456789abcdef" },
		line: "AUTH_SECRET: must be at least 32 characters (try: openssl rand -hex 32)",
	},
	{
		setting: "TRUST_PROXY=0.0.0.0/0",
		changes: { TRUST_PROXY: "10.0.0.1,0.0.0.0/0" },
		line: "TRUST_PROXY: trusting every address believes X-Forwarded-For from anyone, so any client could pick the address its limits count; set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses and CIDR ranges",
	},
	{
		setting: "TRUST_PROXY=true",
		changes: { TRUST_PROXY: "true" },
		line: "TRUST_PROXY: trusting every address believes X-Forwarded-For from anyone, so any client could pick the address its limits count; set the number of proxies in front (e.g. TRUST_PROXY=1) or their addresses and CIDR ranges",
	},
];

test.each(unsafeProductionSettings)(
	"production with $setting exits 1 before listening, with a line naming the key and the fix",
	async ({ changes, line }) => {
		const server = startMain(productionEnvWith(changes));
		const run = await server.exit();
		expect(run.code).toBe(1);
		expect(run.stderr.split("\n").map((text) => text.trim())).toContain(line);
		expect(run.stdout).not.toMatch(LISTENING_LINE);
		// Refused before anything else: no database was opened or made.
		expect(fs.readdirSync(server.dataDir)).toEqual([]);
	},
);

test("production names every unsafe setting at once, one line each", async () => {
	const run = await startMain({ NODE_ENV: "production" }).exit();
	expect(run.code).toBe(1);
	const named = run.stderr
		.split("\n")
		.map((text) => /^\s*([A-Z_]+): /.exec(text)?.[1])
		.filter((key) => key !== undefined);
	expect(named).toEqual([
		"PAYMENTS",
		"MAIL_TRANSPORT",
		"PUBLIC_URL",
		"AUTH_SECRET",
	]);
	expect(run.stdout).not.toMatch(LISTENING_LINE);
});

const unusableDataDirs = [
	{
		name: "a file",
		dataDir: (scratch: string) => path.join(scratch, "a-file"),
		reason: "a-file is a file, not a folder",
	},
	{
		name: "a folder under a file",
		dataDir: (scratch: string) => path.join(scratch, "a-file", "data"),
		reason: "a-file is a file, not a folder",
	},
	// A path where mkdir fails although its parent exists; it once made start-up spin forever.
	...(process.platform === "linux"
		? [
				{
					name: "a folder the system will not create",
					dataDir: () => "/proc/1/tools-gallery",
					reason: "cannot create /proc/1/tools-gallery",
				},
			]
		: []),
];

test.each(unusableDataDirs)(
	"DATA_DIR naming $name stops start-up at once with one line naming it",
	async ({ dataDir, reason }) => {
		const scratch = makeScratchDir();
		fs.writeFileSync(path.join(scratch, "a-file"), "");
		const run = await startMain({ DATA_DIR: dataDir(scratch) }, scratch).exit();
		expect(run.code).toBe(1);
		const lines = run.stderr.trim().split("\n");
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^DATA_DIR: /);
		expect(lines[0]).toContain(reason);
		expect(lines[0]).toContain(
			"point DATA_DIR at a folder the server may write to",
		);
	},
);

test("a SQLite file that is not a database stops start-up with one line naming DATA_DIR", async () => {
	const scratch = makeScratchDir();
	fs.writeFileSync(
		path.join(scratch, "tools-gallery.sqlite"),
		"not a database, just text that is long enough to have a header".repeat(4),
	);
	const run = await startMain({}, scratch).exit();
	expect(run.code).toBe(1);
	expect(run.stderr.trim().split("\n")).toEqual([
		expect.stringMatching(
			/^DATA_DIR: cannot open the SQLite database .*tools-gallery\.sqlite \(file is not a database\)/,
		),
	]);
});

test("a PostgreSQL server out of reach stops start-up with one line naming DATABASE_URL, without the password", async () => {
	const run = await startMain({
		DATABASE_URL: "postgres://postgres:s3cret@127.0.0.1:1/db",
	}).exit();
	expect(run.code).toBe(1);
	expect(run.stderr.trim().split("\n")).toEqual([
		"DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:1 (connection refused); check that the server is running and the URL is right",
	]);
});

/** The shop's tools as a visitor sees them: how many, their ids and their pictures. */
async function listTools(url: string) {
	const page = (await (
		await fetch(`${url}/api/tools?page_size=100`)
	).json()) as { items: { id: string; img: string }[]; total: number };
	return {
		total: page.total,
		ids: page.items.map((tool) => tool.id).sort(),
		images: page.items.map((tool) => tool.img).sort(),
	};
}

test("a first start on an empty folder seeds the demo catalog before it answers; a restart does not seed it again", async () => {
	const first = startMain({ SEED_DEMO: "true" });
	const firstUrl = await first.listening();
	const seeded = await listTools(firstUrl);
	expect(seeded.total).toBe(demoTools.length);
	const picture = await fetch(`${firstUrl}${seeded.images[0]}`);
	expect(picture.status).toBe(200);
	expect(picture.headers.get("content-type")).toBe("image/webp");
	expect((await stopMain(first)).code).toBe(0);

	const restart = startMain({ SEED_DEMO: "true" }, first.dataDir);
	expect(await listTools(await restart.listening())).toEqual(seeded);
	expect((await stopMain(restart)).code).toBe(0);
}, 90_000);

test("a seed that fails stops start-up with one line naming SEED_DEMO and the reason", async () => {
	const migrated = startMain({});
	await migrated.listening();
	expect((await stopMain(migrated)).code).toBe(0);
	const database = new SQLite(
		path.join(migrated.dataDir, "tools-gallery.sqlite"),
	);
	database.exec(
		"CREATE TRIGGER refuse_tools BEFORE INSERT ON tools BEGIN SELECT RAISE(ABORT, 'the disk refused the tools'); END",
	);
	database.close();

	const run = await startMain({ SEED_DEMO: "true" }, migrated.dataDir).exit(
		60_000,
	);
	expect(run.code).toBe(1);
	expect(run.stdout).not.toMatch(LISTENING_LINE);
	expect(run.stderr.trim().split("\n")).toEqual([
		"SEED_DEMO: the demo content could not be seeded (the disk refused the tools); fix the cause, or set SEED_DEMO=false to start without it",
	]);
}, 90_000);

test("the server answers, then shuts down cleanly on SIGTERM", async () => {
	const server = startMain({});
	const url = await server.listening();
	const health = await fetch(`${url}/api/health`);
	expect(await health.json()).toEqual({ status: "ok" });

	const run = await stopMain(server);
	expect(run.code).toBe(0);
	expect(run.stdout).toContain("shutting down");
	await expect(fetch(`${url}/api/health`)).rejects.toThrow();
});

test("a request in flight at SIGTERM is answered with Connection: close, and the server exits 0 with the database closed", async () => {
	const server = startMain({});
	const url = await server.listening();
	const client = await connect(url);
	client.socket.write(POST_HEAD);
	// Lets the server read the headers, so the request is in flight when the signal arrives.
	await pause(200);

	server.child.kill("SIGTERM");
	await waitUntil(
		() => server.stdout().includes("shutting down"),
		"shutdown to start",
	);
	client.socket.write(POST_REST);

	await within(client.closed, 5_000, "the server to close the connection");
	expect(client.received()).toMatch(/^HTTP\/1\.1 \d{3} /);
	expect(client.received()).toMatch(/\r\nconnection: close\r\n/i);
	const run = await server.exit(5_000);
	expect(run.code).toBe(0);
	// A clean close of SQLite folds the write-ahead log back into the database and removes it.
	const files = fs.readdirSync(server.dataDir);
	expect(files).toContain("tools-gallery.sqlite");
	expect(files).not.toContain("tools-gallery.sqlite-wal");
	expect(files).not.toContain("tools-gallery.sqlite-shm");
});

test("a request whose body stalls is answered 408 and cut off after REQUEST_TIMEOUT_MS", async () => {
	const server = startMain({ REQUEST_TIMEOUT_MS: "1000" });
	const url = await server.listening();
	const client = await connect(url);
	const sentAt = Date.now();
	client.socket.write(POST_HEAD);

	await within(client.closed, 5_000, "the stalled request to be cut off");
	const elapsed = Date.now() - sentAt;
	expect(elapsed).toBeGreaterThanOrEqual(900);
	expect(elapsed).toBeLessThan(4_000);
	const [head, body] = client.received().split("\r\n\r\n");
	expect(head).toMatch(/^HTTP\/1\.1 408 /);
	expect(head).toMatch(/\r\ncontent-type: application\/json/i);
	expect(JSON.parse(String(body))).toEqual({
		error: { code: "BAD_REQUEST", message: expect.any(String) },
	});
	expect((await stopMain(server)).code).toBe(0);
});

test("LOG_REQUESTS=all logs one line per request, with method, URL, status, time and request id", async () => {
	const server = startMain({ LOG_REQUESTS: "all" });
	const url = await server.listening();
	await (await fetch(`${url}/api/health`)).text();
	await (await fetch(`${url}/api/no-such-thing`)).text();

	const run = await stopMain(server);
	expect(requestLogLines(run.stdout)).toEqual([
		expect.objectContaining({
			method: "GET",
			url: "/api/health",
			statusCode: 200,
			responseTime: expect.any(Number),
			reqId: expect.any(String),
		}),
		expect.objectContaining({
			method: "GET",
			url: "/api/no-such-thing",
			statusCode: 404,
		}),
	]);
});

test("by default only slow requests and 5xx answers are logged", async () => {
	const server = startMain({ LOG_SLOW_REQUEST_MS: "300" });
	const url = await server.listening();
	await (await fetch(`${url}/api/health`)).text();

	const slow = await connect(url);
	slow.socket.write(POST_HEAD);
	await pause(500);
	slow.socket.write(POST_REST);
	await waitUntil(() => slow.received().includes("\r\n\r\n"), "an answer");

	// Headers not yet finished: the connection is busy, so shutdown waits for this request.
	const late = await connect(url);
	late.socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n");
	await pause(200);
	server.child.kill("SIGTERM");
	await waitUntil(
		() => server.stdout().includes("shutting down"),
		"shutdown to start",
	);
	late.socket.write("\r\n");
	await within(late.closed, 5_000, "the late request to be answered");
	expect(late.received()).toMatch(/^HTTP\/1\.1 503 /);

	const run = await server.exit();
	expect(requestLogLines(run.stdout)).toEqual([
		expect.objectContaining({ method: "POST", msg: "slow request" }),
		expect.objectContaining({ url: "/api/health", statusCode: 503 }),
	]);
});

test("LOG_REQUESTS=none logs no request, however slow", async () => {
	const server = startMain({ LOG_REQUESTS: "none", LOG_SLOW_REQUEST_MS: "1" });
	const url = await server.listening();
	await (await fetch(`${url}/api/health`)).text();
	await (await fetch(`${url}/api/no-such-thing`)).text();

	const run = await stopMain(server);
	expect(run.code).toBe(0);
	expect(requestLogLines(run.stdout)).toEqual([]);
});
