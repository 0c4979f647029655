import { expect, test } from "vitest";
import {
	API_KEYS_ACTIVE_MAX,
	ApiKeyPageSchema,
	ApiKeySchema,
	type ApiKeyScope,
	CreatedApiKeySchema,
} from "../../../shared/api-keys.schemas.ts";
import { OrderPageSchema } from "../../../shared/orders.schemas.ts";
import { ToolPageSchema, ToolSchema } from "../../../shared/tools.schemas.ts";
import { API_KEY_REQUESTS_PER_MINUTE } from "../../platform/auth/api-key-guard.ts";
import {
	authHeaders,
	type SignedIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { postOrder } from "../../test-support/orders.ts";
import {
	createTestApp,
	insertTestTool,
	type TestApp,
} from "../../test-support/test-app.ts";

function makeKey(
	t: TestApp,
	admin: SignedIn,
	payload: object,
	headers: Record<string, string> = {},
) {
	return t.app.inject({
		method: "POST",
		url: "/api/admin/api-keys",
		headers: { ...authHeaders(admin.cookie), ...headers },
		payload,
	});
}

async function madeKey(
	t: TestApp,
	admin: SignedIn,
	scopes: ApiKeyScope[],
	name = "ERP sync",
) {
	const response = await makeKey(t, admin, { name, scopes });
	expect(response.statusCode, response.body).toBe(201);
	return CreatedApiKeySchema.parse(response.json());
}

/** A request another system makes: no browser headers, only its key. */
function withKey(
	t: TestApp,
	secret: string,
	url: string,
	options: { method?: "GET" | "PUT" | "POST"; payload?: object } = {},
) {
	return t.app.inject({
		method: options.method ?? "GET",
		url,
		headers: { "x-api-key": secret },
		...(options.payload ? { payload: options.payload } : {}),
	});
}

async function listKeys(t: TestApp, admin: SignedIn) {
	const response = await t.app.inject({
		url: "/api/admin/api-keys",
		headers: authHeaders(admin.cookie),
	});
	expect(response.statusCode).toBe(200);
	return { page: ApiKeyPageSchema.parse(response.json()), body: response.body };
}

test("an admin makes a key: its secret is shown once, kept only as a digest, and no list shows it again", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const made = await madeKey(t, admin, ["orders:read", "catalog:read"]);
	expect(made.secret).toMatch(/^tgk_[A-Za-z0-9_-]{43}$/);
	expect(made.key).toMatchObject({
		name: "ERP sync",
		scopes: ["orders:read", "catalog:read"],
		prefix: made.secret.slice(0, 10),
		created_by_email: admin.email,
		last_used_at: null,
		revoked_at: null,
	});

	const { page, body } = await listKeys(t, admin);
	expect(page.items).toEqual([made.key]);
	expect(body).not.toContain(made.secret);
	const stored = await t.db.selectFrom("api_keys").selectAll().execute();
	expect(stored).toHaveLength(1);
	expect(JSON.stringify(stored)).not.toContain(made.secret.slice(10));

	// Sent again with an Idempotency-Key, it makes another key: the first secret is kept nowhere.
	const again = await makeKey(
		t,
		admin,
		{ name: "ERP sync", scopes: ["orders:read"] },
		{ "idempotency-key": "make-key-00001" },
	);
	const repeat = await makeKey(
		t,
		admin,
		{ name: "ERP sync", scopes: ["orders:read"] },
		{ "idempotency-key": "make-key-00001" },
	);
	expect(again.statusCode).toBe(201);
	expect(repeat.statusCode).toBe(201);
	expect(repeat.json().secret).not.toBe(again.json().secret);
	const kept = await t.db.selectFrom("idempotency_keys").selectAll().execute();
	expect(JSON.stringify(kept)).not.toContain(again.json().secret);

	const log = await t.app.inject({
		url: "/api/admin/audit-events?kind=api_key.created",
		headers: authHeaders(admin.cookie),
	});
	expect(log.json().items[2]).toMatchObject({
		kind: "api_key.created",
		actor_email: admin.email,
		details: { name: "ERP sync", scopes: "orders:read catalog:read" },
	});
});

test("a key opens only the routes its scopes name: the rest are a 403 saying which scope", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app, { name: "Keyed Customer" });
	const tool = await insertTestTool(t.db, {
		available_quantity: 30,
		minimum_quantity: 1,
	});
	await postOrder(t.app, customer.cookie, {
		tool_id: tool.id,
		order_quantity: 2,
	});
	const { secret } = await madeKey(t, admin, ["orders:read"]);

	const orders = await withKey(t, secret, "/api/orders");
	expect(orders.statusCode).toBe(200);
	const page = OrderPageSchema.parse(orders.json());
	expect(page.items.map((order) => order.email)).toEqual([customer.email]);
	const [order] = page.items;
	expect(
		(await withKey(t, secret, `/api/admin/orders/${order?.id}`)).statusCode,
	).toBe(200);
	expect(
		(await withKey(t, secret, "/api/admin/exports/orders.csv")).statusCode,
	).toBe(200);

	const export_ = await withKey(t, secret, "/api/admin/exports/tools.csv");
	expect(export_.statusCode).toBe(403);
	expect(export_.json().error.message).toBe(
		"This API key may not do this: it needs the catalog:read scope",
	);
	const stock = await withKey(t, secret, `/api/admin/tools/${tool.id}/stock`, {
		method: "PUT",
		payload: { available_quantity: 5 },
	});
	expect(stock.statusCode).toBe(403);
	expect(stock.json().error.message).toContain("stock:write");

	// Routes no scope names: a key is no account.
	for (const [method, url] of [
		["GET", "/api/me/orders"],
		["GET", "/api/admin/api-keys"],
		["POST", "/api/faqs"],
	] as const) {
		const refused = await withKey(t, secret, url, {
			method,
			...(method === "POST"
				? { payload: { question: "Keyed?", answer: "No." } }
				: {}),
		});
		expect(refused.statusCode, url).toBe(403);
		expect(refused.json().error.message, url).toMatch(
			/^An API key opens only the routes its scopes name/,
		);
	}
	expect(await readStock(t, tool.id)).toBe(28);
});

test("a stock:write key sets a tool's stock, which the catalog shows at once; bad figures are a 400 and change nothing", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const tool = await insertTestTool(t.db, { available_quantity: 12 });
	const { secret } = await madeKey(t, admin, ["stock:write", "catalog:read"]);

	const set = await withKey(t, secret, `/api/admin/tools/${tool.id}/stock`, {
		method: "PUT",
		payload: { available_quantity: 480 },
	});
	expect(set.statusCode, set.body).toBe(200);
	expect(ToolSchema.parse(set.json())).toMatchObject({
		id: tool.id,
		available_quantity: 480,
		version: 1,
	});
	const listed = ToolPageSchema.parse(
		(await withKey(t, secret, "/api/tools")).json(),
	);
	expect(listed.items.map((item) => item.available_quantity)).toEqual([480]);

	for (const available_quantity of [-1, 1.5, 2_000_000, "9"]) {
		const refused = await withKey(
			t,
			secret,
			`/api/admin/tools/${tool.id}/stock`,
			{ method: "PUT", payload: { available_quantity } },
		);
		expect(refused.statusCode, String(available_quantity)).toBe(400);
		expect(refused.json().error.details[0].field).toBe("available_quantity");
	}
	const unknown = await withKey(
		t,
		secret,
		"/api/admin/tools/00000000-0000-4000-8000-000000000000/stock",
		{ method: "PUT", payload: { available_quantity: 1 } },
	);
	expect(unknown.statusCode).toBe(404);
	expect(await readStock(t, tool.id)).toBe(480);
});

test("a revoked or unknown key is a 401; revoking is immediate, recorded, and shown in the list", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const made = await madeKey(t, admin, ["catalog:read"]);
	const first = await withKey(t, made.secret, "/api/tools");
	expect(first.statusCode).toBe(200);
	expect((await listKeys(t, admin)).page.items[0]?.last_used_at).not.toBeNull();

	const revoked = await t.app.inject({
		method: "POST",
		url: `/api/admin/api-keys/${made.key.id}/revoke`,
		headers: authHeaders(admin.cookie),
	});
	expect(revoked.statusCode).toBe(200);
	const key = ApiKeySchema.parse(revoked.json());
	expect(key.revoked_at).not.toBeNull();

	for (const secret of [made.secret, `${made.secret.slice(0, -1)}x`, "tgk_"]) {
		const refused = await withKey(t, secret, "/api/tools");
		expect(refused.statusCode).toBe(401);
		expect(refused.json().error.message).toBe(
			"This API key is not valid: it was revoked, or never existed",
		);
	}
	// Revoking again answers the key as it is; an unknown key is a 404.
	const again = await t.app.inject({
		method: "POST",
		url: `/api/admin/api-keys/${made.key.id}/revoke`,
		headers: authHeaders(admin.cookie),
	});
	expect(again.json()).toEqual(revoked.json());
	const unknown = await t.app.inject({
		method: "POST",
		url: "/api/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke",
		headers: authHeaders(admin.cookie),
	});
	expect(unknown.statusCode).toBe(404);
	const log = await t.app.inject({
		url: "/api/admin/audit-events?kind=api_key.revoked",
		headers: authHeaders(admin.cookie),
	});
	expect(log.json().items).toHaveLength(1);
});

test("only admins manage keys; a name and at least one known scope, each once, are required", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app, { name: "Curious Customer" });
	expect(
		(await makeKey(t, customer, { name: "Mine", scopes: ["orders:read"] }))
			.statusCode,
	).toBe(403);
	expect(
		(
			await t.app.inject({
				url: "/api/admin/api-keys",
				headers: authHeaders(customer.cookie),
			})
		).statusCode,
	).toBe(403);

	for (const [payload, field, message] of [
		[{ name: " ", scopes: ["orders:read"] }, "name", "Name is required"],
		[{ name: "ERP", scopes: [] }, "scopes", "Choose at least one scope"],
		[
			{ name: "ERP", scopes: ["orders:write"] },
			"scopes.0",
			"scope must be one of catalog:read, orders:read, stock:write",
		],
		[
			{ name: "ERP", scopes: ["orders:read", "orders:read"] },
			"scopes",
			"Each scope is named once",
		],
	] as const) {
		const refused = await makeKey(t, admin, payload);
		expect(refused.statusCode).toBe(400);
		expect(refused.json().error.details).toContainEqual({ field, message });
	}
	expect((await listKeys(t, admin)).page.total).toBe(0);
});

test(`a shop holds at most ${API_KEYS_ACTIVE_MAX} keys that are not revoked; revoking one makes room`, async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const keys = [];
	for (let i = 0; i < API_KEYS_ACTIVE_MAX; i += 1)
		keys.push(await madeKey(t, admin, ["catalog:read"], `Key ${i}`));
	const refused = await makeKey(t, admin, {
		name: "One more",
		scopes: ["catalog:read"],
	});
	expect(refused.statusCode).toBe(409);
	expect(refused.json().error.message).toBe(
		`A shop holds at most ${API_KEYS_ACTIVE_MAX} active API keys: revoke one first`,
	);
	await t.app.inject({
		method: "POST",
		url: `/api/admin/api-keys/${keys[0]?.key.id}/revoke`,
		headers: authHeaders(admin.cookie),
	});
	await madeKey(t, admin, ["catalog:read"], "One more");
	const { page } = await listKeys(t, admin);
	expect(page.total).toBe(API_KEYS_ACTIVE_MAX + 1);
	expect(page.items[0]?.name).toBe("One more");
});

test("a key has its own allowance of requests a minute: past it, a 429 with when to try again", async () => {
	const t = await createTestApp({ seed: false });
	const admin = await signUpAdmin(t.app, t.db);
	const tool = await insertTestTool(t.db);
	const { secret } = await madeKey(t, admin, ["catalog:read"]);
	const other = await madeKey(t, admin, ["catalog:read"], "Other system");
	for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 1) {
		const allowed = await withKey(t, secret, `/api/tools/${tool.id}`);
		if (allowed.statusCode !== 200)
			throw new Error(`request ${i + 1} answered ${allowed.statusCode}`);
	}
	const refused = await withKey(t, secret, `/api/tools/${tool.id}`);
	expect(refused.statusCode).toBe(429);
	expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
	expect(refused.json().error.message).toMatch(
		/^Too many requests with this API key\. Try again in/,
	);
	expect(
		(await withKey(t, other.secret, `/api/tools/${tool.id}`)).statusCode,
	).toBe(200);
});

async function readStock(t: TestApp, toolId: string): Promise<number> {
	const response = await t.app.inject({ url: `/api/tools/${toolId}` });
	return ToolSchema.parse(response.json()).available_quantity;
}
