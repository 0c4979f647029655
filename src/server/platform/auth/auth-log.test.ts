import { expect, test } from "vitest";
import { OWN_ORIGIN, signUp } from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

/** A test app logging everything, at every level, into lines the test can read. */
async function createLoggedApp() {
	const lines: string[] = [];
	const t = await createTestApp({
		config: { logLevel: "trace", logRequests: "all" },
		logStream: { write: (line) => lines.push(line) },
	});
	const entries = () =>
		lines.map((line) => JSON.parse(line) as Record<string, unknown>);
	return { t, lines, entries };
}

/** "A few KB": a line may quote some of what a client sent, never all of a large request. */
const LINE_MAX = 4096;
const HUGE_URL = `http://evil.example/${"a".repeat(1_000_000)}`;

test("a 1 MB callbackURL sent to the auth endpoints is refused, and no log line is longer than a few KB", async () => {
	const { t, lines } = await createLoggedApp();
	const account = await signUp(t.app);
	const requests = [
		[
			"/sign-in/email",
			{
				email: account.email,
				password: account.password,
				callbackURL: HUGE_URL,
			},
		],
		[
			"/sign-up/email",
			{
				name: "Long Link",
				email: "long@example.com",
				password: account.password,
				callbackURL: HUGE_URL,
			},
		],
		[
			"/send-verification-email",
			{ email: account.email, callbackURL: HUGE_URL },
		],
		["/request-password-reset", { email: account.email, redirectTo: HUGE_URL }],
		["/sign-in/social", { provider: "google", callbackURL: HUGE_URL }],
	] as const;
	for (const [path, payload] of requests) {
		const response = await t.app.inject({
			method: "POST",
			url: `/api/auth${path}`,
			headers: { origin: OWN_ORIGIN },
			payload,
		});
		expect(
			response.statusCode,
			`${path}: ${response.body.slice(0, 200)}`,
		).toBeGreaterThanOrEqual(400);
		expect(response.statusCode).toBeLessThan(500);
		expect(response.body.length).toBeLessThan(LINE_MAX);
	}
	const verify = await t.app.inject({
		url: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(HUGE_URL)}`,
	});
	expect(verify.statusCode).toBeLessThan(500);

	expect(lines.length).toBeGreaterThan(0);
	const longest = Math.max(...lines.map((line) => line.length));
	expect(longest).toBeLessThanOrEqual(LINE_MAX);
});

test("the auth's complaint about an untrusted callbackURL is a warning that quotes only its start", async () => {
	const { t, entries } = await createLoggedApp();
	const response = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-in/email",
		headers: { origin: OWN_ORIGIN },
		payload: {
			email: "a@example.com",
			password: "whatever it is",
			callbackURL: HUGE_URL,
		},
	});
	expect(response.statusCode).toBe(403);
	const complaint = entries().find(
		(entry) =>
			typeof entry.msg === "string" &&
			entry.msg.startsWith("Invalid callbackURL"),
	);
	// pino's levels: 40 is warn, 50 error.
	expect(complaint).toMatchObject({ level: 40, source: "better-auth" });
	expect(String(complaint?.msg)).toMatch(
		/^Invalid callbackURL: http:\/\/evil\.example\/a+… \(\d+ more characters\)$/,
	);
	expect(String(complaint?.msg).length).toBeLessThan(300);
});

test("the request log and the client-error log quote at most the start of a long URL", async () => {
	const { t, lines, entries } = await createLoggedApp();
	const path = `/api/${"b".repeat(10_000)}`;
	expect((await t.app.inject({ url: path })).statusCode).toBe(404);
	const malformed = await t.app.inject({
		url: `/api/tools/%E0%A4%A${"c".repeat(10_000)}`,
	});
	expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
	expect(malformed.statusCode).toBeLessThan(500);

	const requestLines = entries().filter((entry) => entry.msg === "request");
	expect(requestLines.length).toBeGreaterThanOrEqual(1);
	for (const entry of requestLines)
		expect(String(entry.url).length).toBeLessThan(300);
	expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(
		LINE_MAX,
	);
});
