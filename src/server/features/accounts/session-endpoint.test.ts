import { expect, test } from "vitest";
import { signUp, signUpAdmin } from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("GET /api/session answers a visitor with me: null (200), and a signed-in caller with the account", async () => {
	const { app, db } = await createTestApp();
	const visitor = await app.inject({ url: "/api/session" });
	expect(visitor.statusCode).toBe(200);
	expect(visitor.json()).toEqual({ me: null });

	const customer = await signUp(app, { name: "Cora Customer" });
	const signedIn = await app.inject({
		url: "/api/session",
		headers: { cookie: customer.cookie },
	});
	expect(signedIn.json()).toEqual({
		me: expect.objectContaining({
			email: customer.email,
			name: "Cora Customer",
			is_admin: false,
		}),
	});

	const admin = await signUpAdmin(app, db);
	const asAdmin = await app.inject({
		url: "/api/session",
		headers: { authorization: `Bearer ${admin.token}` },
	});
	expect(asAdmin.json().me).toMatchObject({
		email: admin.email,
		is_admin: true,
	});

	const stale = await app.inject({
		url: "/api/session",
		headers: { cookie: "better-auth.session_token=made-up.value" },
	});
	expect(stale.json()).toEqual({ me: null });
});
