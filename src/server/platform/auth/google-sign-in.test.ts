import { symmetricDecrypt } from "better-auth/crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { expect, onTestFinished, test } from "vitest";
import {
	choosePasswordFromMail,
	OWN_ORIGIN,
	postAuth,
	signUp,
	verifyEmailInDb,
} from "../../test-support/accounts.ts";
import {
	type IssuerAccount,
	startLocalIssuer,
} from "../../test-support/oidc-issuer.ts";
import { createTestApp, testConfig } from "../../test-support/test-app.ts";

const CALLBACK = `${OWN_ORIGIN}/api/auth/callback/google`;

async function createAppWithGoogle() {
	const issuer = await startLocalIssuer(CALLBACK);
	onTestFinished(() => issuer.close());
	const auth = testConfig("", { kind: "sqlite", file: "" }).auth;
	const t = await createTestApp({
		config: {
			auth: {
				...auth,
				google: {
					clientId: issuer.clientId,
					clientSecret: issuer.clientSecret,
					issuerUrl: issuer.issuerUrl,
				},
			},
		},
	});
	return { ...t, issuer };
}

/** Cookies of one site, as a browser would keep them. */
function createJar() {
	const cookies = new Map<string, string>();
	return {
		keep(setCookies: string[]) {
			for (const line of setCookies) {
				const [pair] = line.split(";", 1);
				const at = pair?.indexOf("=") ?? -1;
				if (!pair || at < 0) continue;
				cookies.set(pair.slice(0, at), pair.slice(at + 1));
			}
		},
		header: () =>
			[...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
		get: (name: string) => cookies.get(name),
	};
}

/**
 * What a browser does after 'CONTINUE WITH GOOGLE': asks the shop for the issuer's address,
 * follows the issuer's redirects (its login and consent finish by themselves) back to the shop's
 * callback, and answers with where the shop sends it and the shop's cookies.
 */
async function signInWithGoogle(app: FastifyInstance) {
	const shop = createJar();
	const start = await app.inject({
		method: "POST",
		url: "/api/auth/sign-in/social",
		headers: { origin: OWN_ORIGIN },
		payload: {
			provider: "google",
			callbackURL: "/dashboard",
			errorCallbackURL: "/login",
		},
	});
	expect(start.statusCode).toBe(200);
	shop.keep([start.headers["set-cookie"] ?? []].flat());
	const issuerJar = createJar();
	let next = new URL((start.json() as { url: string }).url);
	for (let hop = 0; hop < 10 && !next.href.startsWith(CALLBACK); hop++) {
		const response = await fetch(next, {
			redirect: "manual",
			headers: { cookie: issuerJar.header() },
		});
		issuerJar.keep(response.headers.getSetCookie());
		const location = response.headers.get("location");
		if (!location)
			throw new Error(`the issuer stopped at ${next} (${response.status})`);
		next = new URL(location, next);
	}
	const callback = await app.inject({
		url: `${next.pathname}${next.search}`,
		headers: { cookie: shop.header() },
	});
	shop.keep([callback.headers["set-cookie"] ?? []].flat());
	return {
		status: callback.statusCode,
		location: String(callback.headers.location),
		shop,
	};
}

async function me(app: FastifyInstance, cookie: string) {
	return app.inject({ url: "/api/me", headers: { cookie } });
}

test("a new Google user is signed in, with a verified email, and returns to where they came from", async () => {
	const { app } = await createAppWithGoogle();
	const options = await app.inject({ url: "/api/sign-in-options" });
	expect(options.json()).toEqual({ google: true });

	const result = await signInWithGoogle(app);
	expect(result.status).toBe(302);
	expect(result.location).toMatch(/\/dashboard$/);
	const session = await me(app, result.shop.header());
	expect(session.statusCode).toBe(200);
	expect(session.json()).toMatchObject({
		email: "google.user@example.com",
		name: "Gia Google",
		email_verified: true,
		is_admin: false,
	});
});

test("a Google identity is not linked into a local account whose email is unverified", async () => {
	const { app, db, issuer } = await createAppWithGoogle();
	const local = await signUp(app, { email: "shared@example.com" });
	const google: IssuerAccount = {
		email: "shared@example.com",
		name: "Mallory",
		emailVerified: true,
	};
	issuer.setAccount(google);

	const result = await signInWithGoogle(app);
	expect(result.status).toBe(302);
	expect(result.location).toMatch(/\/login\?error=/);
	expect((await me(app, result.shop.header())).statusCode).toBe(401);
	const links = await db
		.selectFrom("accounts")
		.select("provider_id")
		.where("user_id", "=", local.userId)
		.execute();
	expect(links.map((link) => link.provider_id)).toEqual(["credential"]);
});

test("a Google identity does not join a local password account, even a confirmed one", async () => {
	const { app, db, issuer } = await createAppWithGoogle();
	const local = await signUp(app, {
		email: "owner@example.com",
		name: "Olive Owner",
	});
	await verifyEmailInDb(db, local.userId);
	issuer.setAccount({
		email: "owner@example.com",
		name: "Olive O.",
		emailVerified: true,
	});

	const result = await signInWithGoogle(app);
	expect(result.location).toMatch(/\/login\?error=account_not_linked/);
	expect((await me(app, result.shop.header())).statusCode).toBe(401);
	const links = await db
		.selectFrom("accounts")
		.select("provider_id")
		.where("user_id", "=", local.userId)
		.execute();
	expect(links.map((link) => link.provider_id)).toEqual(["credential"]);
});

test("an identity an issuer did not vouch for loses the account when the owner confirms the address by choosing the password", async () => {
	const { app, issuer, config } = await createAppWithGoogle();
	issuer.setAccount({
		email: "boss@example.com",
		name: "Squatter",
		emailVerified: false,
	});
	const squatter = await signInWithGoogle(app);
	expect((await me(app, squatter.shop.header())).json()).toMatchObject({
		email_verified: false,
	});

	await postAuth(app, "/request-password-reset", {
		email: "boss@example.com",
		redirectTo: "/reset-password",
	});
	await choosePasswordFromMail(app, config, {
		email: "boss@example.com",
		subject: "choose your",
		password: "the owner's own phrase",
	});

	expect((await me(app, squatter.shop.header())).statusCode).toBe(401);
	const again = await signInWithGoogle(app);
	expect(again.location).toMatch(/\/login\?error=/);
	expect((await me(app, again.shop.header())).statusCode).toBe(401);
});

test("without Google settings the shop says so and a Google sign-in is refused", async () => {
	const { app } = await createTestApp();
	expect((await app.inject({ url: "/api/sign-in-options" })).json()).toEqual({
		google: false,
	});
	const start = await app.inject({
		method: "POST",
		url: "/api/auth/sign-in/social",
		headers: { origin: OWN_ORIGIN },
		payload: { provider: "google", callbackURL: "/" },
	});
	expect(start.statusCode).toBeGreaterThanOrEqual(400);
	expect(start.statusCode).toBeLessThan(500);
});

test("Google's tokens are stored encrypted", async () => {
	const { app, db, config } = await createAppWithGoogle();
	const result = await signInWithGoogle(app);
	expect(result.status).toBe(302);
	const stored = await sql<{
		access_token: string | null;
	}>`select access_token from accounts where provider_id = 'google'`.execute(
		db,
	);
	const accessToken = stored.rows[0]?.access_token;
	if (!accessToken) throw new Error("no Google access token stored");
	// Only AUTH_SECRET turns the stored value back into the token the issuer gave.
	const secret = String(config.auth.secret);
	const token = await symmetricDecrypt({ key: secret, data: accessToken });
	expect(token.length).toBeGreaterThan(10);
	expect(accessToken).not.toContain(token);
});
