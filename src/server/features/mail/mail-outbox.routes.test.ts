import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, onTestFinished, test, vi } from "vitest";
import {
	MAIL_OUTBOX_PAGE_SIZE,
	OutboxMailPageSchema,
	OutboxMailSchema,
} from "../../../shared/mail-outbox.schemas.ts";
import { outboxDir } from "../../app.ts";
import { createMailer, readOutbox } from "../../platform/mail/mailer.ts";
import {
	authHeaders,
	signUp,
	signUpAdmin,
} from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { enqueueMail } from "./mail-outbox.service.ts";
import {
	createMailOutbox,
	MAIL_MAX_ATTEMPTS,
} from "./mail-outbox-worker.service.ts";

const LIST_URL = "/api/admin/mail-outbox";
const retryUrl = (id: string) => `/api/admin/mail-outbox/${id}/retry`;

/** An SMTP address where nothing listens: every attempt is refused by the network. */
async function closedSmtpUrl(): Promise<string> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	if (!address || typeof address === "string") throw new Error("no port");
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `smtp://127.0.0.1:${address.port}`;
}

/**
 * A reset mail that another instance gave up on after its last attempt, its mail server out of
 * reach. Made before the app first answers, so its own worker is not yet running.
 */
async function failedResetMail(t: TestApp): Promise<string> {
	const mailer = createMailer(
		{
			smtpUrl: await closedSmtpUrl(),
			from: "Tools Gallery <shop@example.com>",
		},
		path.join(os.tmpdir(), "unused-mail-folder"),
		{ info: () => {} },
	);
	onTestFinished(() => mailer.close());
	let time = Date.now() - 24 * 60 * 60_000;
	const outbox = createMailOutbox({
		db: t.db,
		mailer,
		log: { warn: () => {}, error: () => {} },
		now: () => new Date(time),
	});
	const link = "http://localhost:3000/api/auth/reset-password/secret-token-456";
	const id = await enqueueMail(
		t.db,
		{
			to: "lost@example.com",
			subject: "Reset your Tools Gallery password",
			text: `Choose a new password here:\n${link}`,
			link,
			kind: "account-reset-password",
		},
		new Date(time),
	);
	for (let attempt = 0; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
		await outbox.runOnce();
		time += 60 * 60_000;
	}
	return id;
}

/**
 * Waits until the admin's own sign-up mail is sent, so the list holds only what the test put in:
 * `unsent` mails left over (failed ones the test made).
 */
async function waitForAccountMailSent(
	t: TestApp,
	headers: Record<string, string>,
	unsent: number,
): Promise<void> {
	await vi.waitFor(async () => {
		const listed = await t.app.inject({ url: LIST_URL, headers });
		expect(listed.json().total).toBe(unsent);
	});
}

test("the mail outbox answers 401 to a visitor and 403 to a customer, for the list and a retry", async () => {
	const t = await createTestApp();
	const id = await enqueueMail(t.db, {
		to: "someone@example.com",
		subject: "Order confirmed",
		text: "Thanks.",
		kind: "order-confirmed",
	});
	const customer = await signUp(t.app);
	for (const request of [
		{ method: "GET" as const, url: LIST_URL },
		{ method: "POST" as const, url: retryUrl(id) },
	]) {
		const anonymous = await t.app.inject({
			...request,
			headers: authHeaders(),
		});
		expect(anonymous.statusCode).toBe(401);
		expect(anonymous.json().error.code).toBe("UNAUTHORIZED");
		const refused = await t.app.inject({
			...request,
			headers: authHeaders(customer.cookie),
		});
		expect(refused.statusCode).toBe(403);
		expect(refused.json().error.code).toBe("FORBIDDEN");
	}
});

test("an admin sees a mail failed after its last attempt, with why and without its body or link; a retry sends it", async () => {
	const t = await createTestApp();
	const id = await failedResetMail(t);
	const admin = await signUpAdmin(t.app, t.db);
	const headers = authHeaders(admin.cookie);
	await waitForAccountMailSent(t, headers, 1);

	const listed = await t.app.inject({
		url: `${LIST_URL}?status=failed`,
		headers,
	});
	expect(listed.statusCode, listed.body).toBe(200);
	expect(listed.body).not.toContain("secret-token");
	expect(listed.body).not.toContain("Choose a new password");
	const failed = OutboxMailPageSchema.parse(listed.json());
	expect(failed).toMatchObject({
		page: 1,
		page_size: MAIL_OUTBOX_PAGE_SIZE,
		total: 1,
	});
	expect(Object.keys(listed.json().items[0]).sort()).toEqual([
		"attempts",
		"created_at",
		"failed_at",
		"id",
		"kind",
		"last_error",
		"send_after",
		"sent_at",
		"status",
		"subject",
		"to",
	]);
	expect(failed.items[0]).toMatchObject({
		id,
		to: "lost@example.com",
		subject: "Reset your Tools Gallery password",
		kind: "account-reset-password",
		status: "failed",
		attempts: MAIL_MAX_ATTEMPTS,
		last_error: expect.stringContaining("ECONNREFUSED"),
		sent_at: null,
	});
	expect(failed.items[0]?.failed_at).not.toBeNull();

	const retried = await t.app.inject({
		method: "POST",
		url: retryUrl(id),
		headers,
	});
	expect(retried.statusCode, retried.body).toBe(200);
	expect(OutboxMailSchema.parse(retried.json())).toMatchObject({
		id,
		status: "pending",
		attempts: 0,
		failed_at: null,
	});
	// The shop's own worker sends it (to the mail folder: no SMTP_URL in tests).
	await vi.waitFor(async () => {
		const sent = await readOutbox(outboxDir(t.config));
		expect(sent.filter((mail) => mail.to === "lost@example.com")).toHaveLength(
			1,
		);
	});
	await vi.waitFor(async () => {
		const listedSent = await t.app.inject({
			url: `${LIST_URL}?status=sent`,
			headers,
		});
		const { items } = OutboxMailPageSchema.parse(listedSent.json());
		expect(items.find((mail) => mail.id === id)?.status).toBe("sent");
	});
	const unsent = await t.app.inject({ url: LIST_URL, headers });
	expect(unsent.json()).toMatchObject({ items: [], total: 0 });

	const again = await t.app.inject({
		method: "POST",
		url: retryUrl(id),
		headers,
	});
	expect(again.statusCode).toBe(409);
	expect(again.json().error).toEqual({
		code: "CONFLICT",
		message: "This mail was sent already",
	});
});

test("the list pages newest first; a bad status, page or mail id is a 400 and an unknown mail a 404", async () => {
	const t = await createTestApp();
	const admin = await signUpAdmin(t.app, t.db);
	const headers = authHeaders(admin.cookie);
	await waitForAccountMailSent(t, headers, 0);
	// Due tomorrow: the shop's own worker leaves them pending meanwhile.
	const tomorrow = Date.now() + 24 * 60 * 60_000;
	for (let n = 1; n <= 5; n++)
		await enqueueMail(
			t.db,
			{
				to: `customer${n}@example.com`,
				subject: `Order ${n} confirmed`,
				text: "Thanks.",
				kind: "order-confirmed",
			},
			new Date(tomorrow + n * 1000),
		);

	const second = await t.app.inject({
		url: `${LIST_URL}?status=pending&page=2&page_size=2`,
		headers,
	});
	expect(second.statusCode, second.body).toBe(200);
	const page = OutboxMailPageSchema.parse(second.json());
	expect(page).toMatchObject({ page: 2, page_size: 2, total: 5 });
	expect(page.items.map((mail) => mail.subject)).toEqual([
		"Order 3 confirmed",
		"Order 2 confirmed",
	]);

	for (const query of ["status=lost", "page=0", "page_size=101"]) {
		const bad = await t.app.inject({ url: `${LIST_URL}?${query}`, headers });
		expect(bad.statusCode, query).toBe(400);
		expect(bad.json().error.code).toBe("VALIDATION_FAILED");
	}
	const badId = await t.app.inject({
		method: "POST",
		url: retryUrl("not-a-uuid"),
		headers,
	});
	expect(badId.statusCode).toBe(400);
	const unknown = await t.app.inject({
		method: "POST",
		url: retryUrl("00000000-0000-4000-8000-000000000000"),
		headers,
	});
	expect(unknown.statusCode).toBe(404);
	expect(unknown.json().error).toEqual({
		code: "NOT_FOUND",
		message: "Mail not found",
	});
});
