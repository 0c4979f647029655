import { expect, test } from "vitest";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { readSecurityLog } from "../../test-support/audit.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("a customer refused on admin routes is logged once per route a minute, with method, route and address", async () => {
	let now = 1_000_000;
	const t = await createTestApp({ clock: () => now });
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	const probe = (method: "GET" | "DELETE", url: string) =>
		t.app.inject({
			method,
			url,
			headers: authHeaders(customer.cookie),
			remoteAddress: "192.0.2.44",
		});

	for (let n = 0; n < 5; n++)
		expect((await probe("GET", "/api/users")).statusCode).toBe(403);
	for (const id of ["a1", "b2", "c3"])
		expect((await probe("DELETE", `/api/users/${id}`)).statusCode).toBe(403);
	const refusals = () =>
		readSecurityLog(t.app, admin.cookie, "?kind=access.refused");

	const first = await refusals();
	expect(first.items).toEqual([
		expect.objectContaining({
			actor_user_id: customer.userId,
			actor_email: customer.email,
			subject_user_id: null,
			address: "192.0.2.44",
			details: { method: "DELETE", route: "/api/users/:id" },
		}),
		expect.objectContaining({
			actor_user_id: customer.userId,
			details: { method: "GET", route: "/api/users" },
		}),
	]);

	now += 59_000;
	await probe("GET", "/api/users");
	expect((await refusals()).total).toBe(2);
	now += 1_000;
	await probe("GET", "/api/users");
	expect((await refusals()).total).toBe(3);
});

test("a visitor's 401, an admin's own requests and a cross-site refusal are not logged as refused access", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const customer = await signUp(t.app);
	expect((await t.app.inject({ url: "/api/users" })).statusCode).toBe(401);
	const crossSite = await t.app.inject({
		method: "DELETE",
		url: `/api/users/${admin.userId}`,
		headers: { origin: "https://elsewhere.example", cookie: customer.cookie },
	});
	expect(crossSite.statusCode).toBe(403);
	const adminWritesReview = await t.app.inject({
		method: "POST",
		url: "/api/reviews",
		headers: authHeaders(admin.cookie),
		payload: { user_review: "Great shop.", user_rating: 5 },
	});
	expect(adminWritesReview.statusCode).toBe(403);

	expect(
		(await readSecurityLog(t.app, admin.cookie, "?kind=access.refused")).total,
	).toBe(0);
});
