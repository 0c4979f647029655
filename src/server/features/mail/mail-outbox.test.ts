import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect, onTestFinished, test, vi } from "vitest";
import type {
	MailOutboxQuery,
	MailStatus,
} from "../../../shared/mail-outbox.schemas.ts";
import { createDb, type Db } from "../../platform/db/database.ts";
import { createMailer, readOutbox } from "../../platform/mail/mailer.ts";
import { createMigratedTestDatabase } from "../../test-support/test-app.ts";
import { claimDueMails } from "./mail-outbox.repository.ts";
import {
	enqueueMail,
	listFailedOrPendingMails,
	type OutboxMessage,
	retryMail,
} from "./mail-outbox.service.ts";
import {
	createMailOutbox,
	MAIL_LEASE_MS,
	MAIL_MAX_ATTEMPTS,
	type MailOutboxOptions,
} from "./mail-outbox-worker.service.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

type Delivery = { to: string[]; subject: string; data: string };

/**
 * A real SMTP server on loopback. It answers the first `refusals` messages with a refusal at the
 * end of DATA, 451 (try later) and 554 (rejected) in turn, as a busy or greylisting server does,
 * and keeps every message it accepts. `answerWhen` holds each answer until it resolves.
 */
async function startSmtpStandIn(
	options: {
		refusals?: number;
		refusalText?: string;
		answerWhen?: () => Promise<void>;
	} = {},
) {
	let refusalsLeft = options.refusals ?? 0;
	let refused = 0;
	const delivered: Delivery[] = [];
	const receiving: string[] = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ["STARTTLS"],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on("data", (chunk: Buffer) => chunks.push(chunk));
			stream.on("end", async () => {
				const data = Buffer.concat(chunks).toString("utf8");
				const subject = /^Subject: (.*)$/m.exec(data)?.[1] ?? "";
				receiving.push(subject);
				await options.answerWhen?.();
				if (refusalsLeft > 0) {
					refusalsLeft -= 1;
					refused += 1;
					const code = refused % 2 === 1 ? 451 : 554;
					const text = options.refusalText ?? "Not now";
					callback(Object.assign(new Error(text), { responseCode: code }));
					return;
				}
				delivered.push({
					to: session.envelope.rcptTo.map((recipient) => recipient.address),
					subject,
					data,
				});
				callback();
			});
		},
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	onTestFinished(
		() => new Promise<void>((resolve) => server.close(() => resolve())),
	);
	const address = server.server.address();
	if (!address || typeof address === "string") throw new Error("no port");
	return {
		url: `smtp://127.0.0.1:${address.port}`,
		delivered,
		/** Subjects of every message that reached the end of DATA, accepted or not. */
		receiving,
		refuseNext(count: number) {
			refusalsLeft = count;
		},
		subjects: () => delivered.map((delivery) => delivery.subject).sort(),
	};
}

/** Wall-clock time that moves only when the test moves it. */
function createTestClock(start = new Date("2026-12-01T09:00:00.000Z")) {
	let time = start.getTime();
	return {
		now: () => new Date(time),
		advance(ms: number) {
			time += ms;
		},
	};
}

type LogLine = { level: "warn" | "error"; object: object; message: string };

function createTestLog() {
	const lines: LogLine[] = [];
	return {
		lines,
		warn: (object: object, message: string) =>
			lines.push({ level: "warn", object, message }),
		error: (object: object, message: string) =>
			lines.push({ level: "error", object, message }),
	};
}

/** An outbox whose worker sends through a real SMTP mailer to `smtpUrl`; stopped when the test ends. */
function openOutbox(
	db: Db,
	smtpUrl: string,
	{
		now,
		log = createTestLog(),
		options,
	}: {
		now?: () => Date;
		log?: ReturnType<typeof createTestLog>;
		options?: MailOutboxOptions;
	} = {},
) {
	const mailer = createMailer(
		{ smtpUrl, from: "Tools Gallery <shop@example.com>" },
		path.join(os.tmpdir(), "unused-mail-folder"),
		{ info: () => {} },
	);
	const outbox = createMailOutbox({ db, mailer, log, now, options });
	onTestFinished(async () => {
		await outbox.stop();
		mailer.close();
	});
	return outbox;
}

function message(
	subject: string,
	changes: Partial<OutboxMessage> = {},
): OutboxMessage {
	return {
		to: "customer@example.com",
		subject,
		text: `The text of ${subject}.`,
		kind: "order-confirmed",
		...changes,
	};
}

/** The first page of the admin's list, 20 a page, of one status or the unsent mail. */
function pageOf(query: { status?: MailStatus }): MailOutboxQuery {
	return { page: 1, page_size: 20, ...query };
}

async function readRows(db: Db) {
	return db
		.selectFrom("mail_outbox")
		.select([
			"subject",
			"attempts",
			"send_after",
			"last_error",
			"sent_at",
			"failed_at",
		])
		.orderBy("created_at")
		.orderBy("subject")
		.execute();
}

test("a mail server that refuses the first attempts gets the mail once, retried after 30 s, 1 min and 2 min", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn({ refusals: 3 });
	const clock = createTestClock();
	const log = createTestLog();
	const outbox = openOutbox(db, smtp.url, { now: clock.now, log });
	const start = clock.now().getTime();
	await outbox.enqueue(message("Order 1 confirmed"));

	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
	const [afterFirst] = await readRows(db);
	expect(afterFirst).toMatchObject({
		attempts: 1,
		send_after: new Date(start + 30 * SECOND).toISOString(),
		sent_at: null,
		failed_at: null,
	});
	expect(afterFirst?.last_error).toContain("451");
	// Not due yet: nothing is sent or counted.
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

	clock.advance(30 * SECOND);
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
	const [afterSecond] = await readRows(db);
	expect(afterSecond?.send_after).toBe(
		new Date(start + 30 * SECOND + MINUTE).toISOString(),
	);
	expect(afterSecond?.last_error).toContain("554");

	clock.advance(MINUTE);
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
	expect((await readRows(db))[0]?.send_after).toBe(
		new Date(start + 90 * SECOND + 2 * MINUTE).toISOString(),
	);

	clock.advance(MINUTE);
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
	clock.advance(MINUTE);
	expect(await outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
	expect(smtp.delivered).toHaveLength(1);
	expect(smtp.delivered[0]?.to).toEqual(["customer@example.com"]);
	expect(smtp.delivered[0]?.data).toContain("The text of Order 1 confirmed.");
	const [sent] = await readRows(db);
	expect(sent).toMatchObject({
		attempts: 3,
		sent_at: clock.now().toISOString(),
	});
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
	expect(smtp.delivered).toHaveLength(1);
	// Each retry was logged without the address or the text.
	expect(log.lines.map((line) => line.message)).toEqual(
		Array(3).fill("mail not sent; it is tried again later"),
	);
	expect(JSON.stringify(log.lines)).not.toContain("customer@example.com");
	expect(JSON.stringify(log.lines)).not.toContain("The text of");
});

test("with refusals along the way, every mail of a batch is delivered exactly once", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn({ refusals: 9 });
	const clock = createTestClock();
	const outbox = openOutbox(db, smtp.url, { now: clock.now });
	const subjects = Array.from({ length: 12 }, (_, index) => `Receipt ${index}`);
	for (const subject of subjects) await outbox.enqueue(message(subject));

	let retried = 0;
	for (let pass = 0; pass < 20; pass++) {
		retried += (await outbox.runOnce()).retried;
		clock.advance(HOUR);
	}
	expect(retried).toBe(9);
	expect(smtp.subjects()).toEqual([...subjects].sort());
	const rows = await readRows(db);
	expect(rows.every((row) => row.sent_at !== null)).toBe(true);
	expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(9);
});

test("mail enqueued before a restart is sent by the next instance on the same database", async () => {
	const { db, database } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn();
	const before = createDb(database);
	const stopped = openOutbox(before, smtp.url);
	for (const subject of ["Before 1", "Before 2", "Before 3"])
		await stopped.enqueue(message(subject));
	// The old instance stops without ever sending, and its connections close.
	await stopped.stop();
	await before.destroy();
	expect(smtp.delivered).toEqual([]);

	const restarted = openOutbox(db, smtp.url, {
		options: { pollIntervalMs: 50 },
	});
	restarted.start();
	await vi.waitFor(() => expect(smtp.delivered).toHaveLength(3));
	expect(smtp.subjects()).toEqual(["Before 1", "Before 2", "Before 3"]);
});

test("a mail whose instance died while sending it is sent again once the lease runs out, not before", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn();
	const clock = createTestClock();
	await enqueueMail(db, message("Refund issued"), clock.now());
	// What an instance that dies mid-send leaves behind: the row leased, never marked.
	const [held] = await claimDueMails(db, {
		now: clock.now().toISOString(),
		leaseUntil: new Date(clock.now().getTime() + MAIL_LEASE_MS).toISOString(),
		limit: 5,
	});
	expect(held?.subject).toBe("Refund issued");

	const survivor = openOutbox(db, smtp.url, { now: clock.now });
	expect(await survivor.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
	clock.advance(MAIL_LEASE_MS - SECOND);
	expect(await survivor.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
	clock.advance(SECOND);
	expect(await survivor.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
	expect(smtp.subjects()).toEqual(["Refund issued"]);
});

test("mail enqueued in a transaction that rolls back is never sent; mail of one that commits is", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn();
	const outbox = openOutbox(db, smtp.url);

	await expect(
		db.transaction().execute(async (trx) => {
			await enqueueMail(trx, message("Order 7 confirmed"));
			throw new Error("the order could not be placed");
		}),
	).rejects.toThrow("the order could not be placed");
	await db
		.transaction()
		.execute((trx) => enqueueMail(trx, message("Order 8 confirmed")));

	expect(await outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
	expect(smtp.subjects()).toEqual(["Order 8 confirmed"]);
	expect((await readRows(db)).map((row) => row.subject)).toEqual([
		"Order 8 confirmed",
	]);
});

test("two instances sending from one database never send a mail twice", async () => {
	const { db, database } = await createMigratedTestDatabase();
	// Slow answers, so both instances have mail in flight at the same time.
	const smtp = await startSmtpStandIn({
		answerWhen: () => new Promise((resolve) => setTimeout(resolve, 20)),
	});
	const subjects = Array.from({ length: 30 }, (_, index) => `Mail ${index}`);
	for (const subject of subjects) await enqueueMail(db, message(subject));

	const second = createDb(database);
	onTestFinished(() => second.destroy());
	const options = { pollIntervalMs: 20, batchSize: 4 };
	const first = openOutbox(db, smtp.url, { options });
	const other = openOutbox(second, smtp.url, { options });
	first.start();
	other.start();
	await vi.waitFor(() => expect(smtp.delivered).toHaveLength(30), {
		timeout: 10_000,
	});
	await Promise.all([first.stop(), other.stop()]);
	expect(smtp.delivered).toHaveLength(30);
	expect(smtp.subjects()).toEqual([...subjects].sort());
	expect(
		(await readRows(db)).filter((row) => row.sent_at !== null),
	).toHaveLength(30);
});

test("a started outbox sends a new mail at once, not at its next poll, and stopping waits for the mail in flight", async () => {
	const { db } = await createMigratedTestDatabase();
	let release = () => {};
	let gate: Promise<void> = Promise.resolve();
	const smtp = await startSmtpStandIn({ answerWhen: () => gate });
	const outbox = openOutbox(db, smtp.url, {
		options: { pollIntervalMs: 10 * MINUTE },
	});
	outbox.start();
	await outbox.enqueue(message("Welcome"));
	await vi.waitFor(() => expect(smtp.subjects()).toEqual(["Welcome"]));

	gate = new Promise((resolve) => {
		release = resolve;
	});
	await outbox.enqueue(message("Held at the server"));
	await vi.waitFor(() =>
		expect(smtp.receiving).toContain("Held at the server"),
	);
	let isStopped = false;
	const stopping = outbox.stop().then(() => {
		isStopped = true;
	});
	await new Promise((resolve) => setTimeout(resolve, 100));
	expect(isStopped).toBe(false);
	release();
	await stopping;
	const held = (await readRows(db)).find(
		(row) => row.subject === "Held at the server",
	);
	expect(held?.sent_at).not.toBeNull();
	expect(smtp.subjects()).toEqual(["Held at the server", "Welcome"]);
});

test("a mail with an HTML version arrives as text and HTML; without SMTP the mail folder keeps both", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn();
	const html = "<p>Your order of <strong>4 × Tap and Die Set</strong>.</p>";
	await enqueueMail(db, message("Order 9 confirmed", { html }));
	await openOutbox(db, smtp.url).runOnce();
	const data = smtp.delivered[0]?.data.replace(/=\r?\n/g, "") ?? "";
	expect(data).toContain("Content-Type: text/plain");
	expect(data).toContain("Content-Type: text/html");
	expect(data).toContain("Tap and Die Set</strong>");

	const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-mail-"));
	onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
	const fileMailer = createMailer(
		{ smtpUrl: undefined, from: "Tools Gallery <no-reply@localhost>" },
		folder,
		{ info: () => {} },
	);
	onTestFinished(() => fileMailer.close());
	const outbox = createMailOutbox({
		db,
		mailer: fileMailer,
		log: createTestLog(),
	});
	await enqueueMail(db, message("Order 10 confirmed", { html }));
	expect(await outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
	const [written] = await readOutbox(folder);
	expect(written).toMatchObject({
		subject: "Order 10 confirmed",
		text: "The text of Order 10 confirmed.",
		html,
	});
});

test("sent mail is removed 30 days after it was sent; newer mail stays", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn();
	const clock = createTestClock();
	const outbox = openOutbox(db, smtp.url, { now: clock.now });
	await outbox.enqueue(message("Old receipt"));
	await outbox.runOnce();
	clock.advance(29 * 24 * HOUR);
	await outbox.enqueue(message("New receipt"));
	await outbox.runOnce();
	expect((await readRows(db)).map((row) => row.subject)).toEqual([
		"Old receipt",
		"New receipt",
	]);

	clock.advance(24 * HOUR + MINUTE);
	await outbox.runOnce();
	expect((await readRows(db)).map((row) => row.subject)).toEqual([
		"New receipt",
	]);
});

test("after 10 refused attempts a mail is failed: listed with why, never with its body or link; a retry sends it", async () => {
	const { db } = await createMigratedTestDatabase();
	const link = "http://localhost:3000/api/auth/reset-password/secret-token-123";
	// Spam filters quote the address they refuse; the stored error must not keep it.
	const smtp = await startSmtpStandIn({
		refusals: MAIL_MAX_ATTEMPTS,
		refusalText: `Message refused: ${link} is listed`,
	});
	const clock = createTestClock();
	const log = createTestLog();
	const outbox = openOutbox(db, smtp.url, { now: clock.now, log });
	const id = await outbox.enqueue({
		to: "stranger@example.com",
		subject: "Reset your Tools Gallery password",
		text: `Choose a new password here:\n${link}`,
		html: `<a href="${link}">Choose a new password</a>`,
		link,
		kind: "account-reset-password",
	});

	for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
		expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
		clock.advance(HOUR);
	}
	const pending = await listFailedOrPendingMails(db, pageOf({}));
	expect(pending.items.map((mail) => [mail.status, mail.attempts])).toEqual([
		["pending", MAIL_MAX_ATTEMPTS - 1],
	]);
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
	clock.advance(HOUR);
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

	const failed = await listFailedOrPendingMails(
		db,
		pageOf({ status: "failed" }),
	);
	expect(failed).toMatchObject({ page: 1, total: 1 });
	const [mail] = failed.items;
	expect(mail).toEqual({
		id,
		to: "stranger@example.com",
		subject: "Reset your Tools Gallery password",
		kind: "account-reset-password",
		status: "failed",
		attempts: MAIL_MAX_ATTEMPTS,
		last_error: expect.stringContaining("Message refused: [link] is listed"),
		created_at: expect.any(String),
		send_after: expect.any(String),
		sent_at: null,
		failed_at: new Date(clock.now().getTime() - HOUR).toISOString(),
	});
	expect(JSON.stringify(failed)).not.toContain("secret-token");
	expect(JSON.stringify(failed)).not.toContain("Choose a new password");
	expect(log.lines.at(-1)).toMatchObject({
		level: "error",
		message: `mail not sent after ${MAIL_MAX_ATTEMPTS} attempts; given up`,
	});
	expect(JSON.stringify(log.lines)).not.toContain("secret-token");
	expect(JSON.stringify(log.lines)).not.toContain("stranger@example.com");
	expect((await listFailedOrPendingMails(db, pageOf({}))).total).toBe(1);
	expect(
		(await listFailedOrPendingMails(db, pageOf({ status: "pending" }))).total,
	).toBe(0);

	const retried = await retryMail(db, id, clock.now());
	expect(retried).toMatchObject({ status: "pending", attempts: 0 });
	expect(await outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
	expect(smtp.delivered.map((delivery) => delivery.to)).toEqual([
		["stranger@example.com"],
	]);
	const sent = await listFailedOrPendingMails(db, pageOf({ status: "sent" }));
	expect(sent.items[0]).toMatchObject({
		id,
		status: "sent",
		attempts: 0,
		sent_at: clock.now().toISOString(),
		failed_at: null,
	});
	expect((await listFailedOrPendingMails(db, pageOf({}))).total).toBe(0);
	await expect(retryMail(db, id)).rejects.toMatchObject({
		statusCode: 409,
		message: "This mail was sent already",
	});
	await expect(
		retryMail(db, "00000000-0000-4000-8000-000000000000"),
	).rejects.toMatchObject({ statusCode: 404 });
});

test("a long error is cut to 500 characters", async () => {
	const { db } = await createMigratedTestDatabase();
	const smtp = await startSmtpStandIn({
		refusals: 1,
		refusalText: `Refused ${"because ".repeat(100)}`,
	});
	const outbox = openOutbox(db, smtp.url);
	await outbox.enqueue(message("Order 11 confirmed"));
	expect(await outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
	const [row] = await readRows(db);
	expect(row?.last_error).toHaveLength(500);
	expect(row?.last_error).toMatch(/^.*Refused because because .*…$/s);
});
