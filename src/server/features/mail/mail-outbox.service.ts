import type {
	MailOutboxQuery,
	OutboxMail,
} from "../../../shared/mail-outbox.schemas.ts";
import type { Page } from "../../../shared/paging.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { ConflictError, NotFoundError } from "../../platform/http/errors.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";
import { timeOrderedId } from "../../platform/time-ordered-id.ts";
import {
	countMail,
	findMail,
	findMailPage,
	insertMail,
	markMailPending,
} from "./mail-outbox.repository.ts";

/** A mail to send, and what it is about ("order-confirmed", "account-confirm", …). */
export type OutboxMessage = MailMessage & { kind: string };

/**
 * Adds a mail to the outbox inside the caller's transaction: it is sent only if that transaction
 * commits, and never otherwise. The worker sends it at its next pass; call the outbox's
 * `notify()` once the transaction has committed to start that pass now.
 */
export async function enqueueMail(
	trx: Db,
	message: OutboxMessage,
	now = new Date(),
): Promise<string> {
	const id = timeOrderedId();
	await insertMail(trx, {
		id,
		to_address: message.to,
		subject: message.subject,
		text_body: message.text,
		html_body: message.html ?? null,
		link: message.link ?? null,
		kind: message.kind,
		created_at: now.toISOString(),
		send_after: now.toISOString(),
	});
	return id;
}

/** The outbox for admins, newest first: by default the mail not sent yet, pending and failed. */
export function listFailedOrPendingMails(
	db: Db,
	query: MailOutboxQuery,
): Promise<Page<OutboxMail>> {
	return readPage(
		query,
		(offset, limit) =>
			findMailPage(db, { status: query.status, offset, limit }),
		() => countMail(db, query.status),
	);
}

/**
 * Puts a failed (or still pending) mail back to pending, due now, with a full round of attempts:
 * for after the mail server or the address was put right. A sent mail stays sent.
 */
export async function retryMail(
	db: Db,
	id: string,
	now = new Date(),
): Promise<OutboxMail> {
	if (!(await markMailPending(db, id, now.toISOString()))) {
		const mail = await findMail(db, id);
		if (!mail) throw new NotFoundError("Mail not found");
		throw new ConflictError("This mail was sent already");
	}
	const mail = await findMail(db, id);
	if (!mail) throw new NotFoundError("Mail not found");
	return mail;
}

/** The outbox's use cases for the admin routes, as app.ts hands them over. */
/** Mails not yet sent and still tried, and mails given up on: what the metrics show. */
export async function countOutboxMail(
	db: Db,
): Promise<{ pending: number; failed: number }> {
	return {
		pending: await countMail(db, "pending"),
		failed: await countMail(db, "failed"),
	};
}

export function createMailOutboxUseCases({
	db,
	outbox,
}: {
	db: Db;
	/** The worker, woken when a mail is due again. */
	outbox: { notify(): void };
}) {
	return {
		listMails: (query: MailOutboxQuery) => listFailedOrPendingMails(db, query),
		retryMail: async (id: string) => {
			const mail = await retryMail(db, id);
			outbox.notify();
			return mail;
		},
	};
}

export type MailOutboxUseCases = ReturnType<typeof createMailOutboxUseCases>;
