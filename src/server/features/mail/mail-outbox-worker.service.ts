import { boundLogText } from "../../platform/bounded-log.ts";
import type { Db } from "../../platform/db/database.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import {
	type ClaimedMail,
	claimDueMails,
	deleteMailSentBefore,
	markMailsSent,
	recordMailFailure,
} from "./mail-outbox.repository.ts";
import { enqueueMail, type OutboxMessage } from "./mail-outbox.service.ts";

/** After this many failed attempts a mail is given up on and shown to admins as failed. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long an instance holds the rows it claimed; the SMTP mailer gives up on a send sooner. */
export const MAIL_LEASE_MS = 60_000;
const FIRST_RETRY_DELAY_MS = 30_000;
const LONGEST_RETRY_DELAY_MS = 60 * 60_000;
const LAST_ERROR_MAX_LENGTH = 500;
/** Sent mail is kept this long (for the admin's list), then removed with its bodies and link. */
const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60_000;
const SENT_MAIL_SWEEP_INTERVAL_MS = 60 * 60_000;
const DEFAULT_POLL_INTERVAL_MS = 5_000;
const DEFAULT_BATCH_SIZE = 25;
/** How many mails of a pass are handed to the mailer at once (SMTP connections at once). */
const SENDS_AT_ONCE = 5;
/**
 * A wake waits this long before its pass, so that the mail of many changes in a row (an order
 * every millisecond) is claimed and marked sent a batch at a time, not one write per mail.
 */
const WAKE_DELAY_MS = 25;

/** The wait after `attempts` failed attempts: 30 s, 1 min, 2 min, … doubling, at most an hour. */
function retryDelayMs(attempts: number): number {
	return Math.min(
		FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0),
		LONGEST_RETRY_DELAY_MS,
	);
}

/**
 * Why an attempt failed, as stored and shown to admins: the error's own words, without the mail's
 * link (its token), cut to the column's 500 characters.
 */
function describeFailure(error: unknown, mail: ClaimedMail): string {
	const message = error instanceof Error ? error.message : String(error);
	const text = mail.link ? message.replaceAll(mail.link, "[link]") : message;
	return text.length <= LAST_ERROR_MAX_LENGTH
		? text
		: `${text.slice(0, LAST_ERROR_MAX_LENGTH - 1)}…`;
}

type MailOutboxLog = {
	warn(object: object, message: string): void;
	error(object: object, message: string): void;
};

export type MailOutboxOptions = {
	/** How often the worker looks for due mail when nothing wakes it; 5 s by default. */
	pollIntervalMs?: number;
	/** How many mails one pass claims; 25 by default, handed to the mailer 5 at a time. */
	batchSize?: number;
};

export type MailOutboxDeps = {
	db: Db;
	mailer: Mailer;
	log: MailOutboxLog;
	/** Wall-clock time, for leases and back-off; tests pass one they move by hand. */
	now?: () => Date;
	options?: MailOutboxOptions;
	/** Told how each pass went (the metrics count the attempts). */
	onPass?: (outcome: MailPassOutcome) => void;
};

export type MailPassOutcome = { sent: number; retried: number; failed: number };

type Attempt = keyof MailPassOutcome;

/** Sends one claimed row and records how it went, if the row is still this instance's. */
async function attemptMail(
	{
		db,
		mailer,
		log,
		now,
	}: Required<Omit<MailOutboxDeps, "options" | "onPass">>,
	mail: ClaimedMail,
): Promise<Attempt> {
	const lease = mail.claimed_until;
	const about = { mailId: mail.id, kind: mail.kind };
	try {
		await mailer.send({
			id: mail.id,
			to: mail.to_address,
			subject: mail.subject,
			text: mail.text_body,
			...(mail.html_body === null ? {} : { html: mail.html_body }),
			...(mail.link === null ? {} : { link: mail.link }),
		});
	} catch (error) {
		const attempts = mail.attempts + 1;
		const at = now();
		const isGivenUp = attempts >= MAIL_MAX_ATTEMPTS;
		const lastError = describeFailure(error, mail);
		await recordMailFailure(db, {
			id: mail.id,
			lease,
			attempts,
			lastError,
			sendAfter: new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
			failedAt: isGivenUp ? at.toISOString() : null,
		});
		// The address is not logged (it may be a stranger's), nor the body or link (a token).
		const details = { ...about, attempts, error: boundLogText(lastError) };
		if (isGivenUp)
			log.error(details, `mail not sent after ${attempts} attempts; given up`);
		else log.warn(details, "mail not sent; it is tried again later");
		return isGivenUp ? "failed" : "retried";
	}
	return "sent";
}

export type MailOutbox = {
	/** Adds a mail on its own (not within a change of the caller's) and wakes the worker. */
	enqueue(message: OutboxMessage): Promise<string>;
	/** Starts a pass now (if started), e.g. after a transaction that enqueued mail committed. */
	notify(): void;
	/** One pass: claims a batch of due mail, sends it and records the outcome. */
	runOnce(): Promise<MailPassOutcome>;
	/** Sends due mail now and then every poll interval, and whenever notified. */
	start(): void;
	/** No pass starts any more; resolves once the pass under way (if any) has finished. */
	stop(): Promise<void>;
};

/**
 * The worker that sends the outbox. Any number of instances may run one on the same database:
 * each claims rows with a lease, so a row is sent by one instance at a time, and a row whose
 * instance died mid-send is taken again once its lease ran out.
 */
export function createMailOutbox(deps: MailOutboxDeps): MailOutbox {
	const { db, log, now = () => new Date(), options = {} } = deps;
	const attemptDeps = { db, mailer: deps.mailer, log, now };
	const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
	const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
	let sweptSentMailAt = Number.NEGATIVE_INFINITY;

	async function runOnce(): Promise<MailPassOutcome> {
		const at = now();
		const claimed = await claimDueMails(db, {
			now: at.toISOString(),
			leaseUntil: new Date(at.getTime() + MAIL_LEASE_MS).toISOString(),
			limit: batchSize,
		});
		// Every attempt ends before the pass does, even when one of them fails to record.
		const settled: PromiseSettledResult<Attempt>[] = [];
		for (let start = 0; start < claimed.length; start += SENDS_AT_ONCE)
			settled.push(
				...(await Promise.allSettled(
					claimed
						.slice(start, start + SENDS_AT_ONCE)
						.map((mail) => attemptMail(attemptDeps, mail)),
				)),
			);
		const outcome: MailPassOutcome = { sent: 0, retried: 0, failed: 0 };
		const sentIds: string[] = [];
		for (const [index, result] of settled.entries()) {
			if (result.status === "rejected") throw result.reason;
			outcome[result.value] += 1;
			const mail = claimed[index];
			if (result.value === "sent" && mail) sentIds.push(mail.id);
		}
		// One write for the whole pass: the rows were claimed together, under one lease.
		const lease = claimed[0]?.claimed_until;
		if (lease) {
			const marked = await markMailsSent(db, {
				ids: sentIds,
				lease,
				sentAt: now().toISOString(),
			});
			if (marked < sentIds.length)
				log.warn(
					{ sent: sentIds.length, marked },
					"mail sent after its lease ran out: another instance may send it again",
				);
		}
		if (at.getTime() - sweptSentMailAt >= SENT_MAIL_SWEEP_INTERVAL_MS) {
			sweptSentMailAt = at.getTime();
			const before = new Date(at.getTime() - SENT_MAIL_KEPT_MS);
			await deleteMailSentBefore(db, before.toISOString());
		}
		return outcome;
	}

	let state: "idle" | "started" | "stopped" = "idle";
	let running: Promise<void> | undefined;
	let isWakeAsked = false;
	let timer: NodeJS.Timeout | undefined;

	// Passes follow each other while a pass fills its batch or a wake came in meanwhile.
	async function drain(): Promise<void> {
		for (;;) {
			isWakeAsked = false;
			const outcome = await runOnce();
			deps.onPass?.(outcome);
			const { sent, retried, failed } = outcome;
			const isBatchFull = sent + retried + failed >= batchSize;
			if (state !== "started" || !(isWakeAsked || isBatchFull)) return;
		}
	}

	let isWakeScheduled = false;

	/** A pass soon: wakes that come close together share it. */
	function wakeSoon(): void {
		if (state !== "started") return;
		if (running) {
			isWakeAsked = true;
			return;
		}
		if (isWakeScheduled) return;
		isWakeScheduled = true;
		clearTimeout(timer);
		timer = setTimeout(() => {
			isWakeScheduled = false;
			wake();
		}, WAKE_DELAY_MS);
		timer.unref();
	}

	function wake(): void {
		if (state !== "started") return;
		if (running) {
			isWakeAsked = true;
			return;
		}
		clearTimeout(timer);
		isWakeScheduled = false;
		running = drain()
			.catch((error: unknown) =>
				log.error({ err: error }, "the mail outbox could not send"),
			)
			.finally(() => {
				running = undefined;
				if (isWakeAsked) wake();
				else if (state === "started") {
					timer = setTimeout(wake, pollIntervalMs);
					timer.unref();
				}
			});
	}

	return {
		async enqueue(message) {
			const id = await enqueueMail(db, message, now());
			wakeSoon();
			return id;
		},
		notify: wakeSoon,
		runOnce,
		start() {
			if (state !== "idle") return;
			state = "started";
			wake();
		},
		async stop() {
			state = "stopped";
			clearTimeout(timer);
			await running;
		},
	};
}
