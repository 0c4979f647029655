// The server the screenshot tests run against (playwright.screens.config.ts): a fresh data
// directory with the demo content stamped at a fixed time, three accounts with their orders (one
// a checkout of three tools, paid and ready at a receiving point), a cart, a review, a deleted
// order, the admin's API keys and webhooks, every timestamp pinned, so each page looks the same
// on every run. Invoices cannot be changed once issued: their dates are masked in the screenshots instead.
// Nothing else writes to it. Prints SCREENS_READY once the content is in place.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
	SCREENS_ACCOUNTS,
	SCREENS_API_KEYS,
	SCREENS_PASSWORD,
	SCREENS_SEEDED_AT,
	SCREENS_WEBHOOK_DELIVERIES,
	SCREENS_WEBHOOK_ENDPOINT_ID,
	SCREENS_WEBHOOK_ENDPOINTS,
} from "../e2e/screens/screens-data.ts";
import { loadConfig } from "../src/server/config.ts";
import { grantAdminByEmail } from "../src/server/features/accounts/accounts.service.ts";
import {
	seedDemoContent,
	seedId,
} from "../src/server/features/demo/seed-demo.ts";
import type { Db } from "../src/server/platform/db/database.ts";
import { PROJECT_ROOT, WEB_BUILD_DIR } from "../src/server/project-paths.ts";
import { createServer, prepareData } from "../src/server/start-up.ts";
import { startLocalIssuer } from "../src/server/test-support/oidc-issuer.ts";

const port = Number(process.env.PORT ?? 4180);
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `tools-gallery-screens-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));

// 'CONTINUE WITH GOOGLE' shows when Google is configured: a local issuer stands in for it.
const issuer = await startLocalIssuer(`${origin}/api/auth/callback/google`);
// The whole configuration: neither a .env file nor the shell's variables are read.
const env = {
	PORT: String(port),
	HOST: "127.0.0.1",
	PUBLIC_URL: origin,
	DATA_DIR: dataDir,
	DATABASE_URL: "",
	SEED_DEMO: "false",
	LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
	ADMIN_EMAILS: "",
	SMTP_URL: "",
	// Unpaid orders never expire here: their pinned deadlines are in the past.
	UNPAID_ORDER_HOURS: "0",
	GOOGLE_CLIENT_ID: issuer.clientId,
	GOOGLE_CLIENT_SECRET: issuer.clientSecret,
	GOOGLE_ISSUER_URL: issuer.issuerUrl,
};

// In a child process, as `npm start` does: the web build sets NODE_ENV=production in the process
// it runs in, and the server would then refuse to start with test payments.
const build = spawnSync(
	process.execPath,
	["--import", "tsx", "scripts/build.ts", "--if-stale"],
	{ cwd: PROJECT_ROOT, stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const config = { ...loadConfig(env), webRoot: WEB_BUILD_DIR };
const seeded = await prepareData(config);
await seedDemoContent(seeded.db, seeded.images, new Date(SCREENS_SEEDED_AT));
await seeded.db.destroy();

const { app, db } = await createServer(config);
async function shutDown(): Promise<void> {
	await app.close();
	await db.destroy();
	await issuer.close();
	process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
process.once("SIGINT", () => void shutDown());
await app.listen({ port, host: "127.0.0.1" });

type Account = { cookie: string };

async function call(
	method: string,
	url: string,
	body?: unknown,
	account?: Account,
): Promise<unknown> {
	const response = await fetch(`${origin}${url}`, {
		method,
		headers: {
			origin,
			...(body === undefined ? {} : { "content-type": "application/json" }),
			...(account ? { cookie: account.cookie } : {}),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!response.ok)
		throw new Error(
			`${method} ${url}: ${response.status} ${await response.text()}`,
		);
	return response.status === 204 ? undefined : response.json();
}

async function signUp(person: { name: string; email: string }) {
	await call("POST", "/api/auth/sign-up/email", {
		...person,
		password: SCREENS_PASSWORD,
	});
}

async function signIn(person: { email: string }): Promise<Account> {
	const response = await fetch(`${origin}/api/auth/sign-in/email`, {
		method: "POST",
		headers: { origin, "content-type": "application/json" },
		body: JSON.stringify({ email: person.email, password: SCREENS_PASSWORD }),
	});
	if (!response.ok)
		throw new Error(`sign-in of ${person.email}: ${response.status}`);
	const cookie = response.headers
		.getSetCookie()
		.map((line) => line.split(";")[0])
		.join("; ");
	return { cookie };
}

type PlacedOrder = { id: string };

async function minimumOf(art: string): Promise<number> {
	const tool = (await call("GET", `/api/tools/${seedId(`tool:${art}`)}`)) as {
		minimum_quantity: number;
	};
	return tool.minimum_quantity;
}

/** A checkout of several tools (each its minimum plus `extra`) collected at `pointId`. */
async function checkOut(
	account: Account,
	arts: { art: string; extra: number }[],
	pointId: string,
	purchaseOrder: string,
): Promise<PlacedOrder> {
	const lines = [];
	for (const { art, extra } of arts)
		lines.push({
			tool_id: seedId(`tool:${art}`),
			quantity: (await minimumOf(art)) + extra,
		});
	return (await call(
		"POST",
		"/api/checkout",
		{
			lines,
			fulfilment: { kind: "collection", receiving_point_id: pointId },
			purchase_order: purchaseOrder,
		},
		account,
	)) as PlacedOrder;
}

async function placeOrder(
	account: Account,
	art: string,
	extraPieces: number,
): Promise<PlacedOrder> {
	const toolId = seedId(`tool:${art}`);
	const tool = (await call("GET", `/api/tools/${toolId}`)) as {
		minimum_quantity: number;
	};
	return (await call(
		"POST",
		"/api/orders",
		{ tool_id: toolId, order_quantity: tool.minimum_quantity + extraPieces },
		account,
	)) as PlacedOrder;
}

// One after another: the security log and every list keep the order of these steps.
for (const person of [
	SCREENS_ACCOUNTS.neighbour,
	SCREENS_ACCOUNTS.customer,
	SCREENS_ACCOUNTS.admin,
])
	await signUp(person);
await grantAdminByEmail(db, SCREENS_ACCOUNTS.admin.email, {
	isUnconfirmedAllowed: true,
});
const neighbour = await signIn(SCREENS_ACCOUNTS.neighbour);
const customer = await signIn(SCREENS_ACCOUNTS.customer);
const admin = await signIn(SCREENS_ACCOUNTS.admin);

await call(
	"PATCH",
	"/api/profile",
	{
		address: "14 Foundry Lane",
		city: "Sheffield",
		state: "South Yorkshire",
		zip: "S1 2HE",
		username: "caseym",
		website: "https://morgan-joinery.example",
		bio: "Joiner and cabinet maker; buys clamps by the dozen.",
	},
	customer,
);

const paid = await placeOrder(customer, "wrench", 20);
const unpaid = await placeOrder(customer, "hammer", 0);
const cancelled = await placeOrder(customer, "tape-measure", 10);
const neighbourOrder = await placeOrder(neighbour, "socket-set", 10);
const deleted = await placeOrder(neighbour, "chisel", 0);
const adminOrder = await placeOrder(admin, "spirit-level", 0);
await call("POST", `/api/orders/${paid.id}/payment`, {}, customer);
await call("POST", `/api/orders/${cancelled.id}/cancel`, {}, customer);
await call(
	"POST",
	"/api/reviews",
	{
		user_review:
			"The wrenches arrived two days after I paid, well packed, and every one of them fits as it should.",
		user_rating: 5,
	},
	customer,
);
await call("DELETE", `/api/orders/${deleted.id}`, undefined, admin);

// A checkout of three tools collected at the first receiving point: paid and made ready.
const points = (await call("GET", "/api/receiving-points?page_size=1")) as {
	items: { id: string }[];
};
const [point] = points.items;
if (!point) throw new Error("the demo content has no receiving point");
const collected = await checkOut(
	customer,
	[
		{ art: "bar-clamp", extra: 6 },
		{ art: "chisel", extra: 2 },
		{ art: "pliers", extra: 0 },
	],
	point.id,
	"PO-2291",
);
await call("POST", `/api/orders/${collected.id}/payment`, {}, customer);
await call("POST", `/api/admin/orders/${collected.id}/ready`, undefined, admin);
// Two tools wait in the customer's cart.
for (const art of ["screwdriver", "hand-saw"])
	await call(
		"PUT",
		`/api/cart/lines/${seedId(`tool:${art}`)}`,
		{ quantity: await minimumOf(art) },
		customer,
	);

// Quote requests: the customer's waiting for the shop, declined and withdrawn, and the
// neighbour's waiting. None is answered: an answer lapses with the real day, so it would not stay
// the same from run to run.
async function requestQuote(
	account: Account,
	art: string,
	extra: Record<string, unknown> = {},
): Promise<string> {
	const quote = (await call(
		"POST",
		"/api/quotes",
		{
			tool_id: seedId(`tool:${art}`),
			quantity: (await minimumOf(art)) * 20,
			...extra,
		},
		account,
	)) as { id: string };
	return quote.id;
}
const quotes = [
	{
		id: await requestQuote(customer, "cordless-drill", {
			wanted_price: "64.50",
			needed_by: "2026-12-15",
			note: "For the new workshop: delivery to the back gate, please.",
		}),
		at: "2026-11-19T14:10:00.000Z",
	},
	{
		id: await requestQuote(customer, "bar-clamp"),
		at: "2026-11-18T10:25:00.000Z",
		declined: "We cannot source that many before spring.",
	},
	{
		id: await requestQuote(customer, "spirit-level"),
		at: "2026-11-17T09:00:00.000Z",
		withdrawn: true,
	},
	{
		id: await requestQuote(neighbour, "socket-set", { wanted_price: "18" }),
		at: "2026-11-20T08:45:00.000Z",
	},
];
for (const quote of quotes) {
	if (quote.declined)
		await call(
			"POST",
			`/api/admin/quotes/${quote.id}/decline`,
			{ note: quote.declined },
			admin,
		);
	if (quote.withdrawn)
		await call("POST", `/api/quotes/${quote.id}/withdraw`, undefined, customer);
	const closedAt =
		quote.declined || quote.withdrawn ? later(quote.at, 90) : null;
	await db
		.updateTable("quotes")
		.set({
			created_at: quote.at,
			updated_at: closedAt ?? quote.at,
			...(quote.declined ? { answered_at: closedAt } : {}),
		})
		.where("id", "=", quote.id)
		.execute();
}

// The neighbour may pay by invoice, net 30 days up to $5,000, approved on a fixed day.
await call(
	"POST",
	"/api/admin/payment-terms",
	{
		email: SCREENS_ACCOUNTS.neighbour.email,
		net_days: 30,
		credit_limit: "5000",
	},
	admin,
);
await db
	.updateTable("payment_terms")
	.set({
		approved_at: "2026-11-18T10:30:00.000Z",
		updated_at: "2026-11-18T10:30:00.000Z",
	})
	.execute();

// The admin's API keys, straight into their table: made through the API, each would have a
// random prefix and add an event to the security log, whose screenshots show every event.
const adminUser = await db
	.selectFrom("users")
	.select("id")
	.where("email", "=", SCREENS_ACCOUNTS.admin.email)
	.executeTakeFirstOrThrow();
for (const [index, key] of SCREENS_API_KEYS.entries())
	await db
		.insertInto("api_keys")
		.values({
			id: `7a9e0000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`,
			name: key.name,
			scopes: JSON.stringify(key.scopes),
			// The digest of a made-up secret: the page shows the listing only.
			key_hash: createHash("sha256")
				.update(`screens-api-key-${index}`)
				.digest("hex"),
			prefix: key.prefix,
			created_by: adminUser.id,
			created_by_email: SCREENS_ACCOUNTS.admin.email,
			created_at: key.created_at,
			last_used_at: key.last_used_at,
			revoked_at: key.revoked_at,
		})
		.execute();

// The admin's webhook endpoints and the ERP's deliveries, straight into their tables: added
// through the API, an endpoint's secret and time would be the run's, and the dispatcher would
// start reading the orders placed above. No cursor is written, so it reads none; nothing is due:
// the pending delivery is held under a lease that never runs out, as if an instance were sending
// it, so its attempts stay as pinned here. The secret is never opened, so it is not sealed.
for (const endpoint of SCREENS_WEBHOOK_ENDPOINTS)
	await db
		.insertInto("webhook_endpoints")
		.values({
			...endpoint,
			events: JSON.stringify(endpoint.events),
			secret_sealed: "screens-never-sent",
			created_by_email: SCREENS_ACCOUNTS.admin.email,
		})
		.execute();
for (const [index, delivery] of SCREENS_WEBHOOK_DELIVERIES.entries()) {
	const id = `3b7d0000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`;
	const last = delivery.attempts.at(-1);
	await db
		.insertInto("webhook_deliveries")
		.values({
			id,
			endpoint_id: SCREENS_WEBHOOK_ENDPOINT_ID,
			event_id: delivery.event_id,
			event: delivery.event,
			payload: JSON.stringify({
				id: delivery.event_id,
				type: delivery.event,
				created_at: delivery.created_at,
				data: {
					object: {
						id: `5c0e0000-0000-4000-8000-0000000000${delivery.event_id.slice(-2)}`,
						tool_name: "Bar clamp",
						order_quantity: 26,
						total_cents: 41_860,
						email: SCREENS_ACCOUNTS.customer.email,
						user_name: SCREENS_ACCOUNTS.customer.name,
						status: delivery.event.replace("order.", ""),
						purchase_order: "PO-2291",
						created_at: delivery.created_at,
					},
				},
			}),
			status: delivery.status,
			attempts: delivery.attempts.length,
			send_after: delivery.next_attempt_at ?? last?.at ?? delivery.created_at,
			claimed_until:
				delivery.status === "pending" ? "9999-12-31T23:59:59.000Z" : null,
			last_status_code: last?.status_code ?? null,
			last_error: last?.error ?? null,
			created_at: delivery.created_at,
			delivered_at: delivery.status === "delivered" ? (last?.at ?? null) : null,
		})
		.execute();
	for (const [step, attempt] of delivery.attempts.entries())
		await db
			.insertInto("webhook_attempts")
			.values({
				id: `3b7e0000-0000-4000-8000-${String(index + 1).padStart(6, "0")}${String(step + 1).padStart(6, "0")}`,
				delivery_id: id,
				attempted_at: attempt.at,
				status_code: attempt.status_code,
				error: attempt.error,
				duration_ms: attempt.duration_ms,
			})
			.execute();
}

await pinTimestamps(db, {
	orders: [
		{ id: paid.id, placedAt: "2026-11-18T09:15:00.000Z", paidMinutes: 6 },
		{ id: unpaid.id, placedAt: "2026-11-19T16:40:00.000Z" },
		{
			id: cancelled.id,
			placedAt: "2026-11-17T11:05:00.000Z",
			cancelledMinutes: 30,
		},
		{ id: neighbourOrder.id, placedAt: "2026-11-19T08:20:00.000Z" },
		{ id: deleted.id, placedAt: "2026-11-16T14:00:00.000Z" },
		{ id: adminOrder.id, placedAt: "2026-11-20T10:00:00.000Z" },
		{
			id: collected.id,
			placedAt: "2026-11-19T09:30:00.000Z",
			paidMinutes: 4,
			readyMinutes: 180,
		},
	],
});
// Every mail sent before the pages are shown: the Mail page then has nothing waiting.
for (let tries = 0; ; tries++) {
	const unsent = await db
		.selectFrom("mail_outbox")
		.select((eb) => eb.fn.countAll<number>().as("count"))
		.where("sent_at", "is", null)
		.executeTakeFirstOrThrow();
	if (Number(unsent.count) === 0) break;
	if (tries > 100) throw new Error(`${unsent.count} mails were never sent`);
	await new Promise((resolve) => setTimeout(resolve, 100));
}
console.info(`SCREENS_READY at ${origin}`);

type PinnedOrder = {
	id: string;
	placedAt: string;
	paidMinutes?: number;
	cancelledMinutes?: number;
	readyMinutes?: number;
};

function later(iso: string, minutes: number): string {
	return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

/**
 * Everything the pages show that the server stamped with the time of this run (or a random id)
 * gets a fixed value: accounts, orders and their payment, the review, the deletion and the log.
 */
async function pinTimestamps(
	database: Db,
	pins: { orders: PinnedOrder[] },
): Promise<void> {
	const people = [
		SCREENS_ACCOUNTS.neighbour,
		SCREENS_ACCOUNTS.customer,
		SCREENS_ACCOUNTS.admin,
	];
	const sample = await database
		.selectFrom("users")
		.select("created_at")
		.executeTakeFirstOrThrow();
	// The auth library's own encoding of a date on SQLite: kept as it is.
	const asStored = (iso: string) =>
		typeof sample.created_at === "number" ? new Date(iso).getTime() : iso;
	for (const [index, person] of people.entries()) {
		const at = asStored(later("2026-10-01T09:00:00.000Z", index * 60 * 24));
		await database
			.updateTable("users")
			.set({ created_at: at, updated_at: at, email_verified: 1 })
			.where("email", "=", person.email)
			.execute();
	}
	for (const [index, order] of pins.orders.entries()) {
		const paidAt =
			order.paidMinutes === undefined
				? null
				: later(order.placedAt, order.paidMinutes);
		const cancelledAt =
			order.cancelledMinutes === undefined
				? null
				: later(order.placedAt, order.cancelledMinutes);
		const readyAt =
			order.readyMinutes === undefined
				? null
				: later(order.placedAt, order.readyMinutes);
		await database
			.updateTable("orders")
			.set({
				created_at: order.placedAt,
				updated_at: readyAt ?? paidAt ?? cancelledAt ?? order.placedAt,
				pay_by: later(order.placedAt, 48 * 60),
				paid_at: paidAt,
				cancelled_at: cancelledAt,
				ready_at: readyAt,
			})
			.where("id", "=", order.id)
			.execute();
		// The timeline: each step a minute after the one before, from the time it was placed.
		const steps = await database
			.selectFrom("order_events")
			.select(["seq", "kind"])
			.where("order_id", "=", order.id)
			.orderBy("seq")
			.execute();
		for (const [step, event] of steps.entries())
			await database
				.updateTable("order_events")
				.set({
					at:
						event.kind === "placed"
							? order.placedAt
							: event.kind === "ready_for_collection" && readyAt
								? readyAt
								: later(paidAt ?? cancelledAt ?? order.placedAt, step),
				})
				.where("seq", "=", event.seq)
				.execute();
		await database
			.updateTable("orders")
			.set({
				payment_id: `test_0c5e${index}a7e-52b1-4d6f-9a0e-3f1d2b8c7e4${index}`,
			})
			.where("id", "=", order.id)
			.where("payment_id", "is not", null)
			.execute();
		await database
			.updateTable("order_events")
			.set({
				details: JSON.stringify({
					transaction_id: `test_0c5e${index}a7e-52b1-4d6f-9a0e-3f1d2b8c7e4${index}`,
				}),
			})
			.where("order_id", "=", order.id)
			.where("kind", "=", "paid")
			.execute();
	}
	await database
		.updateTable("order_deletions")
		.set({ deleted_at: "2026-11-16T17:45:00.000Z" })
		.execute();
	await database
		.updateTable("orders")
		.set({ deleted_at: "2026-11-16T17:45:00.000Z" })
		.where("deleted_at", "is not", null)
		.execute();
	await database
		.updateTable("reviews")
		.set({ created_at: "2026-11-19T18:30:00.000Z", updated_at: null })
		.where("user_id", "is not", null)
		.execute();
	const events = await database
		.selectFrom("audit_events")
		.select("seq")
		.orderBy("seq")
		.execute();
	for (const [index, event] of events.entries())
		await database
			.updateTable("audit_events")
			.set({ occurred_at: later("2026-11-15T08:00:00.000Z", index * 7) })
			.where("seq", "=", event.seq)
			.execute();
}
