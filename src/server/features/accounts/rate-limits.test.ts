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
		wallClock: () => now,
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

test("failed sign-ins from one address delay that address's next attempt, twice as long each time, and say when to retry", async () => {
	const t = await createLimitedApp({
		auth: testAuthConfig({
			limits: { perAddress: 100, failuresPerAccount: 2, windowMs: WINDOW_MS },
		}),
	});
	const account = await signUp(t.app);
	const wrong = { email: account.email, password: "not the right phrase" };
	const right = { email: account.email.toUpperCase(), password: TEST_PASSWORD };
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);

	const delayed = await signInAttempt(t.app, right);
	expect(delayed.statusCode).toBe(429);
	expect(delayed.headers["retry-after"]).toBe("1");
	expect(delayed.headers["ratelimit-limit"]).toBe("2");
	expect(delayed.headers["ratelimit-remaining"]).toBe("0");
	expect(delayed.json()).toEqual({
		code: "TOO_MANY_REQUESTS",
		message:
			"Too many failed sign-ins for this account from your network. Try again in 1 second.",
		retryAfterSeconds: 1,
	});
	expect(delayed.headers["set-cookie"]).toBeUndefined();

	// Each further failure doubles the wait: 2 s, then 4 s.
	t.advance(1000);
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);
	expect((await signInAttempt(t.app, right)).headers["retry-after"]).toBe("2");
	t.advance(2000);
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);
	expect((await signInAttempt(t.app, right)).headers["retry-after"]).toBe("4");

	// The owner waits seconds, not a quarter of an hour, and a success clears the count.
	t.advance(4000);
	expect((await signInAttempt(t.app, right)).statusCode).toBe(200);
	expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);
	expect((await signInAttempt(t.app, right)).statusCode).toBe(200);
});

test("the delay grows to five minutes at most", async () => {
	const t = await createLimitedApp({
		auth: testAuthConfig({
			limits: { perAddress: 1000, failuresPerAccount: 2, windowMs: 3_600_000 },
		}),
	});
	const account = await signUp(t.app);
	const wrong = { email: account.email, password: "not the right phrase" };
	for (let attempt = 0; attempt < 14; attempt += 1) {
		expect((await signInAttempt(t.app, wrong)).statusCode).toBe(401);
		t.advance(300_000);
	}
	t.advance(-300_000);
	expect((await signInAttempt(t.app, wrong)).headers["retry-after"]).toBe(
		"300",
	);
});

test("another address's failures never delay the owner signing in from their own address", async () => {
	const t = await createLimitedApp({ trustProxy: true });
	const owner = await signUp(t.app);
	const wrong = { email: owner.email, password: "not the right phrase" };
	const attacker = { "x-forwarded-for": "203.0.113.66" };
	for (let attempt = 0; attempt < 3; attempt += 1)
		await signInAttempt(t.app, wrong, attacker);
	expect((await signInAttempt(t.app, wrong, attacker)).statusCode).toBe(429);

	const fromHome = await signInAttempt(
		t.app,
		{ email: owner.email, password: TEST_PASSWORD },
		{ "x-forwarded-for": "198.51.100.7" },
	);
	expect(fromHome.statusCode).toBe(200);
});

test("IPv6 clients count by their /64 and IPv4-mapped addresses as the IPv4 address", async () => {
	const t = await createLimitedApp({ trustProxy: true });
	const owner = await signUp(t.app);
	const wrong = { email: owner.email, password: "not the right phrase" };
	const right = { email: owner.email, password: TEST_PASSWORD };
	const from = (address: string) => ({ "x-forwarded-for": address });

	await signInAttempt(t.app, wrong, from("2001:db8:0:7::1"));
	await signInAttempt(t.app, wrong, from("2001:db8:0:7:ffff::2"));
	expect(
		(await signInAttempt(t.app, right, from("2001:0db8:0000:0007::3")))
			.statusCode,
	).toBe(429);
	expect(
		(await signInAttempt(t.app, right, from("2001:db8:0:8::1"))).statusCode,
	).toBe(200);

	await signInAttempt(t.app, wrong, from("::ffff:203.0.113.9"));
	await signInAttempt(t.app, wrong, from("203.0.113.9"));
	expect(
		(await signInAttempt(t.app, right, from("::ffff:cb00:7109"))).statusCode,
	).toBe(429);
});

test("the delay of one account leaves other accounts alone", async () => {
	const t = await createLimitedApp({
		auth: testAuthConfig({
			limits: { perAddress: 100, failuresPerAccount: 2, windowMs: WINDOW_MS },
		}),
	});
	const delayed = await signUp(t.app);
	const other = await signUp(t.app);
	const wrong = { email: delayed.email, password: "not the right phrase" };
	await signInAttempt(t.app, wrong);
	await signInAttempt(t.app, wrong);
	const refused = await signInAttempt(t.app, {
		email: delayed.email,
		password: TEST_PASSWORD,
	});
	expect(refused.statusCode).toBe(429);
	const allowed = await signInAttempt(t.app, {
		email: other.email,
		password: TEST_PASSWORD,
	});
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
	const signUpOnly = () =>
		postAuth(t.app, "/sign-up/email", {
			name: "Sam Signup",
			email: uniqueEmail(),
			password: TEST_PASSWORD,
		});
	for (let i = 0; i < 3; i += 1)
		expect((await signUpOnly()).statusCode).toBe(200);
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
	expect((await signUpOnly()).statusCode).toBe(200);
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

test("wrong passwords sent together are checked one at a time: the rest wait, so none skips the delay", async () => {
	const t = await createLimitedApp({
		auth: testAuthConfig({
			limits: { perAddress: 100, failuresPerAccount: 1, windowMs: WINDOW_MS },
		}),
	});
	const account = await signUp(t.app);
	const wrong = { email: account.email, password: "not the right phrase" };
	// The first failure starts the delay: whichever attempt comes after it, or during it, waits.
	const answers = await Promise.all(
		Array.from({ length: 10 }, () => signInAttempt(t.app, wrong)),
	);
	const statuses = answers.map((answer) => answer.statusCode).sort();
	expect(statuses.filter((status) => status === 401)).toHaveLength(1);
	expect(statuses.filter((status) => status === 429)).toHaveLength(9);
	expect(
		answers.find((answer) => answer.statusCode === 429)?.headers,
	).toMatchObject({ "retry-after": "1" });
});
