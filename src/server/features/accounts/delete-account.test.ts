import { expect, test } from "vitest";
import {
	authHeaders,
	bearerHeaders,
	countUsers,
	meStatus,
	postAuth,
	signIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("deleting one's account with the password ends every session and frees the email", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app, { name: "Dora Delete" });
	const elsewhere = await signIn(t.app, account);
	await t.app.inject({
		method: "PATCH",
		url: "/api/profile",
		headers: authHeaders(account.cookie),
		payload: { city: "Ghent" },
	});

	const response = await postAuth(
		t.app,
		"/delete-user",
		{ password: account.password },
		{ cookie: account.cookie },
	);
	expect(response.statusCode).toBe(200);
	expect(response.json()).toEqual({ success: true, message: "User deleted" });

	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(401);
	expect(await meStatus(t.app, { cookie: elsewhere.cookie })).toBe(401);
	expect(await meStatus(t.app, bearerHeaders(elsewhere.token))).toBe(401);
	expect(await countUsers(t.db)).toBe(0);
	const profiles = await t.db
		.selectFrom("profiles")
		.select("user_id")
		.execute();
	expect(profiles).toEqual([]);

	const again = await signUp(t.app, { email: account.email });
	expect(again.userId).not.toBe(account.userId);
	const profile = await t.app.inject({
		url: "/api/profile",
		headers: { cookie: again.cookie },
	});
	expect(profile.json()).toMatchObject({ name: "Test Customer", city: null });
});

test("a wrong password deletes nothing", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const response = await postAuth(
		t.app,
		"/delete-user",
		{ password: "not the right phrase" },
		{ cookie: account.cookie },
	);
	expect(response.statusCode).toBe(400);
	expect(response.json().code).toBe("INVALID_PASSWORD");
	expect(await meStatus(t.app, { cookie: account.cookie })).toBe(200);
	expect(await countUsers(t.db)).toBe(1);
});

test("deleting an account needs a signed-in caller", async () => {
	const t = await createTestApp();
	const account = await signUp(t.app);
	const response = await postAuth(t.app, "/delete-user", {
		password: account.password,
	});
	expect(response.statusCode).toBe(401);
	expect(await countUsers(t.db)).toBe(1);
});

test("the only admin cannot delete their own account; once there is another admin, they can", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const refused = await postAuth(
		t.app,
		"/delete-user",
		{ password: admin.password },
		{ cookie: admin.cookie },
	);
	expect(refused.statusCode).toBe(409);
	expect(refused.json()).toEqual({
		code: "CONFLICT",
		message: "The last admin cannot be deleted; make another admin first",
	});
	expect(await meStatus(t.app, { cookie: admin.cookie })).toBe(200);
	expect(await countUsers(t.db)).toBe(1);

	await signUpAdmin(t.app, t.db);
	const allowed = await postAuth(
		t.app,
		"/delete-user",
		{ password: admin.password },
		{ cookie: admin.cookie },
	);
	expect(allowed.statusCode).toBe(200);
	expect(await countUsers(t.db)).toBe(1);
});
