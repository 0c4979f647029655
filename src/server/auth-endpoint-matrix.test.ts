import { expect, test } from "vitest";
import { outboxDir } from "./app.ts";
import { createAuth } from "./platform/auth/auth.ts";
import { createMemoryCounters } from "./platform/limits/shared-counters.ts";
import { createMailer } from "./platform/mail/mailer.ts";
import { TEST_PASSWORD } from "./test-support/accounts.ts";
import {
	CALLERS,
	type Caller,
	createCallers,
	createMatrixApp,
	findLeaks,
	NOBODY,
} from "./test-support/callers.ts";
import type { TestApp } from "./test-support/test-app.ts";

type Expected = Record<Caller, number>;

type AuthProbe = {
	method: "GET" | "POST";
	/** Under /api/auth, with the query the endpoint needs. */
	url: string;
	payload?: object;
	expected: Expected;
	/** The JSON a caller who is nobody gets, when the status alone does not show it. */
	nobodyGets?: unknown;
	/** Ends the caller's sessions: the signed-in callers sign in afresh before it runs. */
	endsSessions?: boolean;
};

const anyone = (status: number): Expected =>
	Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Expected;
/** A signed-in caller gets `status`; a caller who is nobody, 401. */
const signedIn = (status: number): Expected => ({
	...anyone(status),
	...Object.fromEntries(NOBODY.map((caller) => [caller, 401])),
});
/** Endpoints the shop turned off (DISABLED_AUTH_PATHS): one fewer door, for everyone. */
const disabled = anyone(404);
const WRONG_PASSWORD = "not the right phrase";
const OTHER_PASSWORD = "another long secret phrase";

/**
 * Every endpoint of the auth library, by its path, with a request that shows who may use it and
 * changes nothing a later probe needs: wrong passwords, unknown tokens, addresses of nobody.
 * Those that end sessions run last.
 */
const AUTH_PROBES: Record<string, AuthProbe> = {
	"/ok": { method: "GET", url: "/ok", expected: anyone(200) },
	"/error": { method: "GET", url: "/error", expected: anyone(200) },
	"/get-session": {
		method: "GET",
		url: "/get-session",
		expected: anyone(200),
		nobodyGets: null,
	},
	"/sign-up/email": {
		method: "POST",
		url: "/sign-up/email",
		payload: {
			name: "Probe Person",
			email: "probe-sign-up@example.com",
			password: TEST_PASSWORD,
		},
		// Alike for new and taken addresses, signed in or not: it starts no session.
		expected: anyone(200),
	},
	"/sign-in/email": {
		method: "POST",
		url: "/sign-in/email",
		payload: { email: "nobody@example.com", password: WRONG_PASSWORD },
		expected: anyone(401),
	},
	"/sign-in/social": {
		method: "POST",
		url: "/sign-in/social",
		payload: { provider: "google", callbackURL: "/" },
		// No Google sign-in configured here: no provider for anyone.
		expected: anyone(404),
	},
	"/callback/:id": {
		method: "GET",
		url: "/callback/google?state=unknown&code=unknown",
		expected: anyone(302),
	},
	"/request-password-reset": {
		method: "POST",
		url: "/request-password-reset",
		payload: { email: "nobody@example.com", redirectTo: "/reset-password" },
		expected: anyone(200),
	},
	"/reset-password/:token": {
		method: "GET",
		url: "/reset-password/unknown?callbackURL=%2Freset-password",
		expected: anyone(302),
	},
	"/reset-password": {
		method: "POST",
		url: "/reset-password",
		payload: { token: "unknown", newPassword: OTHER_PASSWORD },
		expected: anyone(400),
	},
	"/verify-email": {
		method: "GET",
		url: "/verify-email?token=unknown",
		expected: anyone(401),
	},
	"/send-verification-email": {
		method: "POST",
		url: "/send-verification-email",
		payload: { email: "nobody@example.com" },
		// Signed in, only to one's own address.
		expected: {
			...signedIn(400),
			...Object.fromEntries(NOBODY.map((c) => [c, 200])),
		},
	},
	"/delete-user/callback": {
		method: "GET",
		url: "/delete-user/callback?token=unknown",
		expected: anyone(404),
	},
	"/update-user": {
		method: "POST",
		url: "/update-user",
		payload: { name: "Renamed" },
		expected: signedIn(200),
	},
	"/change-password": {
		method: "POST",
		url: "/change-password",
		payload: { currentPassword: WRONG_PASSWORD, newPassword: OTHER_PASSWORD },
		expected: signedIn(400),
	},
	"/delete-user": {
		method: "POST",
		url: "/delete-user",
		payload: { password: WRONG_PASSWORD },
		expected: signedIn(400),
	},
	"/two-factor/enable": {
		method: "POST",
		url: "/two-factor/enable",
		payload: { password: WRONG_PASSWORD },
		expected: signedIn(400),
	},
	"/two-factor/disable": {
		method: "POST",
		url: "/two-factor/disable",
		payload: { password: WRONG_PASSWORD },
		expected: signedIn(400),
	},
	"/two-factor/get-totp-uri": {
		method: "POST",
		url: "/two-factor/get-totp-uri",
		payload: { password: WRONG_PASSWORD },
		expected: signedIn(400),
	},
	"/two-factor/generate-backup-codes": {
		method: "POST",
		url: "/two-factor/generate-backup-codes",
		payload: { password: WRONG_PASSWORD },
		expected: signedIn(400),
	},
	// The second step of a two-factor sign-in is the one thing a pending sign-in may try: a wrong
	// code is refused like any other. Signed-in callers have no two-factor sign-in to finish.
	"/two-factor/verify-totp": {
		method: "POST",
		url: "/two-factor/verify-totp",
		payload: { code: "000000" },
		expected: signedIn(400),
	},
	"/two-factor/verify-backup-code": {
		method: "POST",
		url: "/two-factor/verify-backup-code",
		payload: { code: "unknown-code" },
		expected: signedIn(400),
	},
	"/two-factor/verify-otp": {
		method: "POST",
		url: "/two-factor/verify-otp",
		payload: { code: "000000" },
		expected: { ...signedIn(400), pendingTwoFactor: 400 },
	},
	"/two-factor/send-otp": {
		method: "POST",
		url: "/two-factor/send-otp",
		payload: {},
		// No one-time codes by mail are configured.
		expected: anyone(400),
	},
	"/verify-password": {
		method: "POST",
		url: "/verify-password",
		payload: { password: WRONG_PASSWORD },
		expected: disabled,
	},
	"/change-email": {
		method: "POST",
		url: "/change-email",
		payload: { newEmail: "elsewhere@example.com" },
		expected: disabled,
	},
	"/update-session": {
		method: "POST",
		url: "/update-session",
		payload: {},
		expected: disabled,
	},
	"/link-social": {
		method: "POST",
		url: "/link-social",
		payload: { provider: "google" },
		expected: disabled,
	},
	"/unlink-account": {
		method: "POST",
		url: "/unlink-account",
		payload: { providerId: "google" },
		expected: disabled,
	},
	"/list-accounts": {
		method: "GET",
		url: "/list-accounts",
		expected: disabled,
	},
	"/account-info": {
		method: "GET",
		url: "/account-info?accountId=unknown",
		expected: disabled,
	},
	"/refresh-token": {
		method: "POST",
		url: "/refresh-token",
		payload: { providerId: "google" },
		expected: disabled,
	},
	"/get-access-token": {
		method: "POST",
		url: "/get-access-token",
		payload: { providerId: "google" },
		expected: disabled,
	},
	"/list-sessions": {
		method: "GET",
		url: "/list-sessions",
		expected: disabled,
	},
	"/revoke-session": {
		method: "POST",
		url: "/revoke-session",
		payload: { token: "unknown" },
		expected: disabled,
	},
	"/revoke-other-sessions": {
		method: "POST",
		url: "/revoke-other-sessions",
		payload: {},
		expected: disabled,
	},
	"/revoke-sessions": {
		method: "POST",
		url: "/revoke-sessions",
		payload: {},
		expected: signedIn(200),
		endsSessions: true,
	},
	"/sign-out": {
		method: "POST",
		url: "/sign-out",
		payload: {},
		// Signing out with no session is no error either.
		expected: anyone(200),
		endsSessions: true,
	},
};

/** The paths of every endpoint the auth library serves over HTTP (server-only calls have none). */
function listAuthEndpoints({ app, config, db }: TestApp): string[] {
	const mailer = createMailer(config.mail, outboxDir(config), app.log);
	const auth = createAuth({
		config,
		db,
		mailer,
		log: app.log,
		counters: createMemoryCounters(Date.now),
	});
	return Object.values(auth.api)
		.map((endpoint) => (endpoint as { path?: unknown }).path)
		.filter((path): path is string => typeof path === "string")
		.sort();
}

test("every endpoint of the auth library has an entry in this matrix, and every entry an endpoint", async () => {
	const t = await createMatrixApp();
	expect(Object.keys(AUTH_PROBES).sort()).toEqual(listAuthEndpoints(t));
});

// Hundreds of requests, nine callers on every endpoint: far more than one test usually makes.
test("each caller gets the status this matrix names from every auth endpoint, and no one else's email or address", async () => {
	const t = await createMatrixApp();
	const callers = await createCallers(t);
	const failures: string[] = [];
	for (const [path, probe] of Object.entries(AUTH_PROBES)) {
		if (probe.endsSessions) await callers.refresh();
		for (const caller of CALLERS) {
			const response = await t.app.inject({
				method: probe.method,
				url: `/api/auth${probe.url}`,
				headers: callers.headersOf(caller),
				...(probe.payload ? { payload: probe.payload } : {}),
			});
			const where = `${probe.method} ${path} as ${caller}`;
			if (response.statusCode !== probe.expected[caller])
				failures.push(
					`${where}: ${response.statusCode}, expected ${probe.expected[caller]} (${response.body.slice(0, 120)})`,
				);
			for (const leak of findLeaks(callers, caller, response.body))
				failures.push(`${where}: shows ${leak}`);
			if (
				"nobodyGets" in probe &&
				NOBODY.includes(caller) &&
				JSON.stringify(response.json()) !== JSON.stringify(probe.nobodyGets)
			)
				failures.push(`${where}: ${response.body}`);
		}
	}
	expect(failures).toEqual([]);
}, 180_000);
