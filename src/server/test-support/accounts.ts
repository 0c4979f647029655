import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { TOTP, URI } from "otpauth";
import { expect, vi } from "vitest";
import { outboxDir } from "../app.ts";
import type { AuthConfig, Config } from "../config.ts";
import type { Db } from "../platform/db/database.ts";
import { type OutboxEntry, readOutbox } from "../platform/mail/mailer.ts";
import { testConfig } from "./test-app.ts";

/** The test config's PUBLIC_URL: state-changing requests from a browser name it in Origin. */
export const OWN_ORIGIN = "http://localhost:3000";
export const SESSION_COOKIE = "better-auth.session_token";
export const TWO_FACTOR_COOKIE = "better-auth.two_factor";
/** Long, not among the common passwords. */
export const TEST_PASSWORD = "a long enough secret phrase";

export type SignedIn = {
	/** `name=value` of the session cookie, ready for a Cookie header. */
	cookie: string;
	/** The bearer token of the same session. */
	token: string;
	userId: string;
	email: string;
	password: string;
};

/** The test auth settings with some changed, for `createTestApp({ config: { auth } })`. */
export function testAuthConfig(changes: Partial<AuthConfig>): AuthConfig {
	// The auth settings of the test config do not depend on its folder or database.
	const { auth } = testConfig("", { kind: "sqlite", file: "" });
	return { ...auth, ...changes };
}

/** A fresh address for each call, so no two accounts of one test collide. */
export function uniqueEmail(label = "user"): string {
	return `${label}-${randomUUID()}@example.com`;
}

/** `name=value` of a cookie the response sets (with a non-empty value), or undefined. */
export function cookieFrom(
	response: LightMyRequestResponse,
	name: string,
): string | undefined {
	const cookie = response.cookies.find(
		(candidate) => candidate.name === name && candidate.value !== "",
	);
	return cookie && `${cookie.name}=${cookie.value}`;
}

export function sessionCookieFrom(
	response: LightMyRequestResponse,
): string | undefined {
	return cookieFrom(response, SESSION_COOKIE);
}

/** What a browser on our own pages sends: its Origin and, when signed in, the session cookie. */
export function authHeaders(cookie?: string): Record<string, string> {
	return cookie ? { origin: OWN_ORIGIN, cookie } : { origin: OWN_ORIGIN };
}

export function bearerHeaders(token: string): Record<string, string> {
	return { authorization: `Bearer ${token}` };
}

/** POST to one of the auth endpoints under /api/auth, as our own pages do. */
export function postAuth(
	app: FastifyInstance,
	path: string,
	payload: object,
	headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
	return app.inject({
		method: "POST",
		url: `/api/auth${path}`,
		headers: { origin: OWN_ORIGIN, ...headers },
		payload,
	});
}

function toSignedIn(
	response: LightMyRequestResponse,
	email: string,
	password: string,
): SignedIn {
	expect(response.statusCode, response.body).toBe(200);
	const cookie = sessionCookieFrom(response);
	const token = response.headers["set-auth-token"];
	if (!cookie || typeof token !== "string")
		throw new Error(`no session in the answer: ${response.body}`);
	return {
		cookie,
		token,
		userId: response.json().user.id,
		email,
		password,
	};
}

/**
 * Signs up through the API (as a customer) and signs in with the new password, as the web app
 * does: sign-up itself answers alike for new and taken addresses and starts no session.
 */
export async function signUp(
	app: FastifyInstance,
	input: { name?: string; email?: string; password?: string } = {},
): Promise<SignedIn> {
	const email = input.email ?? uniqueEmail();
	const password = input.password ?? TEST_PASSWORD;
	const response = await postAuth(app, "/sign-up/email", {
		name: input.name ?? "Test Customer",
		email,
		password,
	});
	expect(response.statusCode, response.body).toBe(200);
	return signIn(app, { email: email.trim().toLowerCase(), password });
}

/** Signs in with email and password; the account must not use two-factor sign-in. */
export async function signIn(
	app: FastifyInstance,
	{ email, password }: { email: string; password: string },
	headers: Record<string, string> = {},
): Promise<SignedIn> {
	const response = await postAuth(
		app,
		"/sign-in/email",
		{ email, password },
		headers,
	);
	return toSignedIn(response, email.trim().toLowerCase(), password);
}

/** The status /api/me answers with these headers: 200 signed in, 401 not. */
export async function meStatus(
	app: FastifyInstance,
	headers: Record<string, string>,
): Promise<number> {
	const response = await app.inject({ url: "/api/me", headers });
	return response.statusCode;
}

export async function makeAdminInDb(db: Db, userId: string): Promise<void> {
	await db
		.updateTable("users")
		.set({ role: "admin" })
		.where("id", "=", userId)
		.execute();
}

export async function verifyEmailInDb(db: Db, userId: string): Promise<void> {
	// A literal: SQLite stores the flag as 1, PostgreSQL as a boolean.
	await db
		.updateTable("users")
		.set({ email_verified: sql<boolean>`${sql.lit(true)}` })
		.where("id", "=", userId)
		.execute();
}

/** A signed-up account whose address is confirmed, as after following the mailed link. */
export async function signUpConfirmed(
	app: FastifyInstance,
	db: Db,
	input: { name?: string; email?: string; password?: string } = {},
): Promise<SignedIn> {
	const account = await signUp(app, input);
	await verifyEmailInDb(db, account.userId);
	return account;
}

/** A signed-up account that is an admin by its role. */
export async function signUpAdmin(
	app: FastifyInstance,
	db: Db,
	input: { name?: string; email?: string } = {},
): Promise<SignedIn> {
	const admin = await signUp(app, { name: "Test Admin", ...input });
	await makeAdminInDb(db, admin.userId);
	return admin;
}

export async function countUsers(db: Db): Promise<number> {
	const row = await db
		.selectFrom("users")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** A multipart body as a browser's FormData sends it, for app.inject. */
export async function multipartBody(
	form: FormData,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
	const request = new Request("http://localhost/", {
		method: "POST",
		body: form,
	});
	return {
		payload: Buffer.from(await request.arrayBuffer()),
		headers: { "content-type": request.headers.get("content-type") ?? "" },
	};
}

/**
 * The newest message to this address whose subject contains `subject`. Mail is sent in the
 * background of the request, so this waits for it to reach the outbox.
 */
export async function waitForMail(
	config: Config,
	to: string,
	subject: string,
): Promise<OutboxEntry & { link: string }> {
	return vi.waitFor(async () => {
		const messages = await readOutbox(outboxDir(config));
		const message = messages
			.filter((entry) => entry.to === to && entry.subject.includes(subject))
			.at(-1);
		if (!message?.link) throw new Error(`no "${subject}" mail to ${to} yet`);
		return { ...message, link: message.link };
	});
}

/** The newest message to this address whose subject contains `subject`, link or not. */
export async function waitForMailWithoutLink(
	config: Config,
	to: string,
	subject: string,
): Promise<OutboxEntry> {
	return vi.waitFor(async () => {
		const messages = await readOutbox(outboxDir(config));
		const message = messages
			.filter((entry) => entry.to === to && entry.subject.includes(subject))
			.at(-1);
		if (!message) throw new Error(`no "${subject}" mail to ${to} yet`);
		return message;
	});
}

/** Every message sent to this address so far, oldest first. */
export async function mailsTo(
	config: Config,
	to: string,
): Promise<OutboxEntry[]> {
	const messages = await readOutbox(outboxDir(config));
	return messages.filter((entry) => entry.to === to);
}

/** The path and query of a link in a mail, for app.inject. */
export function pathOf(link: string): string {
	const url = new URL(link);
	return `${url.pathname}${url.search}`;
}

/** The authenticator app: the secret of the URI the server showed, giving the current code. */
function authenticatorFor(totpURI: string): TOTP {
	const otp = URI.parse(totpURI);
	if (!(otp instanceof TOTP)) throw new Error(`not a TOTP URI: ${totpURI}`);
	return otp;
}

/**
 * Turns two-factor sign-in on with a real code from the authenticator; returns the authenticator,
 * the backup codes and the session cookie now valid (turning it on replaces the session).
 */
export async function enableTwoFactor(app: FastifyInstance, account: SignedIn) {
	const enable = await postAuth(
		app,
		"/two-factor/enable",
		{ password: account.password },
		{ cookie: account.cookie },
	);
	expect(enable.statusCode, enable.body).toBe(200);
	const { totpURI, backupCodes } = enable.json();
	expect(totpURI).toMatch(/^otpauth:\/\/totp\/Tools%20Gallery:/);
	expect(backupCodes).toHaveLength(10);
	const cookie = sessionCookieFrom(enable) ?? account.cookie;

	const authenticator = authenticatorFor(totpURI);
	const verify = await postAuth(
		app,
		"/two-factor/verify-totp",
		{ code: authenticator.generate() },
		{ cookie },
	);
	expect(verify.statusCode, verify.body).toBe(200);
	return {
		authenticator,
		backupCodes: backupCodes as string[],
		cookie: sessionCookieFrom(verify) ?? cookie,
	};
}

/**
 * Follows the newest mailed link whose subject holds `subject`, as a browser does, and chooses
 * `password` on the page it opens. Returns where the link landed (the page and its token).
 */
export async function choosePasswordFromMail(
	app: FastifyInstance,
	config: Config,
	{
		email,
		subject,
		password,
	}: { email: string; subject: string; password: string },
): Promise<URL> {
	const mail = await waitForMail(config, email, subject);
	const follow = await app.inject({ url: pathOf(mail.link) });
	expect(follow.statusCode).toBe(302);
	const landing = new URL(String(follow.headers.location));
	const reset = await postAuth(app, "/reset-password", {
		token: landing.searchParams.get("token"),
		newPassword: password,
	});
	expect(reset.statusCode, reset.body).toBe(200);
	return landing;
}
