import { expect, test } from "vitest";
import {
	choosePasswordFromMail,
	enableTwoFactor,
	pathOf,
	postAuth,
	signUp,
	signUpAdmin,
	testAuthConfig,
	waitForMail,
} from "../../test-support/accounts.ts";
import { readSecurityLog } from "../../test-support/audit.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("following the confirmation link is in the security log as the account's own doing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const mail = await waitForMail(
		t.config,
		customer.email,
		"Confirm your email",
	);
	await t.app.inject({ url: pathOf(mail.link) });

	const log = await readSecurityLog(
		t.app,
		admin.cookie,
		"?kind=email.confirmed",
	);
	expect(log.items).toHaveLength(1);
	expect(log.items[0]).toMatchObject({
		kind: "email.confirmed",
		actor_user_id: customer.userId,
		subject_email: customer.email,
		details: { via: "link" },
	});
});

test("an owner's address confirmed by choosing the password is logged so", async () => {
	const t = await createTestApp({
		config: { auth: testAuthConfig({ adminEmails: ["boss@example.com"] }) },
	});
	const admin = await signUpAdmin(t.app, t.db);
	await signUp(t.app, { email: "boss@example.com" });
	await choosePasswordFromMail(t.app, t.config, {
		email: "boss@example.com",
		subject: "choose your",
		password: "the boss's own phrase",
	});

	const log = await readSecurityLog(
		t.app,
		admin.cookie,
		"?kind=email.confirmed",
	);
	expect(
		log.items.map((event) => [event.subject_email, event.details]),
	).toEqual([["boss@example.com", { via: "chosen-password" }]]);
});

test("turning two-factor sign-in on and off is logged with the client address", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const { cookie } = await enableTwoFactor(t.app, customer);
	const disable = await postAuth(
		t.app,
		"/two-factor/disable",
		{ password: customer.password },
		{ cookie },
	);
	expect(disable.statusCode).toBe(200);

	const log = await readSecurityLog(t.app, admin.cookie);
	const twoFactor = log.items.filter((event) =>
		event.kind.startsWith("two_factor."),
	);
	expect(twoFactor.map((event) => event.kind)).toEqual([
		"two_factor.disabled",
		"two_factor.enabled",
	]);
	for (const event of twoFactor)
		expect(event).toMatchObject({
			actor_user_id: customer.userId,
			subject_user_id: customer.userId,
			address: "127.0.0.1",
		});
});

test("failed passwords that start delaying a client are logged once, with the address and the email tried", async () => {
	const t = await createTestApp({
		config: {
			auth: testAuthConfig({
				limits: { perAddress: 100, failuresPerAccount: 2, windowMs: 60_000 },
			}),
		},
	});
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	for (let attempt = 0; attempt < 3; attempt += 1)
		await postAuth(t.app, "/sign-in/email", {
			email: customer.email,
			password: "not the right phrase",
		});

	await expect
		.poll(
			async () =>
				(await readSecurityLog(t.app, admin.cookie, "?kind=sign_in.locked"))
					.items,
		)
		.toHaveLength(1);
	const [event] = (
		await readSecurityLog(t.app, admin.cookie, "?kind=sign_in.locked")
	).items;
	expect(event).toMatchObject({
		address: "127.0.0.1",
		details: { email: customer.email },
	});
});
