import { expect, test } from "vitest";
import {
	bearerHeaders,
	meStatus,
	postAuth,
	SESSION_COOKIE,
	sessionCookieFrom,
	signIn,
	signUp,
	TEST_PASSWORD,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("signing out ends the session: the old cookie is refused afterwards and the browser's copy is cleared", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(200);

	const signOut = await postAuth(
		t.app,
		"/sign-out",
		{},
		{ cookie: account.cookie },
	);
	expect(signOut.statusCode).toBe(200);
	const cleared = signOut.cookies.find((c) => c.name === SESSION_COOKIE);
	expect(cleared).toMatchObject({ value: "", maxAge: 0 });

	const me = await t.app.inject({
		url: "/api/me",
		headers: { cookie: account.cookie },
	});
	expect(me.statusCode).toBe(401);
	expect(me.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
});

test("the bearer token of a sign-in works for the API and is refused once that session signs out", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const session = await signIn(t.app, account);
	const me = await t.app.inject({
		url: "/api/me",
		headers: bearerHeaders(session.token),
	});
	expect(me.statusCode).toBe(200);
	expect(me.json().id).toBe(account.userId);

	// A client that is not a browser sends no Origin and signs out with its token alone.
	const signOut = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-out",
		headers: bearerHeaders(session.token),
		payload: {},
	});
	expect(signOut.statusCode).toBe(200);
	expect(await meStatus(t.app, bearerHeaders(session.token))).toBe(401);
	// Only that session ended: the sign-up's own session still works.
	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(200);
});

test("a made-up bearer token or cookie is refused", async () => {
	const t = await createTestApp();
	await signUp(t.app);
	expect(await meStatus(t.app, bearerHeaders("made-up.token"))).toBe(401);
	expect(
		await meStatus(t.app, { cookie: `${SESSION_COOKIE}=made-up.value` }),
	).toBe(401);
});

test("a session cookie planted before sign-in is replaced by a new one (no session fixation)", async () => {
	const t = await createTestApp();
	const victim = await signUp(t.app);
	const planted = `${SESSION_COOKIE}=attacker-chosen-value`;

	const signInResponse = await postAuth(
		t.app,
		"/sign-in/email",
		{ email: victim.email, password: TEST_PASSWORD },
		{ cookie: planted },
	);
	expect(signInResponse.statusCode).toBe(200);
	const issued = sessionCookieFrom(signInResponse);
	expect(issued).toBeDefined();
	expect(issued).not.toBe(planted);
	expect(await meStatus(t.app, { cookie: planted })).toBe(401);
	expect(await meStatus(t.app, { cookie: issued ?? "" })).toBe(200);
});

test("an attacker's own session planted in the victim's browser does not become the victim's session", async () => {
	const t = await createTestApp();
	const attacker = await signUp(t.app);
	const victim = await signUp(t.app);

	const signInResponse = await postAuth(
		t.app,
		"/sign-in/email",
		{ email: victim.email, password: TEST_PASSWORD },
		{ cookie: attacker.cookie },
	);
	const issued = sessionCookieFrom(signInResponse);
	expect(issued).toBeDefined();
	expect(issued).not.toBe(attacker.cookie);
	const asVictim = await t.app.inject({
		url: "/api/me",
		headers: { cookie: issued ?? "" },
	});
	expect(asVictim.json().id).toBe(victim.userId);
	// The attacker's cookie still belongs to the attacker alone.
	const asAttacker = await t.app.inject({
		url: "/api/me",
		headers: { cookie: attacker.cookie },
	});
	expect(asAttacker.json().id).toBe(attacker.userId);
});

test("session tokens are stored hashed, and no endpoint lists or ends a session by its token", async () => {
	const t = await createTestApp();
	const owner = await signUp(t.app);
	const other = await signUp(t.app);
	const stored = await t.db
		.selectFrom("sessions")
		.select("token")
		.where("user_id", "=", owner.userId)
		.execute();
	expect(stored).toHaveLength(1);
	const [plainToken] = owner.token.split(".");
	expect(stored[0]?.token).not.toBe(plainToken);
	expect(stored[0]?.token).not.toContain(String(plainToken));

	const list = await t.app.inject({
		url: "/api/auth/list-sessions",
		headers: { cookie: owner.cookie },
	});
	expect(list.statusCode).toBe(404);
	const revoke = await postAuth(
		t.app,
		"/revoke-session",
		{ token: plainToken },
		{ cookie: other.cookie },
	);
	expect(revoke.statusCode).toBe(404);
	expect(await meStatus(t.app, { cookie: owner.cookie })).toBe(200);
});

test("a session ends 30 days after its sign-in, however often it is used", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const isPostgres = t.config.database.kind === "postgres";
	const at = (date: Date) => (isPostgres ? date : date.toISOString());
	// Used yesterday, so it slides on for days yet; but it was signed in 30 days ago.
	const signedInAt = new Date(Date.now() - 30 * 86_400_000 - 60_000);
	const slidesUntil = new Date(Date.now() + 6 * 86_400_000);
	await t.db
		.updateTable("sessions")
		.set({ created_at: at(signedInAt), expires_at: at(slidesUntil) })
		.where("user_id", "=", account.userId)
		.execute();

	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(401);
	// The auth library's own endpoints no longer know it either.
	const changePassword = await postAuth(
		t.app,
		"/change-password",
		{ currentPassword: TEST_PASSWORD, newPassword: "another long phrase" },
		{ cookie: account.cookie },
	);
	expect(changePassword.statusCode).toBe(401);
	const left = await t.db
		.selectFrom("sessions")
		.select("id")
		.where("user_id", "=", account.userId)
		.execute();
	expect(left).toEqual([]);
	// Signing in again starts a new one.
	const again = await signIn(t.app, account);
	expect(await meStatus(t.app, { cookie: again.cookie })).toBe(200);
});

test("a bearer token works only in its signed form", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const [bare] = account.token.split(".");
	expect(await meStatus(t.app, bearerHeaders(account.token))).toBe(200);
	expect(await meStatus(t.app, bearerHeaders(String(bare)))).toBe(401);
	const viaLibrary = await t.app.inject({
		url: "/api/auth/get-session",
		headers: bearerHeaders(String(bare)),
	});
	expect(viaLibrary.json()).toBeNull();
});
