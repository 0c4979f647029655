import { expect, test } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../platform/auth/password-rules.ts";
import {
	countUsers,
	postAuth,
	signIn,
	signUp,
	TEST_PASSWORD,
	uniqueEmail,
	verifyEmailInDb,
	waitForMailWithoutLink,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("a new account is signed in at once and /api/me describes it as a customer", async () => {
	const t = await createTestApp();
	const email = uniqueEmail("nina");
	const account = await signUp(t.app, { name: "Nina Nail", email });
	const me = await t.app.inject({
		url: "/api/me",
		headers: { cookie: account.cookie },
	});
	expect(me.statusCode).toBe(200);
	expect(me.json()).toEqual({
		id: account.userId,
		name: "Nina Nail",
		email,
		email_verified: false,
		image: null,
		is_admin: false,
		two_factor_enabled: false,
	});
});

test("signing in with the email in other letter case opens a new session for the same account", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app, { email: uniqueEmail("case") });
	const again = await signIn(t.app, {
		email: account.email.toUpperCase(),
		password: TEST_PASSWORD,
	});
	expect(again.userId).toBe(account.userId);
	expect(again.cookie).not.toBe(account.cookie);
	const me = await t.app.inject({
		url: "/api/me",
		headers: { cookie: again.cookie },
	});
	expect(me.json().email).toBe(account.email);
});

test("a wrong password and an unknown email get the same answer", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const wrongPassword = await postAuth(t.app, "/sign-in/email", {
		email: account.email,
		password: "not the right phrase",
	});
	const unknownEmail = await postAuth(t.app, "/sign-in/email", {
		email: uniqueEmail("nobody"),
		password: TEST_PASSWORD,
	});
	for (const response of [wrongPassword, unknownEmail]) {
		expect(response.statusCode).toBe(401);
		expect(response.json()).toMatchObject({
			code: "INVALID_EMAIL_OR_PASSWORD",
		});
		expect(response.headers["set-cookie"]).toBeUndefined();
	}
});

test("an email already in use, in any letter case, answers like a new one, makes no second account and mails its owner", async () => {
	const t = await createTestApp();
	const fresh = await postAuth(t.app, "/sign-up/email", {
		name: "First Try",
		email: uniqueEmail("fresh"),
		password: TEST_PASSWORD,
	});
	const first = await signUp(t.app, { email: uniqueEmail("dup") });
	await verifyEmailInDb(t.db, first.userId);
	for (const email of [first.email, first.email.toUpperCase()]) {
		const again = await postAuth(t.app, "/sign-up/email", {
			name: "Second Try",
			email,
			password: TEST_PASSWORD,
		});
		expect(again.statusCode).toBe(fresh.statusCode);
		expect(Object.keys(again.json()).sort()).toEqual(
			Object.keys(fresh.json()).sort(),
		);
		expect(again.json().token).toBeNull();
		expect(again.headers["set-cookie"]).toBeUndefined();
	}
	expect(fresh.headers["set-cookie"]).toBeUndefined();
	expect(await countUsers(t.db)).toBe(2);
	const notice = await waitForMailWithoutLink(
		t.config,
		first.email,
		"You already have a Tools Gallery account",
	);
	expect(notice.text).toContain("http://localhost:3000/forgot-password");
});

test("each sign-up rule answers 400 VALIDATION_FAILED with its own message and stores nothing", async () => {
	const t = await createTestApp();
	const valid = {
		name: "Vera Valid",
		email: uniqueEmail("vera"),
		password: TEST_PASSWORD,
	};
	const cases: [Record<string, unknown>, string][] = [
		[{ ...valid, name: "" }, "Full Name is required"],
		[{ ...valid, name: "   " }, "Full Name is required"],
		[{ ...valid, email: "" }, "Email Address is required"],
		[{ ...valid, email: "not-an-email" }, "Provide a valid email"],
		[{ ...valid, email: "two@@example.com" }, "Provide a valid email"],
		[{ ...valid, email: "nodot@example" }, "Provide a valid email"],
		[{ ...valid, password: "" }, "Password is required"],
		[{ ...valid, password: "seven77" }, "Must be 8 characters or longer"],
		[
			{ ...valid, password: "x".repeat(129) },
			"Must be 128 characters or fewer",
		],
		[{ ...valid, password: "password123" }, COMMON_PASSWORD_MESSAGE],
		[{ ...valid, password: "Password123" }, COMMON_PASSWORD_MESSAGE],
	];
	for (const [payload, message] of cases) {
		const response = await postAuth(t.app, "/sign-up/email", payload);
		expect(response.statusCode, message).toBe(400);
		expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message });
		expect(response.headers["set-cookie"]).toBeUndefined();
	}
	expect(await countUsers(t.db)).toBe(0);
});

test("an ordinary address with dots, a plus and a two-part domain is accepted, trimmed and lower-cased", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app, { email: "  A.B+C@Shop.co.uk " });
	const me = await t.app.inject({
		url: "/api/me",
		headers: { cookie: account.cookie },
	});
	expect(me.json().email).toBe("a.b+c@shop.co.uk");
});

test("a sign-up that also sends a photo URL is refused: the photo goes through the upload", async () => {
	const t = await createTestApp();
	const response = await postAuth(t.app, "/sign-up/email", {
		name: "Ima Image",
		email: uniqueEmail("image"),
		password: TEST_PASSWORD,
		image: "https://tracker.example/pixel.png",
	});
	expect(response.statusCode).toBe(400);
	expect(response.json()).toEqual({
		code: "VALIDATION_FAILED",
		message: "Only a name, an email and a password are taken here",
	});
	expect(await countUsers(t.db)).toBe(0);
});

test("a password reset or change to a common password is refused with the same message", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const change = await postAuth(
		t.app,
		"/change-password",
		{ currentPassword: TEST_PASSWORD, newPassword: "iloveyou1" },
		{ cookie: account.cookie },
	);
	expect(change.statusCode).toBe(400);
	expect(change.json()).toEqual({
		code: "VALIDATION_FAILED",
		message: COMMON_PASSWORD_MESSAGE,
	});
	await signIn(t.app, { email: account.email, password: TEST_PASSWORD });
});
