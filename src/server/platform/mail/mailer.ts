import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailConfig } from "../../config.ts";
import { boundLogText } from "../bounded-log.ts";

export type MailMessage = {
	to: string;
	subject: string;
	text: string;
	/**
	 * The one link the reader must follow (reset, verification). It carries a token: kept in the
	 * outbox file (the mailbox of a shop without SMTP), never logged.
	 */
	link?: string;
};

export type Mailer = {
	send(message: MailMessage): Promise<void>;
	close(): void;
};

type MailLog = { info(object: object, message: string): void };

/**
 * SMTP when SMTP_URL is set; otherwise each message is appended to DATA_DIR/outbox/mail.jsonl, so
 * reset and verification work on a laptop with no mail server (the link is read from that file).
 */
export function createMailer(
	config: MailConfig,
	outboxDir: string,
	log: MailLog,
): Mailer {
	if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.from);
	return createOutboxMailer(outboxDir, config.from, log);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
	const transport = nodemailer.createTransport(smtpUrl);
	return {
		async send(message) {
			await transport.sendMail({
				from,
				to: message.to,
				subject: message.subject,
				text: message.text,
			});
		},
		close: () => transport.close(),
	};
}

export type OutboxEntry = MailMessage & { from: string; sentAt: string };

/** The outbox file in the outbox folder: one message a line, oldest first. */
export const OUTBOX_FILE = "mail.jsonl";

/**
 * Appends each message as one JSON line to `dir/mail.jsonl`. One append of one line is a single
 * write to a file kept open, so messages from concurrent requests never interleave, and a busy
 * shop (a confirmation for every order) adds no file per message and no work beside the write.
 */
function createOutboxMailer(dir: string, from: string, log: MailLog): Mailer {
	let fd: number | undefined;
	return {
		async send(message) {
			if (fd === undefined) {
				fs.mkdirSync(dir, { recursive: true });
				fd = fs.openSync(path.join(dir, OUTBOX_FILE), "a");
			}
			const entry: OutboxEntry = {
				...message,
				from,
				sentAt: new Date().toISOString(),
			};
			fs.writeSync(fd, `${JSON.stringify(entry)}\n`);
			// Never the link or the text: both carry the token that signs the reader in.
			log.info(
				{
					to: boundLogText(message.to),
					subject: boundLogText(message.subject),
				},
				"mail written to the outbox (MAIL_TRANSPORT=outbox or no SMTP_URL)",
			);
		},
		close: () => {
			if (fd !== undefined) fs.closeSync(fd);
			fd = undefined;
		},
	};
}

/** Messages in the outbox, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
	let text: string;
	try {
		text = await fs.promises.readFile(path.join(dir, OUTBOX_FILE), "utf8");
	} catch {
		return [];
	}
	return text
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as OutboxEntry);
}
