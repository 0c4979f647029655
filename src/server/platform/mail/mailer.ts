import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailConfig } from "../../config.ts";

export type MailMessage = {
	to: string;
	subject: string;
	text: string;
	/** The one link the reader must follow (reset, verification); logged in outbox mode. */
	link?: string;
};

export type Mailer = {
	send(message: MailMessage): Promise<void>;
	close(): void;
};

type MailLog = { info(object: object, message: string): void };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as a JSON file
 * and its link logged, so reset and verification work on a laptop with no mail server.
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

function createOutboxMailer(dir: string, from: string, log: MailLog): Mailer {
	return {
		async send(message) {
			await fs.promises.mkdir(dir, { recursive: true });
			const sentAt = new Date().toISOString();
			const entry: OutboxEntry = { ...message, from, sentAt };
			// Sortable by time; the random part keeps two messages in one millisecond apart.
			const name = `${sentAt.replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.json`;
			const temporary = path.join(dir, `.${name}.tmp`);
			await fs.promises.writeFile(temporary, JSON.stringify(entry, null, 2));
			await fs.promises.rename(temporary, path.join(dir, name));
			log.info(
				{ to: message.to, subject: message.subject, link: message.link },
				"mail written to the outbox (SMTP_URL is not set)",
			);
		},
		close: () => {},
	};
}

/** Messages in the outbox, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
	let names: string[];
	try {
		names = await fs.promises.readdir(dir);
	} catch {
		return [];
	}
	const files = names.filter((name) => name.endsWith(".json")).sort();
	return Promise.all(
		files.map(
			async (name) =>
				JSON.parse(
					await fs.promises.readFile(path.join(dir, name), "utf8"),
				) as OutboxEntry,
		),
	);
}
