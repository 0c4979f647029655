import { expect, test } from "vitest";
import type { Config } from "../../config.ts";
import { createLogLines } from "../../test-support/log-lines.ts";
import { createTestApp } from "../../test-support/test-app.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A test app whose log lines are kept, one object a line. */
async function createLoggedApp(trustProxy: Config["trustProxy"] = false) {
	const { stream: logStream, lines } = createLogLines();
	const t = await createTestApp({
		config: { logLevel: "info", logRequests: "all", trustProxy },
		logStream,
	});
	return { ...t, lines };
}

test("every answer carries X-Request-Id, a new UUID for each request, and the request's log line names the same id", async () => {
	const t = await createLoggedApp();
	const answers = [
		await t.app.inject("/api/tools"),
		await t.app.inject("/api/tools"),
		await t.app.inject("/api/no-such-thing"),
		await t.app.inject("/api/me"),
		await t.app.inject("/api/tools?page=zero"),
	];
	const ids = answers.map((answer) => answer.headers["x-request-id"]);
	for (const id of ids) expect(id).toMatch(UUID);
	expect(new Set(ids).size).toBe(answers.length);
	expect(answers.map((answer) => answer.statusCode)).toEqual([
		200, 200, 404, 401, 400,
	]);
	const logged = t.lines.filter((line) => line.url === "/api/no-such-thing");
	expect(logged).toEqual([expect.objectContaining({ reqId: ids[2] })]);
});

test("behind a trusted proxy, the id the balancer gave the request (nginx's $request_id) is kept; one that is too long or holds other characters is replaced", async () => {
	const t = await createLoggedApp(["127.0.0.1"]);
	const fromNginx = "3f9c0a7be21d4c55a0b1c2d3e4f50617";
	const kept = await t.app.inject({
		url: "/api/tools",
		headers: { "x-request-id": fromNginx },
	});
	expect(kept.headers["x-request-id"]).toBe(fromNginx);
	expect(t.lines).toContainEqual(
		expect.objectContaining({ reqId: fromNginx, url: "/api/tools" }),
	);

	for (const given of [
		"x".repeat(129),
		"short",
		"id with spaces",
		"a\u0000b1234567",
	]) {
		const replaced = await t.app.inject({
			url: "/api/tools",
			headers: { "x-request-id": given },
		});
		expect(replaced.statusCode).toBe(200);
		expect(replaced.headers["x-request-id"]).toMatch(UUID);
	}
});

test("without a trusted proxy, an id the client sends is never taken", async () => {
	const t = await createLoggedApp();
	const answer = await t.app.inject({
		url: "/api/tools",
		headers: { "x-request-id": "3f9c0a7be21d4c55a0b1c2d3e4f50617" },
	});
	expect(answer.headers["x-request-id"]).toMatch(UUID);
});
