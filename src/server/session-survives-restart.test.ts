import { expect, onTestFinished, test } from "vitest";
import { buildApp } from "./app.ts";
import { resolveAuthSecret, StartUpError } from "./start-up.ts";
import { createTestApp } from "./test-support/test-app.ts";

const origin = "http://localhost:3000";

const PASSWORD = "a long enough secret phrase";

/** Makes an account, then signs in as the web app does; answers the sign-in. */
async function signUpAndIn(
	app: Awaited<ReturnType<typeof createTestApp>>["app"],
	email: string,
	from = origin,
) {
	const signUp = await app.inject({
		method: "POST",
		url: "/api/auth/sign-up/email",
		headers: { origin: from },
		payload: { name: "Rita Restart", email, password: PASSWORD },
	});
	expect(signUp.statusCode).toBe(200);
	const signIn = await app.inject({
		method: "POST",
		url: "/api/auth/sign-in/email",
		headers: { origin: from },
		payload: { email, password: PASSWORD },
	});
	expect(signIn.statusCode).toBe(200);
	return signIn;
}

async function signUp(app: Awaited<ReturnType<typeof createTestApp>>["app"]) {
	const response = await signUpAndIn(app, "rita@example.com");
	const cookie = response.cookies.find(
		(c) => c.name === "better-auth.session_token",
	);
	if (!cookie) throw new Error("sign-in set no session cookie");
	return `${cookie.name}=${cookie.value}`;
}

test("a session survives a server restart: the same database and secret accept the old cookie", async () => {
	const first = await createTestApp();
	const cookie = await signUp(first.app);
	await first.app.close();

	const restarted = await buildApp({
		config: first.config,
		db: first.db,
		images: first.images,
	});
	onTestFinished(() => restarted.close());
	const me = await restarted.inject({ url: "/api/me", headers: { cookie } });
	expect(me.statusCode).toBe(200);
	expect(me.json()).toMatchObject({
		email: "rita@example.com",
		is_admin: false,
	});
});

test("the session cookie is HttpOnly and SameSite=Lax, and Secure with a __Host- name under https", async () => {
	const plain = await createTestApp();
	const response = await signUpAndIn(plain.app, "hal@example.com");
	const cookie = response.cookies.find(
		(c) => c.name === "better-auth.session_token",
	);
	expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
	expect(cookie?.secure).toBeFalsy();

	const https = await createTestApp({
		config: { publicUrl: "https://shop.example.com" },
	});
	const secure = await signUpAndIn(
		https.app,
		"sue@example.com",
		"https://shop.example.com",
	);
	const secureCookie = secure.cookies.find(
		(c) => c.name === "__Host-better-auth.session_token",
	);
	expect(secureCookie).toMatchObject({
		httpOnly: true,
		secure: true,
		sameSite: "Lax",
		path: "/",
	});
	expect(secureCookie?.domain).toBeUndefined();
	// The guard reads the same cookie: the https shop knows who is signed in.
	const me = await https.app.inject({
		url: "/api/me",
		headers: { cookie: `${secureCookie?.name}=${secureCookie?.value}` },
	});
	expect(me.statusCode).toBe(200);
});

test("without AUTH_SECRET, development keeps one generated secret in DATA_DIR; production refuses to start", async () => {
	const t = await createTestApp();
	const unset = { ...t.config, auth: { ...t.config.auth, secret: undefined } };
	const first = resolveAuthSecret(unset, {});
	const second = resolveAuthSecret(unset, {});
	expect(first.auth.secret).toMatch(/^[0-9a-f]{64}$/);
	expect(second.auth.secret).toBe(first.auth.secret);
	expect(() => resolveAuthSecret(unset, { NODE_ENV: "production" })).toThrow(
		StartUpError,
	);
	expect(() => resolveAuthSecret(unset, { NODE_ENV: "production" })).toThrow(
		/AUTH_SECRET/,
	);
});

test("a state-changing request from another site is refused before it reaches the sign-in", async () => {
	const t = await createTestApp();
	const foreign = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-up/email",
		headers: { origin: "https://evil.example" },
		payload: {
			name: "Eve",
			email: "eve@example.com",
			password: "a long enough secret phrase",
		},
	});
	expect(foreign.statusCode).toBe(403);
	expect(foreign.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
	const crossSite = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-up/email",
		headers: { "sec-fetch-site": "cross-site" },
		payload: {
			name: "Eve",
			email: "eve@example.com",
			password: "a long enough secret phrase",
		},
	});
	expect(crossSite.statusCode).toBe(403);
	const textBody = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-up/email",
		headers: { origin, "content-type": "text/plain" },
		payload: JSON.stringify({
			name: "Eve",
			email: "eve@example.com",
			password: "a long enough secret phrase",
		}),
	});
	expect(textBody.statusCode).toBe(415);
	const users = await t.db.selectFrom("users").select("id").execute();
	expect(users).toEqual([]);
});

test("a session used after a day is extended to a full week and the browser gets a renewed cookie", async () => {
	const t = await createTestApp();
	const cookie = await signUp(t.app);
	const fiveDaysLeft = new Date(Date.now() + 5 * 86_400_000);
	const isPostgres = t.config.database.kind === "postgres";
	await t.db
		.updateTable("sessions")
		.set({ expires_at: isPostgres ? fiveDaysLeft : fiveDaysLeft.toISOString() })
		.execute();

	const me = await t.app.inject({ url: "/api/me", headers: { cookie } });
	expect(me.statusCode).toBe(200);
	expect(
		me.cookies.find((c) => c.name === "better-auth.session_token"),
	).toBeDefined();
	const session = await t.db
		.selectFrom("sessions")
		.select("expires_at")
		.executeTakeFirstOrThrow();
	const expiresAt = new Date(session.expires_at).getTime();
	expect(expiresAt).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

	const tampered = cookie.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
	const refused = await t.app.inject({
		url: "/api/me",
		headers: { cookie: tampered },
	});
	expect(refused.statusCode).toBe(401);
});
