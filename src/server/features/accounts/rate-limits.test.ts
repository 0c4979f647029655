import { expect, test } from "vitest";
import type { Config } from "../../config.ts";
import {
	countUsers,
	postAuth,
	signUp,
	TEST_PASSWORD,
	testAuthConfig,
	uniqueEmail,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

const WINDOW_MS = 60_000;

/** Small limits and a clock moved by hand: 3 requests per address and group, 2 failed sign-ins. */
async function createLimitedApp(overrides: Partial<Config> = {}) {
	let now = 1_000_000;
	const t = await createTestApp({
		clock: () => now,
		config: {
			auth: testAuthConfig({
				limits: { perAddress: 3, failuresPerAccount: 2, windowMs: WINDOW_MS },
			}),
			...overrides,
		},
	});
	return {
		...t,
		advance: (ms: number) => {
			now += ms;
		},
	};
}

function signInAttempt(
	app: Awaited<ReturnType<typeof createLimitedApp>>["app"],
	body: { email: string; password: string },
	headers: Record<string, string> = {},
) {
	return postAuth(app, "/sign-in/email", body, headers);
}

test("failed sign-ins lock the account for the window, even with the right password, and say when to retry", async () => {
	const t = await createLimitedApp();
	const account = await signUp(t.app);
	const wrong = { email: account.email, password: "not the right phrase" };
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);

	const locked = await signInAttempt(t.app, {
		email: account.email.toUpperCase(),
		password: TEST_PASSWORD,
	});
	expect(locked.statusCode).toBe(429);
	expect(locked.headers["retry-after"]).toBe("60");
	expect(locked.json()).toEqual({
		code: "TOO_MANY_REQUESTS",
		message:
			"Too many failed sign-ins for this account. Try again in 1 minute.",
		retryAfterSeconds: 60,
	});
	expect(locked.headers["set-cookie"]).toBeUndefined();

	t.advance(WINDOW_MS);
	const restored = await signInAttempt(t.app, {
		email: account.email,
		password: TEST_PASSWORD,
	});
	expect(restored.statusCode).toBe(200);
});

test("the retry time counts down with the window", async () => {
	const t = await createLimitedApp();
	const account = await signUp(t.app);
	const wrong = { email: account.email, password: "not the right phrase" };
	await signInAttempt(t.app, wrong);
	await signInAttempt(t.app, wrong);
	t.advance(WINDOW_MS - 30_000);
	const locked = await signInAttempt(t.app, wrong);
	expect(locked.headers["retry-after"]).toBe("30");
	expect(locked.json().message).toBe(
		"Too many failed sign-ins for this account. Try again in 30 seconds.",
	);
});

test("the lock of one account leaves other accounts alone", async () => {
	const t = await createLimitedApp({ trustProxy: true });
	const locked = await signUp(t.app);
	const other = await signUp(t.app);
	const wrong = { email: locked.email, password: "not the right phrase" };
	// From other addresses, so only the per-account count is reached.
	await signInAttempt(t.app, wrong, { "x-forwarded-for": "203.0.113.1" });
	await signInAttempt(t.app, wrong, { "x-forwarded-for": "203.0.113.2" });
	const refused = await signInAttempt(
		t.app,
		{ email: locked.email, password: TEST_PASSWORD },
		{ "x-forwarded-for": "203.0.113.3" },
	);
	expect(refused.statusCode).toBe(429);
	const allowed = await signInAttempt(
		t.app,
		{ email: other.email, password: TEST_PASSWORD },
		{ "x-forwarded-for": "203.0.113.4" },
	);
	expect(allowed.statusCode).toBe(200);
});

test("without a trusted proxy, a rotating X-Forwarded-For earns no extra attempts", async () => {
	const t = await createLimitedApp();
	for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
		const response = await signInAttempt(
			t.app,
			{ email: uniqueEmail(), password: TEST_PASSWORD },
			{ "x-forwarded-for": address },
		);
		expect(response.statusCode).toBe(401);
	}
	const fourth = await signInAttempt(
		t.app,
		{ email: uniqueEmail(), password: TEST_PASSWORD },
		{ "x-forwarded-for": "198.51.100.4" },
	);
	expect(fourth.statusCode).toBe(429);
	expect(fourth.headers["retry-after"]).toBe("60");
	expect(fourth.json().message).toBe(
		"Too many requests from your network. Try again in 1 minute.",
	);
});

test("behind a trusted proxy, each forwarded client address has its own allowance", async () => {
	const t = await createLimitedApp({ trustProxy: true });
	const attempt = (address: string) =>
		signInAttempt(
			t.app,
			{ email: uniqueEmail(), password: TEST_PASSWORD },
			{ "x-forwarded-for": address },
		);
	for (let i = 0; i < 3; i += 1)
		expect((await attempt("198.51.100.1")).statusCode).toBe(401);
	expect((await attempt("198.51.100.1")).statusCode).toBe(429);
	expect((await attempt("198.51.100.2")).statusCode).toBe(401);
});

test("sign-up has its own per-address allowance; a refused sign-up stores nothing", async () => {
	const t = await createLimitedApp();
	for (let i = 0; i < 3; i += 1) await signUp(t.app);
	const fourth = await postAuth(t.app, "/sign-up/email", {
		name: "One Too Many",
		email: uniqueEmail(),
		password: TEST_PASSWORD,
	});
	expect(fourth.statusCode).toBe(429);
	expect(fourth.json().code).toBe("TOO_MANY_REQUESTS");
	expect(await countUsers(t.db)).toBe(3);

	// Sign-in is another group: the sign-ups did not use up its allowance.
	const signIn = await signInAttempt(t.app, {
		email: uniqueEmail(),
		password: TEST_PASSWORD,
	});
	expect(signIn.statusCode).toBe(401);

	t.advance(WINDOW_MS);
	await signUp(t.app);
	expect(await countUsers(t.db)).toBe(4);
});

test("password reset requests are limited per address", async () => {
	const t = await createLimitedApp();
	const request = () =>
		postAuth(t.app, "/request-password-reset", {
			email: uniqueEmail(),
			redirectTo: "/reset-password",
		});
	for (let i = 0; i < 3; i += 1) expect((await request()).statusCode).toBe(200);
	expect((await request()).statusCode).toBe(429);
});
