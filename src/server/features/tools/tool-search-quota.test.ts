import { expect, onTestFinished, test, vi } from "vitest";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { QUOTA_POLICIES } from "../../platform/http/quota-policies.ts";
import { authHeaders, signUp } from "../../test-support/accounts.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

const MINUTE = 60_000;

/** An app whose searches are limited to `max` a minute per address, on a clock held still. */
async function createSearchQuotaApp(max: number) {
	let now = Date.UTC(2026, 5, 1, 12, 0, 0);
	vi.useFakeTimers({ toFake: ["Date"] });
	vi.setSystemTime(now);
	onTestFinished(() => {
		vi.useRealTimers();
	});
	const t = await createTestApp({
		quotas: {
			searches: {
				...QUOTA_POLICIES.searches,
				perAccount: { max, windowMs: MINUTE },
				perAddress: { max, windowMs: MINUTE },
			},
		},
	});
	await insertTestTool(t.db, { tool_name: "Bench Grinder" });
	await insertTestTool(t.db, { tool_name: "Belt Sander" });
	const get = (url: string, headers: Record<string, string> = {}) =>
		t.app.inject({ url, headers });
	return {
		...t,
		get,
		advance(ms: number) {
			now += ms;
			vi.setSystemTime(now);
		},
	};
}

test("past its searches a minute, an address is refused with 429 and when to try again, the RateLimit fields on every search", async () => {
	const t = await createSearchQuotaApp(2);

	const first = await t.get("/api/tools?q=grinder");
	expect(first.statusCode).toBe(200);
	expect(ToolPageSchema.parse(first.json()).items).toHaveLength(1);
	expect(first.headers["ratelimit-limit"]).toBe("2");
	expect(first.headers["ratelimit-remaining"]).toBe("1");
	// A different search, and the same one again (served from the list cache), both count.
	expect((await t.get("/api/tools?q=sander")).statusCode).toBe(200);
	const refused = await t.get("/api/tools?q=grinder");
	expect(refused.statusCode).toBe(429);
	expect(refused.headers["retry-after"]).toBe("60");
	expect(refused.json()).toEqual({
		error: {
			code: "TOO_MANY_REQUESTS",
			message: "Too many searches from your network. Try again in 1 minute.",
			retryAfterSeconds: 60,
		},
	});

	t.advance(MINUTE);
	expect((await t.get("/api/tools?q=grinder")).statusCode).toBe(200);
});

test("the plain list and a q without a word in it are not searches: they never count", async () => {
	const t = await createSearchQuotaApp(1);
	expect((await t.get("/api/tools?q=belt")).statusCode).toBe(200);
	for (const url of [
		"/api/tools",
		"/api/tools?page=1&page_size=1",
		"/api/tools?q=",
		"/api/tools?q=%20%2A%20",
	]) {
		const answer = await t.get(url);
		expect(answer.statusCode, url).toBe(200);
		expect(answer.headers["ratelimit-limit"], url).toBeUndefined();
		expect(ToolPageSchema.parse(answer.json()).total, url).toBe(2);
	}
	expect((await t.get("/api/tools?q=bench")).statusCode).toBe(429);
});

test("the list is public and reads no session: a signed-in caller's searches count against their address too", async () => {
	const t = await createSearchQuotaApp(1);
	const customer = await signUp(t.app);
	expect(
		(await t.get("/api/tools?q=belt", authHeaders(customer.cookie))).statusCode,
	).toBe(200);
	expect((await t.get("/api/tools?q=bench")).statusCode).toBe(429);
	expect(
		(await t.get("/api/tools?q=bench", authHeaders(customer.cookie)))
			.statusCode,
	).toBe(429);
});

test("reading the changes since a time counts like a search: the cache cannot answer it", async () => {
	const t = await createSearchQuotaApp(2);
	const since = "/api/tools?updated_since=2026-01-01T00:00:00Z";
	const first = await t.get(since);
	expect(first.statusCode).toBe(200);
	expect(ToolPageSchema.parse(first.json()).total).toBe(2);
	expect(first.headers["ratelimit-remaining"]).toBe("1");
	expect((await t.get("/api/tools?q=belt")).statusCode).toBe(200);
	expect((await t.get(since)).statusCode).toBe(429);
});
