import { expect, test } from "vitest";
import {
	bearerHeaders,
	cookieFrom,
	enableTwoFactor,
	meStatus,
	postAuth,
	SESSION_COOKIE,
	type SignedIn,
	sessionCookieFrom,
	signUp,
	TWO_FACTOR_COOKIE,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

async function readMe(t: TestApp, cookie: string) {
	const me = await t.app.inject({ url: "/api/me", headers: { cookie } });
	expect(me.statusCode).toBe(200);
	return me.json();
}

/** Password sign-in of an account with two-factor on: no session yet, only the two-factor cookie. */
async function startSignIn(t: TestApp, account: SignedIn) {
	const response = await postAuth(t.app, "/sign-in/email", {
		email: account.email,
		password: account.password,
	});
	expect(response.statusCode).toBe(200);
	expect(response.json()).toMatchObject({ twoFactorRedirect: true });
	expect(sessionCookieFrom(response)).toBeUndefined();
	// The library still names the password step's session in set-auth-token, but that session is
	// already gone: the token opens nothing.
	const token = String(response.headers["set-auth-token"] ?? "none");
	expect(await meStatus(t.app, bearerHeaders(token))).toBe(401);
	const twoFactorCookie = cookieFrom(response, TWO_FACTOR_COOKIE);
	if (!twoFactorCookie) throw new Error("no two-factor cookie");
	return twoFactorCookie;
}

test("with two-factor on, a password alone does not sign in; the current code from the app does", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	expect((await readMe(t, account.cookie)).two_factor_enabled).toBe(false);
	const { authenticator, cookie } = await enableTwoFactor(t.app, account);
	expect((await readMe(t, cookie)).two_factor_enabled).toBe(true);

	await postAuth(t.app, "/sign-out", {}, { cookie });
	expect(await meStatus(t.app, { cookie })).toBe(401);

	const twoFactorCookie = await startSignIn(t, account);
	// The two-factor cookie is not a session.
	expect(await meStatus(t.app, { cookie: twoFactorCookie })).toBe(401);

	const verify = await postAuth(
		t.app,
		"/two-factor/verify-totp",
		{ code: authenticator.generate() },
		{ cookie: twoFactorCookie },
	);
	expect(verify.statusCode).toBe(200);
	const session = sessionCookieFrom(verify);
	expect(session).toBeDefined();
	expect(await readMe(t, session ?? "")).toMatchObject({
		id: account.userId,
		two_factor_enabled: true,
	});
});

test("a wrong code is refused and opens no session", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const { authenticator } = await enableTwoFactor(t.app, account);
	const twoFactorCookie = await startSignIn(t, account);
	const right = authenticator.generate();
	const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");

	const refused = await postAuth(
		t.app,
		"/two-factor/verify-totp",
		{ code: wrong },
		{ cookie: twoFactorCookie },
	);
	expect(refused.statusCode).toBe(401);
	expect(refused.json().code).toBe("INVALID_CODE");
	expect(refused.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);

	// Without the two-factor cookie of a password sign-in, even the right code opens nothing.
	const noCookie = await postAuth(t.app, "/two-factor/verify-totp", {
		code: right,
	});
	expect(noCookie.statusCode).toBe(401);
	expect(sessionCookieFrom(noCookie)).toBeUndefined();
});

test("a backup code signs in once", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const { backupCodes } = await enableTwoFactor(t.app, account);
	const code = backupCodes[0] ?? "";

	const first = await postAuth(
		t.app,
		"/two-factor/verify-backup-code",
		{ code },
		{ cookie: await startSignIn(t, account) },
	);
	expect(first.statusCode).toBe(200);
	expect(
		await meStatus(t.app, { cookie: sessionCookieFrom(first) ?? "" }),
	).toBe(200);

	const reused = await postAuth(
		t.app,
		"/two-factor/verify-backup-code",
		{ code },
		{ cookie: await startSignIn(t, account) },
	);
	expect(reused.statusCode).toBe(401);
	expect(sessionCookieFrom(reused)).toBeUndefined();
});

test("turning two-factor on or off needs the password; once off, a password signs in again", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const wrongEnable = await postAuth(
		t.app,
		"/two-factor/enable",
		{ password: "not the right phrase" },
		{ cookie: account.cookie },
	);
	expect(wrongEnable.statusCode).toBe(400);
	expect(wrongEnable.json().code).toBe("INVALID_PASSWORD");

	const { cookie } = await enableTwoFactor(t.app, account);
	const wrongDisable = await postAuth(
		t.app,
		"/two-factor/disable",
		{ password: "not the right phrase" },
		{ cookie },
	);
	expect(wrongDisable.statusCode).toBe(400);
	expect((await readMe(t, cookie)).two_factor_enabled).toBe(true);

	const disable = await postAuth(
		t.app,
		"/two-factor/disable",
		{ password: account.password },
		{ cookie },
	);
	expect(disable.statusCode).toBe(200);
	const after = sessionCookieFrom(disable) ?? cookie;
	expect((await readMe(t, after)).two_factor_enabled).toBe(false);

	const signIn = await postAuth(t.app, "/sign-in/email", {
		email: account.email,
		password: account.password,
	});
	expect(signIn.statusCode).toBe(200);
	expect(signIn.json().twoFactorRedirect).toBeUndefined();
	expect(sessionCookieFrom(signIn)).toBeDefined();
});
