import { expect, test } from "vitest";
import { UserPageSchema } from "../../../shared/accounts.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import {
	authHeaders,
	countUsers,
	meStatus,
	signIn,
	signUp,
	signUpAdmin,
	testAuthConfig,
	uniqueEmail,
	verifyEmailInDb,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

function removeUser(
	app: Awaited<ReturnType<typeof createTestApp>>["app"],
	cookie: string,
	userId: string,
) {
	return app.inject({
		method: "DELETE",
		url: `/api/users/${userId}`,
		headers: authHeaders(cookie),
	});
}

async function setCreatedAt(db: Db, userId: string, iso: string) {
	await db
		.updateTable("users")
		.set({ created_at: iso })
		.where("id", "=", userId)
		.execute();
}

test("removing a user ends all of that user's sessions at once and deletes the account", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const secondSession = await signIn(t.app, customer);

	const response = await removeUser(t.app, admin.cookie, customer.userId);
	expect(response.statusCode).toBe(204);
	expect(response.body).toBe("");

	expect(await meStatus(t.app, { cookie: customer.cookie })).toBe(401);
	expect(await meStatus(t.app, { cookie: secondSession.cookie })).toBe(401);
	expect(
		await meStatus(t.app, { authorization: `Bearer ${secondSession.token}` }),
	).toBe(401);
	expect(await countUsers(t.db)).toBe(1);
	const signInAgain = await t.app.inject({
		method: "POST",
		url: "/api/auth/sign-in/email",
		headers: authHeaders(),
		payload: { email: customer.email, password: customer.password },
	});
	expect(signInAgain.statusCode).toBe(401);

	const again = await removeUser(t.app, admin.cookie, customer.userId);
	expect(again.statusCode).toBe(404);
});

test("an admin cannot remove itself (409), and a customer or visitor cannot remove anyone", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const other = await signUp(t.app);

	const self = await removeUser(t.app, admin.cookie, admin.userId);
	expect(self.statusCode).toBe(409);
	expect(self.json().error).toEqual({
		code: "CONFLICT",
		message: "You cannot remove yourself; ask another admin",
	});
	expect(
		(await removeUser(t.app, customer.cookie, other.userId)).statusCode,
	).toBe(403);
	const anonymous = await t.app.inject({
		method: "DELETE",
		url: `/api/users/${other.userId}`,
		headers: authHeaders(),
	});
	expect(anonymous.statusCode).toBe(401);
	expect(await countUsers(t.db)).toBe(3);
	expect(await meStatus(t.app, { cookie: other.cookie })).toBe(200);
});

test("with two admins, one may remove the other; the one left is then the last and cannot go", async () => {
	const t = await createTestApp();
	const first = await signUpAdmin(t.app, t.db);
	const second = await signUpAdmin(t.app, t.db);
	expect(
		(await removeUser(t.app, first.cookie, second.userId)).statusCode,
	).toBe(204);

	const deleteOwn = await t.app.inject({
		method: "POST",
		url: "/api/auth/delete-user",
		headers: authHeaders(first.cookie),
		payload: { password: first.password },
	});
	expect(deleteOwn.statusCode).toBe(409);
	expect(deleteOwn.json()).toEqual({
		code: "CONFLICT",
		message: "The last admin cannot be deleted; make another admin first",
	});
	expect(await meStatus(t.app, { cookie: first.cookie })).toBe(200);
});

test("the user list shows admins first, then everyone else newest first, a page at a time", async () => {
	const owner = uniqueEmail("owner");
	const t = await createTestApp({
		config: { auth: testAuthConfig({ adminEmails: [owner] }) },
	});
	const admin = await signUpAdmin(t.app, t.db, { name: "Role Admin" });
	const configured = await signUp(t.app, {
		name: "Listed Owner",
		email: owner,
	});
	await verifyEmailInDb(t.db, configured.userId);
	const customers = [];
	for (const name of ["Oldest", "Middle", "Newest"])
		customers.push(await signUp(t.app, { name }));
	const unverifiedOwnerLike = await signUp(t.app, { name: "Not Listed" });
	const dates: [string, string][] = [
		[admin.userId, "2026-01-01T00:00:00.000Z"],
		[configured.userId, "2026-01-02T00:00:00.000Z"],
		[customers[0]?.userId ?? "", "2026-02-01T00:00:00.000Z"],
		[customers[1]?.userId ?? "", "2026-02-02T00:00:00.000Z"],
		[customers[2]?.userId ?? "", "2026-02-03T00:00:00.000Z"],
		[unverifiedOwnerLike.userId, "2025-12-01T00:00:00.000Z"],
	];
	for (const [id, iso] of dates) await setCreatedAt(t.db, id, iso);

	const page = async (query: string) => {
		const response = await t.app.inject({
			url: `/api/users?${query}`,
			headers: { cookie: admin.cookie },
		});
		expect(response.statusCode).toBe(200);
		return UserPageSchema.parse(response.json());
	};
	const first = await page("page=1&page_size=4");
	expect(first.total).toBe(6);
	expect(first.items.map((item) => [item.name, item.role])).toEqual([
		["Listed Owner", "admin"],
		["Role Admin", "admin"],
		["Newest", "customer"],
		["Middle", "customer"],
	]);
	expect(first.items[0]).toEqual({
		id: configured.userId,
		email: owner,
		name: "Listed Owner",
		role: "admin",
		created_at: "2026-01-02T00:00:00.000Z",
	});
	const second = await page("page=2&page_size=4");
	expect(second.items.map((item) => item.name)).toEqual([
		"Oldest",
		"Not Listed",
	]);
	expect(second).toMatchObject({ page: 2, page_size: 4, total: 6 });

	const defaults = await page("");
	expect(defaults).toMatchObject({ page: 1, page_size: 20, total: 6 });
});

test("the user list finds accounts by part of their email, in any letter case", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db, { email: uniqueEmail("boss") });
	const ada = await signUp(t.app, { email: `ada_${uniqueEmail("x")}` });
	await signUp(t.app, { email: uniqueEmail("grace") });
	const search = async (q: string) => {
		const response = await t.app.inject({
			url: `/api/users?q=${encodeURIComponent(q)}`,
			headers: { cookie: admin.cookie },
		});
		expect(response.statusCode).toBe(200);
		return UserPageSchema.parse(response.json());
	};
	const found = await search("ADA_");
	expect(found.items.map((item) => item.id)).toEqual([ada.userId]);
	expect(found.total).toBe(1);
	// Wildcards of SQL are searched for as text.
	expect((await search("%")).total).toBe(0);
	expect((await search("a_a")).total).toBe(0);
	expect((await search("@example.com")).total).toBe(3);
});

test("a bad page or an over-long search is a 400", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	for (const query of ["page=0", "page_size=101", `q=${"a".repeat(255)}`]) {
		const response = await t.app.inject({
			url: `/api/users?${query}`,
			headers: { cookie: admin.cookie },
		});
		expect(response.statusCode, query).toBe(400);
	}
});
