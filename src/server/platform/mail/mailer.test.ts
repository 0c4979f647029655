import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect, onTestFinished, test, vi } from "vitest";
import {
	pathOf,
	postAuth,
	signUpConfirmed,
} from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { createMailer, readOutbox } from "./mailer.ts";

type Received = { from: string; to: string[]; data: string };

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpSink(): Promise<{ url: string; received: Received[] }> {
	const received: Received[] = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ["STARTTLS"],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on("data", (chunk: Buffer) => chunks.push(chunk));
			stream.on("end", () => {
				received.push({
					from: session.envelope.mailFrom
						? session.envelope.mailFrom.address
						: "",
					to: session.envelope.rcptTo.map((recipient) => recipient.address),
					data: Buffer.concat(chunks).toString("utf8"),
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
	return { url: `smtp://127.0.0.1:${address.port}`, received };
}

const silentLog = { info: () => {} };

test("with SMTP_URL set, mail is delivered to the SMTP server with its sender, recipient, subject and text", async () => {
	const sink = await startSmtpSink();
	const mailer = createMailer(
		{ smtpUrl: sink.url, from: "Tools Gallery <shop@example.com>" },
		path.join(os.tmpdir(), "unused-outbox"),
		silentLog,
	);
	onTestFinished(() => mailer.close());
	await mailer.send({
		to: "customer@example.com",
		subject: "Reset your Tools Gallery password",
		text: "Choose a new password here:\nhttp://localhost:3000/reset",
		link: "http://localhost:3000/reset",
	});
	expect(sink.received).toHaveLength(1);
	const [message] = sink.received;
	expect(message?.from).toBe("shop@example.com");
	expect(message?.to).toEqual(["customer@example.com"]);
	expect(message?.data).toContain("Subject: Reset your Tools Gallery password");
	expect(message?.data).toContain("http://localhost:3000/reset");
});

test("without SMTP_URL, each message is a line of JSON in the outbox file; the log names it without its link", async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-outbox-"));
	onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
	const logged: object[] = [];
	const mailer = createMailer(
		{ smtpUrl: undefined, from: "Tools Gallery <no-reply@localhost>" },
		dir,
		{ info: (object) => logged.push(object) },
	);
	onTestFinished(() => mailer.close());
	await mailer.send({
		to: "first@example.com",
		subject: "Confirm your email",
		text: "Confirm here: http://localhost:3000/confirm",
		link: "http://localhost:3000/confirm",
	});
	await mailer.send({
		to: "second@example.com",
		subject: "Second",
		text: "Hello",
	});
	const outbox = await readOutbox(dir);
	expect(outbox.map((entry) => entry.to)).toEqual([
		"first@example.com",
		"second@example.com",
	]);
	expect(outbox[0]).toMatchObject({
		from: "Tools Gallery <no-reply@localhost>",
		subject: "Confirm your email",
		link: "http://localhost:3000/confirm",
	});
	expect(logged[0]).toEqual({
		to: "first@example.com",
		subject: "Confirm your email",
	});
	expect(JSON.stringify(logged)).not.toContain("/confirm");
});

test("messages sent at the same time each stay one whole line of the outbox", async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-outbox-"));
	onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
	const mailer = createMailer(
		{ smtpUrl: undefined, from: "Tools Gallery <no-reply@localhost>" },
		dir,
		{ info: () => {} },
	);
	onTestFinished(() => mailer.close());
	const text = "An order confirmation. ".repeat(200);
	await Promise.all(
		Array.from({ length: 300 }, (_, index) =>
			mailer.send({
				to: `customer${index}@example.com`,
				subject: "Order",
				text,
			}),
		),
	);
	const outbox = await readOutbox(dir);
	expect(outbox).toHaveLength(300);
	expect(new Set(outbox.map((entry) => entry.to)).size).toBe(300);
	expect(outbox.every((entry) => entry.text === text)).toBe(true);
});

test("a password reset asked of the shop arrives by SMTP with a link that opens the reset page", async () => {
	const sink = await startSmtpSink();
	const { app, db } = await createTestApp({
		config: {
			mail: { smtpUrl: sink.url, from: "Tools Gallery <shop@example.com>" },
		},
	});
	const customer = await signUpConfirmed(app, db);
	const asked = await postAuth(app, "/request-password-reset", {
		email: customer.email,
		redirectTo: "/reset-password",
	});
	expect(asked.statusCode).toBe(200);
	const resetMail = await vi.waitFor(() => {
		const found = sink.received.find(
			(message) =>
				message.to.includes(customer.email) &&
				message.data.includes("Reset your Tools Gallery password"),
		);
		if (!found) throw new Error("no reset mail yet");
		return found;
	});
	// Quoted-printable may wrap long lines with "=" at the end; join them back.
	const text = resetMail.data.replace(/=\r?\n/g, "");
	const link =
		/http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s]+/.exec(
			text,
		)?.[0];
	if (!link) throw new Error("the mail holds no reset link");
	const opened = await app.inject({ url: pathOf(link.replace(/=3D/g, "=")) });
	expect(opened.statusCode).toBe(302);
	expect(opened.headers.location).toMatch(
		/^http:\/\/localhost:3000\/reset-password\?token=/,
	);
});
