import { expect, test } from "vitest";
import {
	authHeaders,
	postAuth,
	signUp,
	signUpAdmin,
	TEST_PASSWORD,
	testAuthConfig,
	uniqueEmail,
	verifyEmailInDb,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

async function readMe(
	app: Awaited<ReturnType<typeof createTestApp>>["app"],
	cookie: string,
) {
	const response = await app.inject({ url: "/api/me", headers: { cookie } });
	expect(response.statusCode).toBe(200);
	return response.json();
}

async function storedRole(
	db: Awaited<ReturnType<typeof createTestApp>>["db"],
	userId: string,
) {
	const row = await db
		.selectFrom("users")
		.select("role")
		.where("id", "=", userId)
		.executeTakeFirstOrThrow();
	return row.role;
}

test("a verified address that ADMIN_EMAILS does not list stays a customer", async () => {
	const t = await createTestApp({
		config: {
			auth: testAuthConfig({ adminEmails: [uniqueEmail("owner")] }),
		},
	});
	const account = await signUp(t.app);
	await verifyEmailInDb(t.db, account.userId);
	expect(await readMe(t.app, account.cookie)).toMatchObject({
		email_verified: true,
		is_admin: false,
	});
});

test("an admin makes a customer an admin; the customer sees it at once", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app, { name: "Cara Customer" });

	const response = await t.app.inject({
		method: "POST",
		url: `/api/users/${customer.userId}/admin`,
		headers: authHeaders(admin.cookie),
	});
	expect(response.statusCode).toBe(200);
	expect(response.json()).toEqual({
		id: customer.userId,
		email: customer.email,
		name: "Cara Customer",
		role: "admin",
		created_at: expect.any(String),
	});
	expect(await readMe(t.app, customer.cookie)).toMatchObject({
		is_admin: true,
	});

	const again = await t.app.inject({
		method: "POST",
		url: `/api/users/${customer.userId}/admin`,
		headers: authHeaders(admin.cookie),
	});
	expect(again.statusCode).toBe(200);
	expect(again.json().role).toBe("admin");
});

test("making an unknown user an admin is a 404", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await t.app.inject({
		method: "POST",
		url: "/api/users/no-such-user/admin",
		headers: authHeaders(admin.cookie),
	});
	expect(response.statusCode).toBe(404);
	expect(response.json().error.code).toBe("NOT_FOUND");
});

test("a customer cannot make anyone an admin (403) and a visitor must sign in (401); nothing changes", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);
	const other = await signUp(t.app);
	for (const target of [customer.userId, other.userId]) {
		const byCustomer = await t.app.inject({
			method: "POST",
			url: `/api/users/${target}/admin`,
			headers: authHeaders(customer.cookie),
		});
		expect(byCustomer.statusCode).toBe(403);
		expect(byCustomer.json().error.code).toBe("FORBIDDEN");
		const anonymous = await t.app.inject({
			method: "POST",
			url: `/api/users/${target}/admin`,
			headers: authHeaders(),
		});
		expect(anonymous.statusCode).toBe(401);
		expect(await storedRole(t.db, target)).toBe("customer");
	}
});

test("a customer cannot give itself a role through the auth endpoints or the profile", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);

	const viaAuth = await postAuth(
		t.app,
		"/update-user",
		{ role: "admin" },
		{ cookie: customer.cookie },
	);
	expect(viaAuth.statusCode).toBe(400);
	expect(viaAuth.json().code).toBe("VALIDATION_FAILED");

	const viaAuthWithName = await postAuth(
		t.app,
		"/update-user",
		{ name: "Still Me", role: "admin" },
		{ cookie: customer.cookie },
	);
	expect(viaAuthWithName.statusCode).toBe(400);

	const sneakyEmail = uniqueEmail("sneaky");
	const viaSignUp = await postAuth(t.app, "/sign-up/email", {
		name: "Sneaky",
		email: sneakyEmail,
		password: TEST_PASSWORD,
		role: "admin",
	});
	expect(viaSignUp.statusCode).toBe(400);
	expect(viaSignUp.json().code).toBe("VALIDATION_FAILED");
	const sneaky = await t.db
		.selectFrom("users")
		.select("id")
		.where("email", "=", sneakyEmail)
		.execute();
	expect(sneaky).toEqual([]);

	for (const role of ["admin", "customer"]) {
		const viaProfile = await t.app.inject({
			method: "PATCH",
			url: "/api/profile",
			headers: authHeaders(customer.cookie),
			payload: { role },
		});
		expect(viaProfile.statusCode).toBe(400);
		expect(viaProfile.json().error.code).toBe("VALIDATION_FAILED");
	}

	expect(await storedRole(t.db, customer.userId)).toBe("customer");
	expect(await readMe(t.app, customer.cookie)).toMatchObject({
		name: "Test Customer",
		is_admin: false,
	});
});
