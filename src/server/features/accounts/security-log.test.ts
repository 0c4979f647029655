import { expect, test } from "vitest";
import type { Db } from "../../platform/db/database.ts";
import {
	authHeaders,
	bearerHeaders,
	meStatus,
	postAuth,
	signIn,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { readSecurityLog } from "../../test-support/audit.ts";
import { createTestApp } from "../../test-support/test-app.ts";

async function sessionsOf(db: Db, userId: string) {
	return db
		.selectFrom("sessions")
		.select("id")
		.where("user_id", "=", userId)
		.execute();
}

test("Make Admin is logged with who, to whom and from where; making an admin again logs nothing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const makeAdmin = () =>
		t.app.inject({
			method: "POST",
			url: `/api/users/${customer.userId}/admin`,
			headers: authHeaders(admin.cookie),
			remoteAddress: "198.51.100.23",
		});

	expect((await makeAdmin()).statusCode).toBe(200);
	expect((await makeAdmin()).statusCode).toBe(200);

	const log = await readSecurityLog(t.app, admin.cookie);
	expect(log.items).toEqual([
		{
			id: expect.any(String),
			occurred_at: expect.any(String),
			kind: "admin.granted",
			actor_user_id: admin.userId,
			actor_email: admin.email,
			subject_user_id: customer.userId,
			subject_email: customer.email,
			address: "198.51.100.23",
			details: { via: "dashboard" },
		},
	]);
});

test("removing a user deletes its session rows, its old cookie answers 401, and the removal is logged", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const elsewhere = await signIn(t.app, customer);
	expect(await sessionsOf(t.db, customer.userId)).toHaveLength(2);

	const response = await t.app.inject({
		method: "DELETE",
		url: `/api/users/${customer.userId}`,
		headers: authHeaders(admin.cookie),
	});
	expect(response.statusCode).toBe(204);

	expect(await sessionsOf(t.db, customer.userId)).toEqual([]);
	expect(await meStatus(t.app, { cookie: customer.cookie })).toBe(401);
	expect(await meStatus(t.app, bearerHeaders(elsewhere.token))).toBe(401);
	const [removal, ...rest] = (await readSecurityLog(t.app, admin.cookie)).items;
	expect(rest).toEqual([]);
	expect(removal).toMatchObject({
		kind: "user.removed",
		actor_user_id: admin.userId,
		actor_email: admin.email,
		subject_user_id: customer.userId,
		subject_email: customer.email,
		address: "127.0.0.1",
		details: { via: "dashboard" },
	});
});

test("a refused removal (yourself, the last admin) logs nothing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const self = await t.app.inject({
		method: "DELETE",
		url: `/api/users/${admin.userId}`,
		headers: authHeaders(admin.cookie),
	});
	expect(self.statusCode).toBe(409);
	const deleteOwn = await postAuth(
		t.app,
		"/delete-user",
		{ password: admin.password },
		{ cookie: admin.cookie },
	);
	expect(deleteOwn.statusCode).toBe(409);
	expect((await readSecurityLog(t.app, admin.cookie)).total).toBe(0);
});

test("deleting one's own account is logged as the owner's doing", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const wrongPassword = await postAuth(
		t.app,
		"/delete-user",
		{ password: "not the right phrase" },
		{ cookie: customer.cookie },
	);
	expect(wrongPassword.statusCode).toBe(400);
	expect((await readSecurityLog(t.app, admin.cookie)).total).toBe(0);

	const deleted = await postAuth(
		t.app,
		"/delete-user",
		{ password: customer.password },
		{ cookie: customer.cookie },
	);
	expect(deleted.statusCode).toBe(200);

	const log = await readSecurityLog(t.app, admin.cookie);
	expect(log.items).toEqual([
		expect.objectContaining({
			kind: "user.removed",
			actor_user_id: customer.userId,
			actor_email: customer.email,
			subject_user_id: customer.userId,
			subject_email: customer.email,
			details: { via: "own account" },
		}),
	]);
	expect(await sessionsOf(t.db, customer.userId)).toEqual([]);
});
