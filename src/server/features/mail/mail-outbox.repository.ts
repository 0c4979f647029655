import type { Insertable, Selectable } from "kysely";
import type {
	MailStatus,
	OutboxMail,
} from "../../../shared/mail-outbox.schemas.ts";
import { insertCompiledOnce } from "../../platform/db/compiled-once.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type { MailOutboxTable } from "../../platform/db/schema.ts";

/** Compiled once per shape: a mail is queued with every order. */
const insertMailRow =
	insertCompiledOnce<Insertable<MailOutboxTable>>("mail_outbox");

export async function insertMail(
	db: Db,
	mail: Insertable<MailOutboxTable>,
): Promise<void> {
	await insertMailRow(db, [mail]);
}

/** A row the worker holds: what it sends, and the lease it must still hold to record the outcome. */
export type ClaimedMail = Pick<
	Selectable<MailOutboxTable>,
	| "id"
	| "to_address"
	| "subject"
	| "text_body"
	| "html_body"
	| "link"
	| "kind"
	| "attempts"
> & { claimed_until: string };

/**
 * Takes up to `limit` rows due at `now` that nobody holds (no lease, or one run out) and leases
 * them until `leaseUntil`, in one conditional update: of two instances claiming at once, each row
 * goes to one. On PostgreSQL the rows are also locked while they are picked, and rows another
 * claimer has locked are skipped rather than waited for; SQLite runs one write at a time anyway.
 */
export async function claimDueMails(
	db: Db,
	{
		now,
		leaseUntil,
		limit,
	}: { now: string; leaseUntil: string; limit: number },
): Promise<ClaimedMail[]> {
	const due = db
		.selectFrom("mail_outbox")
		.select("id")
		.where("sent_at", "is", null)
		.where("failed_at", "is", null)
		.where("send_after", "<=", now)
		.where((eb) =>
			eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]),
		)
		.orderBy("send_after")
		.orderBy("id")
		.limit(limit);
	const rows = await db
		.updateTable("mail_outbox")
		.set({ claimed_until: leaseUntil })
		.where("id", "in", isPostgres(db) ? due.forUpdate().skipLocked() : due)
		// Again on the row itself: a row another claimer took in the meantime is not taken twice.
		.where("sent_at", "is", null)
		.where("failed_at", "is", null)
		.where((eb) =>
			eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]),
		)
		.returning([
			"id",
			"to_address",
			"subject",
			"text_body",
			"html_body",
			"link",
			"kind",
			"attempts",
		])
		.execute();
	return rows.map((row) => ({ ...row, claimed_until: leaseUntil }));
}

/** Marks a held row sent; false when the lease was lost (another instance took the row). */
/**
 * Marks the rows of one pass sent, in one statement: those still held under `lease` (the lease
 * they were claimed with together). Returns how many it marked.
 */
export async function markMailsSent(
	db: Db,
	{ ids, lease, sentAt }: { ids: string[]; lease: string; sentAt: string },
): Promise<number> {
	if (ids.length === 0) return 0;
	const result = await db
		.updateTable("mail_outbox")
		.set({ sent_at: sentAt, claimed_until: null })
		.where("id", "in", ids)
		.where("claimed_until", "=", lease)
		.executeTakeFirst();
	return Number(result.numUpdatedRows);
}

/** Records a failed attempt of a held row: when to try again, or that it is given up on. */
export async function recordMailFailure(
	db: Db,
	{
		id,
		lease,
		attempts,
		lastError,
		sendAfter,
		failedAt,
	}: {
		id: string;
		lease: string;
		attempts: number;
		lastError: string;
		sendAfter: string;
		failedAt: string | null;
	},
): Promise<boolean> {
	const result = await db
		.updateTable("mail_outbox")
		.set({
			attempts,
			last_error: lastError,
			send_after: sendAfter,
			failed_at: failedAt,
			claimed_until: null,
		})
		.where("id", "=", id)
		.where("claimed_until", "=", lease)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts a mail not sent yet (failed or pending) back to pending, due at `now`, with its attempts
 * counted anew. False when there is no such mail or it was sent.
 */
export async function markMailPending(
	db: Db,
	id: string,
	now: string,
): Promise<boolean> {
	const result = await db
		.updateTable("mail_outbox")
		.set({ failed_at: null, attempts: 0, send_after: now })
		.where("id", "=", id)
		.where("sent_at", "is", null)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

/** Removes mail sent before `before`; how many rows went. */
export async function deleteMailSentBefore(
	db: Db,
	before: string,
): Promise<number> {
	const result = await db
		.deleteFrom("mail_outbox")
		.where("sent_at", "is not", null)
		.where("sent_at", "<", before)
		.executeTakeFirst();
	return Number(result.numDeletedRows);
}

// What the admin list reads: never text_body, html_body or link.
const LISTED_COLUMNS = [
	"id",
	"to_address",
	"subject",
	"kind",
	"attempts",
	"last_error",
	"created_at",
	"send_after",
	"sent_at",
	"failed_at",
] as const;

type ListedRow = Pick<
	Selectable<MailOutboxTable>,
	(typeof LISTED_COLUMNS)[number]
>;

function toOutboxMail({ to_address, ...row }: ListedRow): OutboxMail {
	const status: MailStatus = row.sent_at
		? "sent"
		: row.failed_at
			? "failed"
			: "pending";
	return { ...row, to: to_address, status, attempts: Number(row.attempts) };
}

/** Rows of a status; without one, the rows not sent (pending and failed). */
function mailOfStatus(db: Db, status: MailStatus | undefined) {
	const query = db.selectFrom("mail_outbox");
	if (status === "sent") return query.where("sent_at", "is not", null);
	if (status === "failed") return query.where("failed_at", "is not", null);
	const unsent = query.where("sent_at", "is", null);
	return status === "pending" ? unsent.where("failed_at", "is", null) : unsent;
}

/** Newest first. */
export async function findMailPage(
	db: Db,
	{
		status,
		offset,
		limit,
	}: { status: MailStatus | undefined; offset: number; limit: number },
): Promise<OutboxMail[]> {
	const rows = await mailOfStatus(db, status)
		.select(LISTED_COLUMNS)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toOutboxMail);
}

export async function countMail(
	db: Db,
	status: MailStatus | undefined,
): Promise<number> {
	const row = await mailOfStatus(db, status)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findMail(
	db: Db,
	id: string,
): Promise<OutboxMail | undefined> {
	const row = await db
		.selectFrom("mail_outbox")
		.select(LISTED_COLUMNS)
		.where("id", "=", id)
		.executeTakeFirst();
	return row && toOutboxMail(row);
}
