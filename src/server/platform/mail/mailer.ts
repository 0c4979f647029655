import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { MailConfig } from "../../config.ts";
import { boundLogText } from "../bounded-log.ts";

export type MailMessage = {
	to: string;
	subject: string;
	text: string;
	/** An HTML version of the text, sent beside it when given; the text stays for plain readers. */
	html?: string;
	/**
	 * The one link the reader must follow (reset, verification). It carries a token: kept in the
	 * outbox file (the mailbox of a shop without SMTP), never logged.
	 */
	link?: string;
	/**
	 * What the mail is about ("account-confirm", "order-confirmed", …): the mail outbox records it
	 * for admins; the mail server never sees it.
	 */
	kind?: string;
	/**
	 * The mail outbox's id of the message. Sent again (the server stopped between sending it and
	 * recording that it was sent), it carries the same id: SMTP's Message-ID, by which mail servers
	 * and readers tell a repeat, and the mail folder writes a message with a known id once.
	 */
	id?: string;
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

/**
 * Nodemailer waits up to two minutes for a connection and ten for a quiet socket. A send must
 * succeed or fail well within the mail outbox's lease of a row (a minute), or another instance
 * would take the row and send it too. Settings in SMTP_URL's query still win.
 */
const SMTP_TIMEOUTS = {
	connectionTimeout: 10_000,
	greetingTimeout: 10_000,
	socketTimeout: 30_000,
};

/**
 * nodemailer is loaded with the first message, not when the server starts: a shop that sends no
 * mail, or writes it to the outbox file, never pays for it (about 14 MB and 100 ms of start-up).
 */
function createSmtpMailer(smtpUrl: string, from: string): Mailer {
	let transport: Promise<Transporter> | undefined;
	const open = () => {
		transport ??= import("nodemailer").then(({ default: nodemailer }) =>
			nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl }),
		);
		return transport;
	};
	return {
		async send(message) {
			await (await open()).sendMail({
				from,
				to: message.to,
				subject: message.subject,
				text: message.text,
				...(message.html === undefined ? {} : { html: message.html }),
				...(message.id === undefined
					? {}
					: { messageId: `<${message.id}@${domainOf(from)}>` }),
			});
		},
		close: () => {
			// A transport that never loaded has nothing to close; its send already failed.
			void transport?.then(
				(opened) => opened.close(),
				() => {},
			);
		},
	};
}

/** The domain of a sender such as "Tools Gallery <no-reply@shop.example>", for Message-IDs. */
function domainOf(from: string): string {
	return /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
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
	/** The ids of the messages in the file, read once when it is opened. */
	let written = new Set<string>();
	return {
		async send(message) {
			if (fd === undefined) {
				fs.mkdirSync(dir, { recursive: true });
				written = new Set(
					(await readOutbox(dir)).flatMap((entry) =>
						entry.id ? [entry.id] : [],
					),
				);
				fd ??= fs.openSync(path.join(dir, OUTBOX_FILE), "a");
			}
			// The same message again: it is in the folder already.
			if (message.id !== undefined && written.has(message.id)) return;
			if (message.id !== undefined) written.add(message.id);
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
