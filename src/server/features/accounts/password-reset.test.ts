import { sql } from "kysely";
import { expect, test } from "vitest";
import { outboxDir } from "../../app.ts";
import { readOutbox } from "../../platform/mail/mailer.ts";
import {
	meStatus,
	pathOf,
	postAuth,
	type SignedIn,
	signIn,
	signUpConfirmed,
	uniqueEmail,
	waitForMail,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

const NEW_PASSWORD = "a brand new secret phrase";
const RESET_SUBJECT = "Reset your Tools Gallery password";

/** Asks for a reset and follows the mailed link as a browser would: back comes the page's token. */
async function requestResetToken(t: TestApp, account: SignedIn) {
	const request = await postAuth(t.app, "/request-password-reset", {
		email: account.email,
		redirectTo: "/reset-password",
	});
	expect(request.statusCode).toBe(200);
	const mail = await waitForMail(t.config, account.email, RESET_SUBJECT);
	expect(mail.text).toContain(mail.link);
	expect(mail.link.startsWith("http://localhost:3000/api/auth/")).toBe(true);

	const follow = await t.app.inject({ url: pathOf(mail.link) });
	expect(follow.statusCode).toBe(302);
	const target = new URL(String(follow.headers.location));
	expect(`${target.origin}${target.pathname}`).toBe(
		"http://localhost:3000/reset-password",
	);
	const token = target.searchParams.get("token");
	if (!token) throw new Error(`no token in ${target}`);
	return { token, link: mail.link };
}

function resetPassword(t: TestApp, token: string, newPassword = NEW_PASSWORD) {
	return postAuth(t.app, "/reset-password", { token, newPassword });
}

function signInStatus(t: TestApp, email: string, password: string) {
	return postAuth(t.app, "/sign-in/email", { email, password }).then(
		(response) => response.statusCode,
	);
}

test("the mailed link resets the password once: the old one stops working, the new one signs in", async () => {
	const t = await createTestApp();
	const account = await signUpConfirmed(t.app, t.db);
	const { token } = await requestResetToken(t, account);

	const reset = await resetPassword(t, token);
	expect(reset.statusCode).toBe(200);
	expect(await signInStatus(t, account.email, account.password)).toBe(401);
	await signIn(t.app, { email: account.email, password: NEW_PASSWORD });

	const reused = await resetPassword(t, token, "yet another secret phrase");
	expect(reused.statusCode).toBe(400);
	expect(reused.json().code).toBe("INVALID_TOKEN");
	expect(await signInStatus(t, account.email, NEW_PASSWORD)).toBe(200);
});

test("a reset ends the sessions that were open before it", async () => {
	const t = await createTestApp();
	const account = await signUpConfirmed(t.app, t.db);
	const { token } = await requestResetToken(t, account);
	await resetPassword(t, token);
	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(401);
});

test("an expired link is refused, both when followed and when used", async () => {
	const t = await createTestApp();
	const account = await signUpConfirmed(t.app, t.db);
	const { token, link } = await requestResetToken(t, account);
	await sql`update verifications set expires_at = ${new Date(Date.now() - 60_000).toISOString()} where identifier = ${`reset-password:${token}`}`.execute(
		t.db,
	);

	const follow = await t.app.inject({ url: pathOf(link) });
	expect(follow.statusCode).toBe(302);
	const target = new URL(String(follow.headers.location));
	expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
	expect(target.searchParams.get("token")).toBeNull();

	const reset = await resetPassword(t, token);
	expect(reset.statusCode).toBe(400);
	expect(reset.json().code).toBe("INVALID_TOKEN");
	expect(await signInStatus(t, account.email, account.password)).toBe(200);
});

test("a made-up token is refused", async () => {
	const t = await createTestApp();
	const reset = await resetPassword(t, "made-up-token");
	expect(reset.statusCode).toBe(400);
	expect(reset.json().code).toBe("INVALID_TOKEN");
});

test("a new password must follow the sign-up rules; the link still works for a good one", async () => {
	const t = await createTestApp();
	const account = await signUpConfirmed(t.app, t.db);
	const { token } = await requestResetToken(t, account);
	for (const [password, message] of [
		["short", "Must be 8 characters or longer"],
		["password123", "This password is one of the most common ones"],
	] as const) {
		const refused = await resetPassword(t, token, password);
		expect(refused.statusCode).toBe(400);
		expect(refused.json().code).toBe("VALIDATION_FAILED");
		expect(refused.json().message).toContain(message);
	}
	expect((await resetPassword(t, token)).statusCode).toBe(200);
});

test("asking for a reset of an unknown email gets the same answer and sends nothing", async () => {
	const t = await createTestApp();
	const known = await signUpConfirmed(t.app, t.db);
	const unknown = await postAuth(t.app, "/request-password-reset", {
		email: uniqueEmail("nobody"),
		redirectTo: "/reset-password",
	});
	const real = await postAuth(t.app, "/request-password-reset", {
		email: known.email,
		redirectTo: "/reset-password",
	});
	expect(unknown.statusCode).toBe(200);
	expect(unknown.json()).toEqual(real.json());
	await waitForMail(t.config, known.email, RESET_SUBJECT);
	const resets = (await readOutbox(outboxDir(t.config))).filter(
		(message) => message.subject === RESET_SUBJECT,
	);
	expect(resets.map((message) => message.to)).toEqual([known.email]);
});
