import { expect, test } from "vitest";
import {
	authHeaders,
	OWN_ORIGIN,
	signUp,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { isNestedDeeperThan } from "./json-body.ts";

test("depth counts objects and arrays of the text, not brackets inside its strings", () => {
	expect(isNestedDeeperThan("[[[1]]]", 3)).toBe(false);
	expect(isNestedDeeperThan("[[[[1]]]]", 3)).toBe(true);
	expect(isNestedDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
	expect(isNestedDeeperThan('["[[[[", "{{{{"]', 1)).toBe(false);
	expect(isNestedDeeperThan('["\\"[[[[", "\\\\", [[1]]]', 2)).toBe(true);
	expect(isNestedDeeperThan('["\\\\"]', 1)).toBe(false);
	expect(isNestedDeeperThan("[1], [2], [3]", 1)).toBe(false);
});

test("text that is not JSON is left to the parser", () => {
	expect(isNestedDeeperThan('["never closed', 1)).toBe(false);
	expect(isNestedDeeperThan("]]]]", 1)).toBe(false);
	expect(isNestedDeeperThan("", 1)).toBe(false);
});

/** `[[[…1…]]]`, `levels` deep, as text: building it as an object would need the recursion it tests. */
function nestedArrays(levels: number): string {
	return `${"[".repeat(levels)}1${"]".repeat(levels)}`;
}

function postJson(t: TestApp, url: string, payload: string, cookie?: string) {
	return t.app.inject({
		method: "POST",
		url,
		headers: { ...authHeaders(cookie), "content-type": "application/json" },
		payload,
	});
}

test("JSON nested 100,000 levels deep is a 400 on the auth endpoints and the API, and the server answers after", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const deep = nestedArrays(100_000);
	const deepObject = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
	const requests: [string, string, string | undefined][] = [
		["/api/auth/sign-in/email", `{"email":${deep},"password":"x"}`, undefined],
		[
			"/api/auth/sign-up/email",
			`{"name":"A","email":"a@example.com","password":${deep}}`,
			undefined,
		],
		["/api/auth/sign-in/email", deepObject, undefined],
		["/api/orders", `{"toolId":${deep},"quantity":1}`, customer.cookie],
		["/api/orders", deepObject, customer.cookie],
	];
	for (const [url, payload, cookie] of requests) {
		const response = await postJson(t, url, payload, cookie);
		expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
		expect(response.json()).toEqual({
			error: {
				code: "VALIDATION_FAILED",
				message: "The JSON body is nested more than 32 levels deep",
			},
		});
	}
	expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
	const me = await t.app.inject({
		url: "/api/me",
		headers: authHeaders(customer.cookie),
	});
	expect(me.statusCode).toBe(200);
});

test("JSON 32 levels deep still reaches the route, and brackets inside strings do not count", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const brackets = "[{".repeat(1_000);
	for (const payload of [
		`{"toolId":${nestedArrays(31)},"quantity":1}`,
		`{"toolId":"${brackets}\\"${brackets}","quantity":1}`,
	]) {
		const response = await postJson(t, "/api/orders", payload, customer.cookie);
		expect(response.statusCode, response.body).toBe(400);
		expect(response.json().error.message).not.toContain("nested");
	}
	const tooDeep = await postJson(
		t,
		"/api/orders",
		`{"toolId":${nestedArrays(32)},"quantity":1}`,
		customer.cookie,
	);
	expect(tooDeep.json().error.message).toContain("nested more than 32");
});

test("the JSON body keeps Fastify's guards: prototype poisoning, an empty body, bad JSON, the 1 MiB limit", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const cases: [string, number][] = [
		['{"__proto__":{"isAdmin":true},"quantity":1}', 400],
		['{"constructor":{"prototype":{"isAdmin":true}}}', 400],
		["", 400],
		['{"toolId":', 400],
		[`{"toolId":"${"x".repeat(1024 * 1024)}"}`, 413],
	];
	for (const [payload, status] of cases) {
		const response = await postJson(t, "/api/orders", payload, customer.cookie);
		expect(
			response.statusCode,
			`${payload.slice(0, 40)}: ${response.body}`,
		).toBe(status);
		expect(response.json().error.code).toEqual(expect.any(String));
	}
	const signIn = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-in/email",
		headers: { origin: OWN_ORIGIN, "content-type": "application/json" },
		payload:
			'{"__proto__":{"role":"admin"},"email":"a@example.com","password":"x"}',
	});
	expect(signIn.statusCode).toBe(400);
});
