import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import SQLite from "better-sqlite3";
import { expect, onTestFinished, test } from "vitest";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { TEST_PASSWORD } from "../../test-support/accounts.ts";

// A SIGKILL of the server process on SQLite (WAL, synchronous=FULL). PostgreSQL's crash safety is
// PostgreSQL's own, so the PostgreSQL run of the suite skips this test.
const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

const MAIN = path.join(PROJECT_ROOT, "src", "server", "main.ts");
const TSX_LOADER = pathToFileURL(
	path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "loader.mjs"),
).href;
const CRASHES = 10;
const CLIENTS = 10;
const INITIAL_STOCK = 10_000;

function freePort(): Promise<number> {
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

/** Starts the real server on DATA_DIR and resolves once it answers; the caller kills it. */
async function startServer(dataDir: string, port: number) {
	const child = spawn(process.execPath, ["--import", TSX_LOADER, MAIN], {
		cwd: dataDir,
		env: {
			PATH: process.env.PATH ?? "",
			HOME: os.tmpdir(),
			DATA_DIR: dataDir,
			SEED_DEMO: "false",
			PORT: String(port),
			HOST: "127.0.0.1",
			PUBLIC_URL: `http://127.0.0.1:${port}`,
			LOG_LEVEL: "warn",
			// One customer places every order here: the limit on unpaid orders is as high as it goes,
			// so that orders keep arriving until the crash.
			MAX_UNPAID_ORDERS: "1000",
			// One customer orders as fast as the server answers: the quotas are not what is tested.
			QUOTA_SCALE: "1000000",
		},
		stdio: "ignore",
	});
	onTestFinished(() => {
		if (child.exitCode === null && child.signalCode === null)
			child.kill("SIGKILL");
	});
	const exited = new Promise((resolve) => child.once("exit", resolve));
	const deadline = Date.now() + 30_000;
	while (Date.now() < deadline) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok)
				return { child, exited };
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error("the server did not start");
}

function openDatabase(dataDir: string) {
	return new SQLite(path.join(dataDir, "tools-gallery.sqlite"));
}

test.skipIf(isPostgresRun)(
	"every order acknowledged before a SIGKILL is there after the restart, whole, and stock plus orders equals the initial stock (10 crashes)",
	async () => {
		const dataDir = fs.mkdtempSync(
			path.join(os.tmpdir(), "tools-gallery-crash-"),
		);
		onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
		const port = await freePort();
		const origin = `http://127.0.0.1:${port}`;

		// First start: migrations, a tool with plenty of stock and a customer with a bearer token.
		let server = await startServer(dataDir, port);
		const toolId = randomUUID();
		const setup = openDatabase(dataDir);
		const now = new Date().toISOString();
		setup
			.prepare(
				`insert into tools (id, tool_name, description, price_cents, available_quantity,
          minimum_quantity, img, img_large, supplier_name, created_at, updated_at, version)
         values (?, 'Crash Test Vise', 'Holds on.', 1250, ?, 1, '/images/x.webp', '/images/x.webp', 'Test', ?, ?, 1)`,
			)
			.run(toolId, INITIAL_STOCK, now, now);
		setup.close();
		const email = `crash-${randomUUID()}@example.com`;
		const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
			method: "POST",
			headers: { "content-type": "application/json", origin },
			body: JSON.stringify({
				name: "Crash Customer",
				email,
				password: TEST_PASSWORD,
			}),
		});
		expect(signUp.status).toBe(200);
		const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
			method: "POST",
			headers: { "content-type": "application/json", origin },
			body: JSON.stringify({ email, password: TEST_PASSWORD }),
		});
		expect(signIn.status).toBe(200);
		const token = String(signIn.headers.get("set-auth-token"));

		const acknowledged = new Set<string>();
		for (let crash = 0; crash < CRASHES; crash++) {
			let isRunning = true;
			const client = async () => {
				while (isRunning) {
					try {
						const response = await fetch(`${origin}/api/orders`, {
							method: "POST",
							headers: {
								"content-type": "application/json",
								authorization: `Bearer ${token}`,
							},
							body: JSON.stringify({ tool_id: toolId, order_quantity: 1 }),
						});
						if (response.status === 201)
							acknowledged.add(((await response.json()) as { id: string }).id);
					} catch {
						// The server was killed under this request: it was never acknowledged.
					}
				}
			};
			const clients = Array.from({ length: CLIENTS }, client);
			await new Promise((resolve) =>
				setTimeout(resolve, 100 + Math.random() * 500),
			);
			server.child.kill("SIGKILL");
			await server.exited;
			isRunning = false;
			await Promise.all(clients);

			const db = openDatabase(dataDir);
			const orders = db
				.prepare(
					"select id, tool_name, price_cents, order_quantity, total_cents, status from orders",
				)
				.all() as {
				id: string;
				tool_name: string;
				price_cents: number;
				order_quantity: number;
				total_cents: number;
				status: string;
			}[];
			const stock = (
				db
					.prepare("select available_quantity from tools where id = ?")
					.get(toolId) as { available_quantity: number }
			).available_quantity;
			db.close();
			const stored = new Set(orders.map((order) => order.id));
			const lost = [...acknowledged].filter((id) => !stored.has(id));
			expect(lost, `crash ${crash + 1}`).toEqual([]);
			for (const order of orders)
				expect(order).toMatchObject({
					tool_name: "Crash Test Vise",
					total_cents: order.price_cents * order.order_quantity,
					status: "unpaid",
				});
			const ordered = orders.reduce(
				(sum, order) => sum + order.order_quantity,
				0,
			);
			expect(stock + ordered, `crash ${crash + 1}`).toBe(INITIAL_STOCK);

			if (crash < CRASHES - 1) server = await startServer(dataDir, port);
		}
		expect(acknowledged.size).toBeGreaterThan(0);
	},
	120_000,
);
