import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, onTestFinished, test, vi } from "vitest";
import type { Config } from "../../config.ts";
import {
	authHeaders,
	multipartBody,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import {
	createTestApp,
	insertTestTool,
	listStoredImages,
} from "../../test-support/test-app.ts";
import { makePng } from "../../test-support/tools.ts";
import type { QuotaName, QuotaPolicy } from "./quota-policies.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The clock of the quota counters, held still so windows and retry times are exact. */
function freezeTime(): { advance(ms: number): void } {
	let now = Date.UTC(2026, 5, 1, 12, 0, 0);
	vi.useFakeTimers({ toFake: ["Date"] });
	vi.setSystemTime(now);
	onTestFinished(() => {
		vi.useRealTimers();
	});
	return {
		advance(ms) {
			now += ms;
			vi.setSystemTime(now);
		},
	};
}

async function createQuotaApp(
	quotas: Partial<Record<QuotaName, QuotaPolicy>>,
	config: Partial<Config> = {},
) {
	const t = await createTestApp({ quotas, config });
	const tool = await insertTestTool(t.db, { minimum_quantity: 1 });
	const order = (cookie: string, headers: Record<string, string> = {}) =>
		t.app.inject({
			method: "POST",
			url: "/api/orders",
			headers: { ...authHeaders(cookie), ...headers },
			payload: { tool_id: tool.id, order_quantity: 1 },
		});
	return { ...t, order };
}

function orderQuota(perAccount: number, perAddress: number): QuotaPolicy {
	return {
		what: "orders",
		perAccount: { max: perAccount, windowMs: MINUTE },
		perAddress: { max: perAddress, windowMs: MINUTE },
	};
}

function rateLimitFields(response: LightMyRequestResponse) {
	return {
		limit: response.headers["ratelimit-limit"],
		remaining: response.headers["ratelimit-remaining"],
		reset: response.headers["ratelimit-reset"],
	};
}

async function countMyOrders(app: FastifyInstance, cookie: string) {
	const page = await app.inject({
		url: "/api/me/orders",
		headers: authHeaders(cookie),
	});
	return page.json().total;
}

test("an account past its order quota is refused with 429, Retry-After, the RateLimit fields and when to try again; nothing is ordered", async () => {
	freezeTime();
	const t = await createQuotaApp({ orders: orderQuota(2, 100) });
	const customer = await signUp(t.app);

	const first = await t.order(customer.cookie);
	expect(first.statusCode).toBe(201);
	expect(rateLimitFields(first)).toEqual({
		limit: "2",
		remaining: "1",
		reset: "60",
	});
	const second = await t.order(customer.cookie);
	expect(second.statusCode).toBe(201);
	expect(rateLimitFields(second)).toEqual({
		limit: "2",
		remaining: "0",
		reset: "60",
	});

	const refused = await t.order(customer.cookie);
	expect(refused.statusCode).toBe(429);
	expect(refused.headers["retry-after"]).toBe("60");
	expect(rateLimitFields(refused)).toEqual({
		limit: "2",
		remaining: "0",
		reset: "60",
	});
	expect(refused.json()).toEqual({
		error: {
			code: "TOO_MANY_REQUESTS",
			message: "Too many orders from your account. Try again in 1 minute.",
			retryAfterSeconds: 60,
		},
	});
	expect(await countMyOrders(t.app, customer.cookie)).toBe(2);
});

test("the retry time counts down, and the quota is whole again once its window has passed", async () => {
	const clock = freezeTime();
	const t = await createQuotaApp({ orders: orderQuota(1, 100) });
	const customer = await signUp(t.app);
	expect((await t.order(customer.cookie)).statusCode).toBe(201);

	clock.advance(45_000);
	const refused = await t.order(customer.cookie);
	expect(refused.statusCode).toBe(429);
	expect(refused.headers["retry-after"]).toBe("15");
	expect(refused.json().error.message).toBe(
		"Too many orders from your account. Try again in 15 seconds.",
	);

	clock.advance(15_000);
	const allowed = await t.order(customer.cookie);
	expect(allowed.statusCode).toBe(201);
	expect(rateLimitFields(allowed)).toEqual({
		limit: "1",
		remaining: "0",
		reset: "60",
	});
});

test("orders count per account and per address: a second account on the same network is refused once the network's quota is used up", async () => {
	freezeTime();
	const t = await createQuotaApp(
		{ orders: orderQuota(2, 3) },
		{ trustProxy: true },
	);
	const first = await signUp(t.app);
	const second = await signUp(t.app);
	const network = { "x-forwarded-for": "198.51.100.10" };
	expect((await t.order(first.cookie, network)).statusCode).toBe(201);
	expect((await t.order(first.cookie, network)).statusCode).toBe(201);
	const last = await t.order(second.cookie, network);
	expect(last.statusCode).toBe(201);
	// The tighter of the two allowances is the one announced.
	expect(rateLimitFields(last)).toEqual({
		limit: "3",
		remaining: "0",
		reset: "60",
	});

	const refused = await t.order(second.cookie, network);
	expect(refused.statusCode).toBe(429);
	expect(refused.json().error.message).toBe(
		"Too many orders from your network. Try again in 1 minute.",
	);
	// From elsewhere the second account still has its own allowance; the first has none left.
	const elsewhere = { "x-forwarded-for": "198.51.100.20" };
	expect((await t.order(second.cookie, elsewhere)).statusCode).toBe(201);
	expect((await t.order(first.cookie, elsewhere)).statusCode).toBe(429);
	expect(await countMyOrders(t.app, first.cookie)).toBe(2);
	expect(await countMyOrders(t.app, second.cookie)).toBe(2);
});

/** An admin's question added from the given forwarded address. */
function addFaqFrom(app: FastifyInstance, cookie: string, address: string) {
	return app.inject({
		method: "POST",
		url: "/api/faqs",
		headers: { ...authHeaders(cookie), "x-forwarded-for": address },
		payload: { question: `Asked from ${address}?`, answer: "Yes." },
	});
}

const ONE_WRITE_AN_ADDRESS: QuotaPolicy = {
	what: "changes",
	perAccount: { max: 1000, windowMs: HOUR },
	perAddress: { max: 1, windowMs: HOUR },
};

test("without a trusted proxy, a rotating X-Forwarded-For earns no second allowance", async () => {
	freezeTime();
	const t = await createTestApp({
		quotas: { "admin-writes": ONE_WRITE_AN_ADDRESS },
	});
	const admin = await signUpAdmin(t.app, t.db);
	expect(
		(await addFaqFrom(t.app, admin.cookie, "198.51.100.1")).statusCode,
	).toBe(201);
	const refused = await addFaqFrom(t.app, admin.cookie, "198.51.100.2");
	expect(refused.statusCode).toBe(429);
	expect(refused.json().error.message).toBe(
		"Too many changes from your network. Try again in 60 minutes.",
	);
});

test("behind a trusted proxy, each client address has its own allowance, and an IPv6 client's is its /64", async () => {
	freezeTime();
	const t = await createTestApp({
		quotas: { "admin-writes": ONE_WRITE_AN_ADDRESS },
		config: { trustProxy: true },
	});
	const admin = await signUpAdmin(t.app, t.db);
	const statusFrom = async (address: string) =>
		(await addFaqFrom(t.app, admin.cookie, address)).statusCode;
	expect(await statusFrom("198.51.100.7")).toBe(201);
	expect(await statusFrom("::ffff:198.51.100.7")).toBe(429);
	expect(await statusFrom("198.51.100.8")).toBe(201);
	expect(await statusFrom("2001:db8:1:2::1")).toBe(201);
	expect(await statusFrom("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(429);
	expect(await statusFrom("2001:db8:1:3::1")).toBe(201);
});

test("the routes that declare one quota share it: writing, rewriting and deleting a review", async () => {
	freezeTime();
	const t = await createTestApp({
		quotas: {
			reviews: {
				what: "review changes",
				perAccount: { max: 2, windowMs: HOUR },
				perAddress: { max: 100, windowMs: HOUR },
			},
		},
	});
	const customer = await signUp(t.app);
	const send = (method: "POST" | "PUT" | "DELETE", url: string) =>
		t.app.inject({
			method,
			url,
			headers: authHeaders(customer.cookie),
			...(method === "DELETE"
				? {}
				: { payload: { user_review: "Sharp saws.", user_rating: 5 } }),
		});
	expect((await send("POST", "/api/reviews")).statusCode).toBe(201);
	expect((await send("PUT", "/api/me/review")).statusCode).toBe(200);
	const refused = await send("DELETE", "/api/me/review");
	expect(refused.statusCode).toBe(429);
	expect(refused.headers["retry-after"]).toBe("3600");
	expect(refused.json().error).toEqual({
		code: "TOO_MANY_REQUESTS",
		message:
			"Too many review changes from your account. Try again in 60 minutes.",
		retryAfterSeconds: 3600,
	});
	const mine = await t.app.inject({
		url: "/api/me/review",
		headers: authHeaders(customer.cookie),
	});
	expect(mine.json().review).not.toBeNull();
});

test("an upload refused by its quota stores nothing", async () => {
	freezeTime();
	const t = await createTestApp({
		quotas: {
			uploads: {
				what: "uploads",
				perAccount: { max: 1, windowMs: HOUR },
				perAddress: { max: 100, windowMs: HOUR },
			},
		},
	});
	const customer = await signUp(t.app);
	const upload = async (width: number) => {
		const form = new FormData();
		form.append(
			"photo",
			new Blob([new Uint8Array(await makePng(width, 32))], {
				type: "image/png",
			}),
			"me.png",
		);
		const body = await multipartBody(form);
		return t.app.inject({
			method: "PUT",
			url: "/api/profile/photo",
			headers: { ...authHeaders(customer.cookie), ...body.headers },
			payload: body.payload,
		});
	};
	expect((await upload(32)).statusCode).toBe(200);
	const stored = await listStoredImages(t.db);
	const refused = await upload(40);
	expect(refused.statusCode).toBe(429);
	expect(refused.json().error.message).toBe(
		"Too many uploads from your account. Try again in 60 minutes.",
	);
	expect(await listStoredImages(t.db)).toEqual(stored);
});

test("signed-out requests are turned away before they count, and reads count against no quota", async () => {
	freezeTime();
	const t = await createQuotaApp({ orders: orderQuota(1, 1) });
	for (let attempt = 0; attempt < 3; attempt += 1)
		expect((await t.order("")).statusCode).toBe(401);
	const reads = await t.app.inject({ url: "/api/tools" });
	expect(reads.statusCode).toBe(200);
	expect(reads.headers["ratelimit-limit"]).toBeUndefined();

	const customer = await signUp(t.app);
	expect((await t.order(customer.cookie)).statusCode).toBe(201);
});
