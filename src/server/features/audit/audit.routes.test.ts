import { expect, test } from "vitest";
import { AUDIT_PAGE_SIZE } from "../../../shared/audit.schemas.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { readSecurityLog } from "../../test-support/audit.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { recordAuditEvent, recordTwoFactorChange } from "./audit.service.ts";

const LOG_URL = "/api/admin/audit-events";

test("the security log answers 401 to a visitor and 403 to a customer", async () => {
	const t = await createTestApp();
	const customer = await signUp(t.app);

	const anonymous = await t.app.inject({ url: LOG_URL });
	expect(anonymous.statusCode).toBe(401);
	expect(anonymous.json().error.code).toBe("UNAUTHORIZED");

	const refused = await t.app.inject({
		url: LOG_URL,
		headers: { cookie: customer.cookie },
	});
	expect(refused.statusCode).toBe(403);
	expect(refused.json().error).toEqual({
		code: "FORBIDDEN",
		message: "Only an admin can do this",
	});
});

test("an admin reads the log newest first, a page at a time, 20 by default", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const subject = { id: "someone", email: "someone@example.com" };
	for (let n = 1; n <= 25; n++)
		await recordAuditEvent(t.db, {
			kind: "sessions.revoked",
			subject,
			details: { n },
		});

	const first = await readSecurityLog(t.app, admin.cookie);
	expect(first).toMatchObject({
		page: 1,
		page_size: AUDIT_PAGE_SIZE,
		total: 25,
	});
	expect(first.items.map((event) => event.details.n)).toEqual(
		Array.from({ length: 20 }, (_, index) => 25 - index),
	);

	const third = await readSecurityLog(
		t.app,
		admin.cookie,
		"?page=3&page_size=10",
	);
	expect(third).toMatchObject({ page: 3, page_size: 10, total: 25 });
	expect(third.items.map((event) => event.details.n)).toEqual([5, 4, 3, 2, 1]);

	const pastTheEnd = await readSecurityLog(t.app, admin.cookie, "?page=9");
	expect(pastTheEnd.items).toEqual([]);
	expect(pastTheEnd.total).toBe(25);
});

test("each event shows when, what, who, to whom, from where and its details", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const before = new Date().toISOString();
	await recordAuditEvent(t.db, {
		kind: "admin.granted",
		actor: { id: "actor-id", email: "boss@example.com" },
		subject: { id: "subject-id", email: "new.admin@example.com" },
		address: "2001:db8::7",
		details: { via: "dashboard", attempts: 3, confirmed: true },
	});

	const [event] = (await readSecurityLog(t.app, admin.cookie)).items;
	expect(event).toEqual({
		id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		occurred_at: expect.any(String),
		kind: "admin.granted",
		actor_user_id: "actor-id",
		actor_email: "boss@example.com",
		subject_user_id: "subject-id",
		subject_email: "new.admin@example.com",
		address: "2001:db8::7",
		details: { via: "dashboard", attempts: 3, confirmed: true },
	});
	expect(Date.parse(event?.occurred_at ?? "")).toBeGreaterThanOrEqual(
		Date.parse(before),
	);
});

test("?kind= lists only the events of that kind, with their own total", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const user = { id: "u-1", email: "two@example.com" };
	await recordTwoFactorChange(t.db, {
		user,
		isEnabled: true,
		address: "203.0.113.9",
	});
	await recordAuditEvent(t.db, { kind: "user.removed", subject: user });
	await recordTwoFactorChange(t.db, { user, isEnabled: false, address: null });
	await recordTwoFactorChange(t.db, { user, isEnabled: true, address: null });

	const enabled = await readSecurityLog(
		t.app,
		admin.cookie,
		"?kind=two_factor.enabled",
	);
	expect(enabled.total).toBe(2);
	expect(
		enabled.items.map(({ kind, actor_email, subject_email, address }) => ({
			kind,
			actor_email,
			subject_email,
			address,
		})),
	).toEqual([
		{
			kind: "two_factor.enabled",
			actor_email: user.email,
			subject_email: user.email,
			address: null,
		},
		{
			kind: "two_factor.enabled",
			actor_email: user.email,
			subject_email: user.email,
			address: "203.0.113.9",
		},
	]);
	const removed = await readSecurityLog(
		t.app,
		admin.cookie,
		"?kind=user.removed",
	);
	expect(removed.items.map((event) => event.kind)).toEqual(["user.removed"]);
	const none = await readSecurityLog(
		t.app,
		admin.cookie,
		"?kind=sign_in.locked",
	);
	expect(none).toMatchObject({ items: [], total: 0 });
});

test("a page size outside 1 to 100, a bad page or an unknown kind is a 400 naming the field", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const cases: [string, string, string][] = [
		["page_size=0", "page_size", "page_size must be 1 or more"],
		["page_size=101", "page_size", "page_size must be 100 or less"],
		["page_size=ten", "page_size", "page_size must be a whole number"],
		["page=0", "page", "page must be 1 or more"],
		[
			"kind=admin.promoted",
			"kind",
			"kind must be one of admin.granted, admin.revoked, user.removed, two_factor.enabled, two_factor.disabled, sign_in.locked, access.refused, email.confirmed, sessions.revoked, api_key.created, api_key.revoked, webhook.added, webhook.removed",
		],
	];
	for (const [query, field, message] of cases) {
		const response = await t.app.inject({
			url: `${LOG_URL}?${query}`,
			headers: { cookie: admin.cookie },
		});
		expect(response.statusCode, query).toBe(400);
		expect(response.json().error, query).toEqual({
			code: "VALIDATION_FAILED",
			message: `Invalid querystring: ${field}`,
			details: [{ field, message }],
		});
	}
	const largest = await readSecurityLog(t.app, admin.cookie, "?page_size=100");
	expect(largest.page_size).toBe(100);
});

test("details and addresses are cut to fit the log instead of failing the change they record", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const details = Object.fromEntries(
		Array.from({ length: 15 }, (_, n) => [`key${n}`, "x".repeat(500)]),
	);
	await recordAuditEvent(t.db, {
		kind: "sessions.revoked",
		address: "a".repeat(300),
		details,
	});
	await recordAuditEvent(t.db, {
		kind: "sessions.revoked",
		details: { note: "\u0001".repeat(200), other: "\u0002".repeat(200) },
	});

	const [escaped, long] = (await readSecurityLog(t.app, admin.cookie)).items;
	expect(Object.keys(long?.details ?? {})).toHaveLength(4);
	expect(long?.details.key0).toBe("x".repeat(200));
	expect(long?.address).toBe("a".repeat(100));
	expect(escaped?.details).toEqual({});
});

test("the log cannot be written through the API", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const response = await t.app.inject({
		method: "POST",
		url: LOG_URL,
		headers: authHeaders(admin.cookie),
		payload: { kind: "user.removed" },
	});
	expect(response.statusCode).toBe(404);
	expect((await readSecurityLog(t.app, admin.cookie)).total).toBe(0);
});
