import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, onTestFinished, test, vi } from "vitest";
import { AuditEventPageSchema } from "../../../shared/audit.schemas.ts";
import { OrderSchema } from "../../../shared/orders.schemas.ts";
import {
	CreatedWebhookEndpointSchema,
	WebhookDeliveryDetailSchema,
	WebhookDeliveryPageSchema,
	type WebhookEvent,
} from "../../../shared/webhooks.schemas.ts";
import { verifyWebhook } from "../../platform/webhooks/webhook-signature.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { handClock } from "../../test-support/hand-clock.ts";
import { postOrder, postOrderAction } from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";
import {
	addToolAsAdmin,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";
import { webhookRetryDelayMs } from "./webhook-worker.service.ts";

/**
 * How long a test waits for a delivery: on PostgreSQL the dispatcher leaves a change 5 s to settle
 * (commits can land out of order) before it reads it.
 */
const WAIT_MS = 15_000;

type Received = { headers: http.IncomingHttpHeaders; body: string };

/**
 * A system that receives webhooks, on loopback: it keeps every request and answers each with the
 * next status of `statuses` (then 200), as a receiver that is down for a while would.
 */
async function startReceiver(statuses: number[] = []) {
	const received: Received[] = [];
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			received.push({
				headers: request.headers,
				body: Buffer.concat(chunks).toString("utf8"),
			});
			response.writeHead(statuses.shift() ?? 200).end();
		});
	});
	await new Promise<void>((resolve) =>
		server.listen(0, "127.0.0.1", () => resolve()),
	);
	onTestFinished(
		() => new Promise<void>((resolve) => server.close(() => resolve())),
	);
	const { port } = server.address() as AddressInfo;
	return { url: `http://127.0.0.1:${port}/hooks`, received };
}

async function addEndpoint(
	t: TestApp,
	admin: SignedIn,
	url: string,
	events: WebhookEvent[],
) {
	const response = await t.app.inject({
		method: "POST",
		url: "/api/admin/webhooks",
		headers: authHeaders(admin.cookie),
		payload: { url, description: "ERP", events },
	});
	expect(response.statusCode, response.body).toBe(201);
	return CreatedWebhookEndpointSchema.parse(response.json());
}

async function deliveriesOf(t: TestApp, admin: SignedIn, endpointId: string) {
	const response = await t.app.inject({
		url: `/api/admin/webhooks/${endpointId}/deliveries`,
		headers: authHeaders(admin.cookie),
	});
	return WebhookDeliveryPageSchema.parse(response.json()).items;
}

async function deliveryDetail(t: TestApp, admin: SignedIn, id: string) {
	const response = await t.app.inject({
		url: `/api/admin/webhook-deliveries/${id}`,
		headers: authHeaders(admin.cookie),
	});
	return WebhookDeliveryDetailSchema.parse(response.json());
}

/** A shop whose webhooks' worker runs every 25 ms, on a wall clock the test moves. */
async function shop() {
	const clock = handClock(Date.now());
	const t = await createTestApp({
		seed: false,
		wallClock: clock.now,
		webhookPollIntervalMs: 25,
	});
	await t.app.ready();
	const admin = await signUpAdmin(t.app, t.db);
	return { t, admin, clock };
}

test("an order placed and paid reaches the receiver as two signed deliveries that verify with the endpoint's secret", async () => {
	const { t, admin, clock } = await shop();
	const receiver = await startReceiver();
	const { endpoint, secret } = await addEndpoint(t, admin, receiver.url, [
		"order.placed",
		"order.paid",
	]);
	expect(secret).toMatch(/^whsec_/);
	const customer = await signUp(t.app, { name: "Hooked Customer" });
	const tool = await insertTestTool(t.db, {
		available_quantity: 20,
		minimum_quantity: 1,
	});
	clock.advance(1);
	const placed = OrderSchema.parse(
		(
			await postOrder(t.app, customer.cookie, {
				tool_id: tool.id,
				order_quantity: 2,
			})
		).json(),
	);
	await postOrderAction(t.app, customer.cookie, placed.id, "payment");

	await vi.waitFor(() => expect(receiver.received).toHaveLength(2), {
		timeout: WAIT_MS,
	});
	// Sent side by side, they may arrive in either order: a receiver goes by each one's type and id.
	const bodies = receiver.received
		.map((request) => JSON.parse(request.body))
		.sort((a, b) => a.type.localeCompare(b.type));
	expect(bodies.map((body) => body.type)).toEqual([
		"order.paid",
		"order.placed",
	]);
	expect(bodies[0].data.object).toMatchObject({
		id: placed.id,
		status: "paid",
		email: customer.email,
	});
	for (const request of receiver.received) {
		expect(request.headers["content-type"]).toBe("application/json");
		expect(request.headers["tools-gallery-event"]).toBe(
			JSON.parse(request.body).type,
		);
		const signature = request.headers["tools-gallery-signature"];
		expect(typeof signature).toBe("string");
		expect(
			verifyWebhook(secret, String(signature), request.body, {
				now: Math.floor(clock.now() / 1000),
			}),
		).toBe(true);
		expect(
			verifyWebhook("another secret", String(signature), request.body),
		).toBe(false);
	}
	// The endpoint asked for neither cancellations nor tools: the log holds the two deliveries.
	await vi.waitFor(
		async () => {
			const log = await deliveriesOf(t, admin, endpoint.id);
			expect(log.map((delivery) => [delivery.event, delivery.status])).toEqual([
				["order.paid", "delivered"],
				["order.placed", "delivered"],
			]);
		},
		{ timeout: WAIT_MS },
	);
	// The secret is kept sealed, never as given.
	const stored = await t.db
		.selectFrom("webhook_endpoints")
		.selectAll()
		.execute();
	expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
});

test("a receiver that fails three times gets the event once it recovers, and the log shows every attempt", async () => {
	const { t, admin, clock } = await shop();
	const receiver = await startReceiver([500, 503, 502]);
	const { endpoint } = await addEndpoint(t, admin, receiver.url, [
		"tool.created",
	]);
	clock.advance(1);
	const tool = await addToolAsAdmin(t.app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Hooked Saw",
	});

	for (let attempt = 1; attempt <= 3; attempt += 1) {
		await vi.waitFor(() => expect(receiver.received).toHaveLength(attempt), {
			timeout: WAIT_MS,
		});
		await vi.waitFor(
			async () => {
				const [delivery] = await deliveriesOf(t, admin, endpoint.id);
				expect(delivery?.attempts).toBe(attempt);
			},
			{ timeout: WAIT_MS },
		);
		const [delivery] = await deliveriesOf(t, admin, endpoint.id);
		expect(delivery).toMatchObject({ status: "pending", attempts: attempt });
		// Not sooner than its back-off: nothing more arrives until the clock passes it.
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(receiver.received).toHaveLength(attempt);
		clock.advance(webhookRetryDelayMs(attempt));
	}
	await vi.waitFor(() => expect(receiver.received).toHaveLength(4), {
		timeout: WAIT_MS,
	});
	const bodies = receiver.received.map((request) => JSON.parse(request.body));
	// Every attempt carries the same event: the receiver can tell a repeat by its id.
	expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
	expect(bodies[0]).toMatchObject({
		type: "tool.created",
		data: { object: { id: tool.id, tool_name: "Hooked Saw" } },
	});

	await vi.waitFor(
		async () => {
			const [delivery] = await deliveriesOf(t, admin, endpoint.id);
			expect(delivery?.status).toBe("delivered");
		},
		{ timeout: WAIT_MS },
	);
	const [delivery] = await deliveriesOf(t, admin, endpoint.id);
	const detail = await deliveryDetail(t, admin, String(delivery?.id));
	expect(detail.attempt_log.map((attempt) => attempt.status_code)).toEqual([
		500, 503, 502, 200,
	]);
	expect(detail.attempt_log[0]?.error).toBe("The receiver answered 500");
	expect(JSON.parse(detail.payload)).toEqual(bodies[3]);
});

test("a delivery sent again keeps its event id and adds to its log; a tool's change and deletion are their own events", async () => {
	const { t, admin, clock } = await shop();
	const receiver = await startReceiver();
	const { endpoint } = await addEndpoint(t, admin, receiver.url, [
		"tool.updated",
		"tool.deleted",
	]);
	clock.advance(1);
	const tool = await addToolAsAdmin(t.app, admin.cookie);
	await new Promise((resolve) => setTimeout(resolve, 5));
	const edited = await sendToolForm(
		t.app,
		{ method: "PUT", url: `/api/tools/${tool.id}`, cookie: admin.cookie },
		{
			...VALID_TOOL_FIELDS,
			tool_name: "Renamed Driver",
			version: String(tool.version),
			available_quantity_seen: String(tool.available_quantity),
		},
	);
	expect(edited.statusCode).toBe(200);
	await vi.waitFor(() => expect(receiver.received).toHaveLength(1), {
		timeout: WAIT_MS,
	});
	await new Promise((resolve) => setTimeout(resolve, 5));
	await t.app.inject({
		method: "DELETE",
		url: `/api/tools/${tool.id}`,
		headers: authHeaders(admin.cookie),
	});
	await vi.waitFor(() => expect(receiver.received).toHaveLength(2), {
		timeout: WAIT_MS,
	});
	const [updated, deleted] = receiver.received.map((request) =>
		JSON.parse(request.body),
	);
	expect(updated).toMatchObject({
		type: "tool.updated",
		data: { object: { id: tool.id, tool_name: "Renamed Driver" } },
	});
	expect(deleted).toMatchObject({
		type: "tool.deleted",
		data: { object: { id: tool.id, tool_name: "Renamed Driver" } },
	});

	const [latest] = await deliveriesOf(t, admin, endpoint.id);
	await vi.waitFor(
		async () => {
			const [delivery] = await deliveriesOf(t, admin, endpoint.id);
			expect(delivery?.status).toBe("delivered");
		},
		{ timeout: WAIT_MS },
	);
	const replay = await t.app.inject({
		method: "POST",
		url: `/api/admin/webhook-deliveries/${latest?.id}/replay`,
		headers: authHeaders(admin.cookie),
	});
	expect(replay.statusCode).toBe(200);
	expect(replay.json()).toMatchObject({ status: "pending", attempts: 0 });
	await vi.waitFor(() => expect(receiver.received).toHaveLength(3), {
		timeout: WAIT_MS,
	});
	expect(JSON.parse(receiver.received[2]?.body ?? "{}").id).toBe(deleted.id);
	await vi.waitFor(
		async () => {
			const detail = await deliveryDetail(t, admin, String(latest?.id));
			expect(detail.attempt_log).toHaveLength(2);
			expect(detail.status).toBe("delivered");
		},
		{ timeout: WAIT_MS },
	);
});

test("only admins manage webhooks; a bad URL, no event, or a private address the shop may not reach is a 400", async () => {
	const t = await createTestApp({
		seed: false,
		config: { webhooksToPrivateAddresses: false },
	});
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app, { name: "Curious Customer" });
	const asCustomer = await t.app.inject({
		method: "POST",
		url: "/api/admin/webhooks",
		headers: authHeaders(customer.cookie),
		payload: { url: "https://erp.example.com/hooks", events: ["order.paid"] },
	});
	expect(asCustomer.statusCode).toBe(403);

	for (const [payload, field, message] of [
		[
			{ url: "ftp://erp.example.com", events: ["order.paid"] },
			"url",
			"URL must be an http:// or https:// address",
		],
		[
			{ url: "https://user:secret@erp.example.com", events: ["order.paid"] },
			"url",
			"URL must be an http:// or https:// address",
		],
		[
			{ url: "https://erp.example.com", events: [] },
			"events",
			"Choose at least one event",
		],
		[
			{ url: "http://127.0.0.1:8080/hooks", events: ["order.paid"] },
			"url",
			"URL points to a private or local address, which the shop does not send to",
		],
		[
			{ url: "http://[::1]/hooks", events: ["order.paid"] },
			"url",
			"URL points to a private or local address, which the shop does not send to",
		],
		[
			{ url: "http://169.254.169.254/latest", events: ["order.paid"] },
			"url",
			"URL points to a private or local address, which the shop does not send to",
		],
	] as const) {
		const refused = await t.app.inject({
			method: "POST",
			url: "/api/admin/webhooks",
			headers: authHeaders(admin.cookie),
			payload,
		});
		expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
		expect(refused.json().error.details).toContainEqual({ field, message });
	}
	const list = await t.app.inject({
		url: "/api/admin/webhooks",
		headers: authHeaders(admin.cookie),
	});
	expect(list.json().total).toBe(0);
});

test("removing an endpoint removes its deliveries; nothing more is sent to it", async () => {
	const { t, admin, clock } = await shop();
	const receiver = await startReceiver();
	const { endpoint } = await addEndpoint(t, admin, receiver.url, [
		"tool.created",
	]);
	clock.advance(1);
	await addToolAsAdmin(t.app, admin.cookie);
	await vi.waitFor(() => expect(receiver.received).toHaveLength(1), {
		timeout: WAIT_MS,
	});
	const removed = await t.app.inject({
		method: "DELETE",
		url: `/api/admin/webhooks/${endpoint.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(removed.statusCode).toBe(204);
	expect(
		await t.db.selectFrom("webhook_deliveries").selectAll().execute(),
	).toEqual([]);
	await addToolAsAdmin(t.app, admin.cookie, {
		...VALID_TOOL_FIELDS,
		tool_name: "Unheard Tool",
	});
	await new Promise((resolve) => setTimeout(resolve, 200));
	expect(receiver.received).toHaveLength(1);
	const gone = await t.app.inject({
		url: `/api/admin/webhooks/${endpoint.id}/deliveries`,
		headers: authHeaders(admin.cookie),
	});
	expect(gone.statusCode).toBe(404);
});

test("adding and removing an endpoint go to the security log with who and from where, the address without its query", async () => {
	const { t, admin } = await shop();
	const receiver = await startReceiver();
	const { endpoint } = await addEndpoint(
		t,
		admin,
		`${receiver.url}?token=receiver-secret`,
		["order.placed", "order.paid"],
	);
	const unknown = await t.app.inject({
		method: "DELETE",
		url: "/api/admin/webhooks/00000000-0000-4000-8000-000000000000",
		headers: authHeaders(admin.cookie),
	});
	expect(unknown.statusCode).toBe(404);
	const removed = await t.app.inject({
		method: "DELETE",
		url: `/api/admin/webhooks/${endpoint.id}`,
		headers: authHeaders(admin.cookie),
	});
	expect(removed.statusCode).toBe(204);

	const log = await t.app.inject({
		url: "/api/admin/audit-events",
		headers: authHeaders(admin.cookie),
	});
	const events = AuditEventPageSchema.parse(log.json()).items.filter((event) =>
		event.kind.startsWith("webhook."),
	);
	expect(
		events.map(({ kind, actor_email, address, details }) => ({
			kind,
			actor_email,
			address,
			details,
		})),
	).toEqual([
		{
			kind: "webhook.removed",
			actor_email: admin.email,
			address: "127.0.0.1",
			details: { url: receiver.url },
		},
		{
			kind: "webhook.added",
			actor_email: admin.email,
			address: "127.0.0.1",
			details: { url: receiver.url, events: "order.placed order.paid" },
		},
	]);
	expect(log.body).not.toContain("receiver-secret");
});

test("the API reference describes each delivery: its body, the order or tool in it, and the signature header", async () => {
	const t = await createTestApp({ seed: false });
	const document = (await t.app.inject({ url: "/api/openapi.json" })).json();
	const callbacks = document.paths["/api/admin/webhooks"].post.callbacks;
	const orderDelivery = callbacks.orderEvent["{$request.body#/url}"].post;
	const body = orderDelivery.requestBody.content["application/json"].schema;
	expect(body.properties.type.enum).toEqual([
		"order.placed",
		"order.paid",
		"order.shipped",
		"order.cancelled",
		"order.refunded",
	]);
	expect(
		Object.keys(body.properties.data.properties.object.properties),
	).toEqual(expect.arrayContaining(["id", "status", "lines", "updated_at"]));
	expect(
		orderDelivery.parameters.map(
			(parameter: { name: string }) => parameter.name,
		),
	).toContain("Tools-Gallery-Signature");
	const toolDelivery = callbacks.toolEvent["{$request.body#/url}"].post;
	expect(
		toolDelivery.requestBody.content["application/json"].schema.properties.type
			.enum,
	).toEqual(["tool.created", "tool.updated", "tool.deleted"]);
});
