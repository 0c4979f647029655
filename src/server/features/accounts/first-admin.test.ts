import { expect, test } from "vitest";
import {
	ACCOUNT_MAILS_PER_ADDRESS_ALL_CLIENTS_PER_HOUR,
	ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR,
} from "../../platform/auth/account-mail.ts";
import {
	choosePasswordFromMail,
	enableTwoFactor,
	mailsTo,
	meStatus,
	pathOf,
	postAuth,
	sessionCookieFrom,
	signIn,
	signUp,
	TEST_PASSWORD,
	testAuthConfig,
	uniqueEmail,
	waitForMail,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";

const CHOOSE_PASSWORD_SUBJECT =
	"Confirm your email and choose your Tools Gallery password";
const OWNER_PASSWORD = "the owner's own long phrase";

async function readMe(t: TestApp, cookie: string) {
	const me = await t.app.inject({ url: "/api/me", headers: { cookie } });
	expect(me.statusCode).toBe(200);
	return me.json();
}

async function ownerShop(): Promise<{ t: TestApp; owner: string }> {
	const owner = uniqueEmail("owner");
	const t = await createTestApp({
		config: { auth: testAuthConfig({ adminEmails: [owner] }) },
	});
	return { t, owner };
}

/** The owner opens the mail and chooses the password on the page its link opens. */
async function choosePasswordAsOwner(
	t: TestApp,
	email: string,
	password: string,
): Promise<void> {
	const landing = await choosePasswordFromMail(t.app, t.config, {
		email,
		subject: CHOOSE_PASSWORD_SUBJECT,
		password,
	});
	expect(landing.pathname).toBe("/reset-password");
	expect(landing.searchParams.get("purpose")).toBe("confirm");
}

test("a squatter of the owner's address is not an admin after the owner confirms it, and their password and sessions stop working", async () => {
	const { t, owner } = await ownerShop();
	const squatter = await signUp(t.app, { email: owner, name: "Squatter" });
	const { cookie: squatterCookie } = await enableTwoFactor(t.app, squatter);
	expect(await readMe(t, squatterCookie)).toMatchObject({
		email_verified: false,
		is_admin: false,
		two_factor_enabled: true,
	});

	// The owner opens the mail the sign-up sent to their mailbox and chooses the password.
	await choosePasswordAsOwner(t, owner, OWNER_PASSWORD);

	expect(await meStatus(t.app, { cookie: squatterCookie })).toBe(401);
	expect(await meStatus(t.app, { cookie: squatter.cookie })).toBe(401);
	expect(
		await meStatus(t.app, { authorization: `Bearer ${squatter.token}` }),
	).toBe(401);
	const squatterAgain = await postAuth(t.app, "/sign-in/email", {
		email: owner,
		password: squatter.password,
	});
	expect(squatterAgain.statusCode).toBe(401);

	// The owner signs in without the squatter's authenticator and is the admin.
	const ownerSession = await signIn(t.app, {
		email: owner,
		password: OWNER_PASSWORD,
	});
	expect(await readMe(t, ownerSession.cookie)).toMatchObject({
		email: owner,
		email_verified: true,
		is_admin: true,
		two_factor_enabled: false,
	});
	const users = await t.app.inject({
		url: "/api/users",
		headers: { cookie: ownerSession.cookie },
	});
	expect(users.statusCode).toBe(200);
});

test("the owner who signs up after a squatter gets the same answer as anyone and the link that takes the account back", async () => {
	const { t, owner } = await ownerShop();
	const squatter = await signUp(t.app, { email: owner });
	const before = (await mailsTo(t.config, owner)).length;

	const ownerSignUp = await postAuth(t.app, "/sign-up/email", {
		name: "Real Owner",
		email: owner,
		password: OWNER_PASSWORD,
	});
	expect(ownerSignUp.statusCode).toBe(200);
	expect(ownerSignUp.json().token).toBeNull();
	expect(ownerSignUp.headers["set-cookie"]).toBeUndefined();

	await expect
		.poll(async () => (await mailsTo(t.config, owner)).length)
		.toBeGreaterThan(before);
	await choosePasswordAsOwner(t, owner, OWNER_PASSWORD);
	expect(await meStatus(t.app, { cookie: squatter.cookie })).toBe(401);
	const ownerSession = await signIn(t.app, {
		email: owner,
		password: OWNER_PASSWORD,
	});
	expect(await readMe(t, ownerSession.cookie)).toMatchObject({
		is_admin: true,
	});
});

test("an owner's address cannot be confirmed by the plain confirmation link: only by choosing the password", async () => {
	const { t, owner } = await ownerShop();
	const account = await signUp(t.app, { email: owner });
	// The mail for an owner's address is the choose-password one; a confirmation link for it, made
	// the way the library makes one, is refused and changes nothing.
	const resend = await postAuth(t.app, "/send-verification-email", {
		email: owner,
	});
	expect(resend.statusCode).toBe(200);
	const mails = await mailsTo(t.config, owner);
	expect(mails.every((mail) => !mail.link?.includes("/verify-email"))).toBe(
		true,
	);
	expect(await readMe(t, account.cookie)).toMatchObject({
		email_verified: false,
		is_admin: false,
	});
});

test("confirming an ordinary address ends the sessions made before it and signs nobody in", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app, { name: "Carla Customer" });
	const mail = await waitForMail(
		t.config,
		account.email,
		"Confirm your email for Tools Gallery",
	);
	// Nothing the signer typed reaches a mailbox nobody has proved yet.
	expect(mail.text).not.toContain("Carla");

	const confirm = await t.app.inject({ url: pathOf(mail.link) });
	expect(confirm.statusCode).toBe(302);
	expect(String(confirm.headers.location)).toBe("/login?confirmed=1");
	expect(confirm.headers["set-cookie"] ?? []).toEqual([]);
	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(401);

	const again = await signIn(t.app, account);
	expect(await readMe(t, again.cookie)).toMatchObject({
		email_verified: true,
		is_admin: false,
	});
});

test("a client cannot choose where the confirmation link leads", async () => {
	const t = await createTestApp();
	const email = uniqueEmail("redirect");
	const response = await postAuth(t.app, "/sign-up/email", {
		name: "Rita Redirect",
		email,
		password: TEST_PASSWORD,
		callbackURL: "/evil-page",
	});
	expect(response.statusCode).toBe(200);
	const mail = await waitForMail(t.config, email, "Confirm your email");
	expect(decodeURIComponent(mail.link)).toContain(
		"callbackURL=/login?confirmed=1",
	);
	expect(mail.link).not.toContain("evil");
});

test("one address gets a bounded number of account mails an hour, however often someone signs up with it", async () => {
	const { t, owner } = await ownerShop();
	await signUp(t.app, { email: owner });
	for (
		let attempt = 0;
		attempt < ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR + 3;
		attempt++
	) {
		const response = await postAuth(t.app, "/sign-up/email", {
			name: "Mail Bomber",
			email: owner,
			password: TEST_PASSWORD,
		});
		expect(response.statusCode).toBe(200);
	}
	await waitForMail(t.config, owner, CHOOSE_PASSWORD_SUBJECT);
	expect((await mailsTo(t.config, owner)).length).toBe(
		ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR,
	);
});

test("sign-ins with the squatter's password racing the owner's new password leave no session behind", async () => {
	const owner = uniqueEmail("owner");
	const t = await createTestApp({
		config: {
			trustProxy: true,
			auth: testAuthConfig({ adminEmails: [owner] }),
		},
	});
	await signUp(t.app, { email: owner });
	const mail = await waitForMail(t.config, owner, CHOOSE_PASSWORD_SUBJECT);
	const follow = await t.app.inject({ url: pathOf(mail.link) });
	const token = new URL(String(follow.headers.location)).searchParams.get(
		"token",
	);

	// From several networks at once, so no per-client limit holds any of them back.
	const squatterSignIns = Array.from({ length: 6 }, (_, n) =>
		postAuth(
			t.app,
			"/sign-in/email",
			{ email: owner, password: TEST_PASSWORD },
			{ "x-forwarded-for": `203.0.113.${n + 1}` },
		),
	);
	const reset = postAuth(t.app, "/reset-password", {
		token,
		newPassword: OWNER_PASSWORD,
	});
	const [resetAnswer, ...answers] = await Promise.all([
		reset,
		...squatterSignIns,
	]);
	expect(resetAnswer?.statusCode).toBe(200);
	for (const answer of answers) {
		const cookie = sessionCookieFrom(answer);
		if (cookie) expect(await meStatus(t.app, { cookie })).toBe(401);
	}
	const ownerSession = await signIn(t.app, {
		email: owner,
		password: OWNER_PASSWORD,
	});
	expect(await readMe(t, ownerSession.cookie)).toMatchObject({
		is_admin: true,
	});
});

test("one client using up an address's account mail leaves other clients theirs, up to a cap for the address", async () => {
	const owner = uniqueEmail("owner");
	const t = await createTestApp({
		config: {
			trustProxy: true,
			auth: testAuthConfig({ adminEmails: [owner] }),
		},
	});
	const from = (address: string) => ({ "x-forwarded-for": address });
	const requestLink = (address: string) =>
		postAuth(
			t.app,
			"/request-password-reset",
			{ email: owner, redirectTo: "/reset-password" },
			from(address),
		);
	await signUp(t.app, { email: owner });
	await waitForMail(t.config, owner, CHOOSE_PASSWORD_SUBJECT);
	for (let n = 0; n < ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR + 2; n++)
		await requestLink("203.0.113.50");
	await expect
		.poll(async () => (await mailsTo(t.config, owner)).length)
		.toBe(1 + ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR);

	// The owner, from their own network, still gets the link.
	await requestLink("198.51.100.20");
	await expect
		.poll(async () => (await mailsTo(t.config, owner)).length)
		.toBe(2 + ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR);

	// However many networks ask, the address gets at most its hourly cap.
	for (let n = 1; n <= ACCOUNT_MAILS_PER_ADDRESS_ALL_CLIENTS_PER_HOUR; n++)
		await requestLink(`192.0.2.${n}`);
	await expect
		.poll(async () => (await mailsTo(t.config, owner)).length)
		.toBe(ACCOUNT_MAILS_PER_ADDRESS_ALL_CLIENTS_PER_HOUR);
});
