import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, onTestFinished, test } from "vitest";
import SQLite, {
	type SQLiteDatabase,
} from "../../platform/db/sqlite-driver.ts";
import { OUTBOX_FILE, readOutbox } from "../../platform/mail/mailer.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { TEST_PASSWORD } from "../../test-support/accounts.ts";
import { TEST_DELIVERY } from "../../test-support/orders.ts";

// A SIGKILL of the server process on SQLite (WAL, each write acknowledged once flushed).
// PostgreSQL's crash safety is PostgreSQL's own, so the PostgreSQL run of the suite skips this test.
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

/** Pieces ordered of each tool by the orders stored, from their lines. */
function orderedPieces(db: SQLiteDatabase, toolId: string): number {
	const row = db
		.prepare(
			"select coalesce(sum(quantity), 0) as ordered from order_lines where tool_id = ?",
		)
		.get(toolId) as { ordered: number };
	return row.ordered;
}

test.skipIf(isPostgresRun)(
	"every order and 3-line checkout acknowledged before a SIGKILL is there after the restart, whole, stock plus orders equals the initial stock (10 crashes), and each order's confirmation is mailed once",
	async () => {
		const dataDir = fs.mkdtempSync(
			path.join(os.tmpdir(), "tools-gallery-crash-"),
		);
		onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
		const port = await freePort();
		const origin = `http://127.0.0.1:${port}`;

		// First start: migrations, a tool with plenty of stock and a customer with a bearer token.
		let server = await startServer(dataDir, port);
		const toolIds = [randomUUID(), randomUUID(), randomUUID()];
		const [toolId = ""] = toolIds;
		const setup = openDatabase(dataDir);
		const now = new Date().toISOString();
		for (const [index, id] of toolIds.entries())
			setup
				.prepare(
					`insert into tools (id, tool_name, description, price_cents, available_quantity,
            minimum_quantity, img, img_large, supplier_name, created_at, updated_at, version, sku, slug)
           values (?, ?, 'Holds on.', 1250, ?, 1, '/images/x.webp', '/images/x.webp', 'Test', ?, ?, 1, ?, ?)`,
				)
				.run(
					id,
					`Crash Test Vise ${index + 1}`,
					INITIAL_STOCK,
					now,
					now,
					`CRASH-${index + 1}`,
					`crash-test-vise-${index + 1}`,
				);
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
			// Half the clients order one piece from the purchase page, half check out three lines.
			const client = async (_: unknown, index: number) => {
				const [route, body] =
					index % 2 === 0
						? ["orders", { tool_id: toolId, order_quantity: 1 }]
						: [
								"checkout",
								{
									lines: toolIds.map((id, line) => ({
										tool_id: id,
										quantity: line + 1,
									})),
									fulfilment: TEST_DELIVERY,
								},
							];
				while (isRunning) {
					try {
						const response = await fetch(`${origin}/api/${route}`, {
							method: "POST",
							headers: {
								"content-type": "application/json",
								authorization: `Bearer ${token}`,
							},
							body: JSON.stringify(body),
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
			// Each order with the number of its lines and their sum: whole means every line is there.
			const orders = db
				.prepare(
					`select o.id, o.total_cents, o.status, o.pieces,
             count(l.position) as lines, coalesce(sum(l.line_total_cents), 0) as lines_total,
             coalesce(sum(l.quantity), 0) as lines_pieces
           from orders o left join order_lines l on l.order_id = o.id group by o.id`,
				)
				.all() as {
				id: string;
				total_cents: number;
				status: string;
				pieces: number;
				lines: number;
				lines_total: number;
				lines_pieces: number;
			}[];
			const stored = new Set(orders.map((order) => order.id));
			const lost = [...acknowledged].filter((id) => !stored.has(id));
			expect(lost, `crash ${crash + 1}`).toEqual([]);
			for (const order of orders) {
				expect([1, 3]).toContain(order.lines);
				expect(order).toMatchObject({
					total_cents: order.lines_total,
					pieces: order.lines_pieces,
					status: "unpaid",
				});
			}
			for (const id of toolIds) {
				const stock = (
					db
						.prepare("select available_quantity from tools where id = ?")
						.get(id) as { available_quantity: number }
				).available_quantity;
				expect(stock + orderedPieces(db, id), `crash ${crash + 1}`).toBe(
					INITIAL_STOCK,
				);
			}
			db.close();

			server = await startServer(dataDir, port);
		}
		expect(acknowledged.size).toBeGreaterThan(0);

		// The confirmations: each order wrote one into the outbox with itself. Mails the killed
		// servers held would be taken again once their lease of a minute ran out; the test moves
		// those leases to now rather than wait, then lets a server send everything. The running
		// server stops first (a clean stop finishes the pass under way): a lease moved under a pass
		// in flight would have that pass's mails sent again by the next.
		server.child.kill("SIGTERM");
		await server.exited;
		const leases = openDatabase(dataDir);
		leases.prepare("update mail_outbox set claimed_until = null").run();
		leases.close();
		server = await startServer(dataDir, port);
		const deadline = Date.now() + 30_000;
		for (;;) {
			const check = openDatabase(dataDir);
			const unsent = (
				check
					.prepare(
						"select count(*) as n from mail_outbox where sent_at is null",
					)
					.get() as { n: number }
			).n;
			check.close();
			if (unsent === 0) break;
			if (Date.now() > deadline) throw new Error(`${unsent} mails never sent`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
		server.child.kill("SIGKILL");
		await server.exited;
		const final = openDatabase(dataDir);
		const storedIds = (
			final.prepare("select id from orders").all() as { id: string }[]
		).map((order) => order.id);
		final.close();
		const confirmations = new Map<string, number>();
		for (const mail of await readOutbox(path.join(dataDir, "outbox"))) {
			const orderId = /Order: ([0-9a-f-]{36})/.exec(mail.text)?.[1];
			if (orderId && mail.subject.includes("order confirmed"))
				confirmations.set(orderId, (confirmations.get(orderId) ?? 0) + 1);
		}
		expect(fs.existsSync(path.join(dataDir, "outbox", OUTBOX_FILE))).toBe(true);
		const notOnce = storedIds.filter((id) => confirmations.get(id) !== 1);
		expect(notOnce, "orders not confirmed exactly once").toEqual([]);
		expect(confirmations.size).toBe(storedIds.length);
	},
	120_000,
);
