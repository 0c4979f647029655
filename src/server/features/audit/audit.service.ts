import type {
	AuditDetails,
	AuditEvent,
	AuditEventQuery,
	AuditKind,
} from "../../../shared/audit.schemas.ts";
import type { Page } from "../../../shared/paging.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { timeOrderedId } from "../../platform/time-ordered-id.ts";
import {
	countAuditEvents,
	findAuditEventsPage,
	insertAuditEvent,
} from "./audit.repository.ts";

/** An account as the log names it: its id and its email at the time. */
export type AuditParty = { id: string; email: string };

export type AuditEventInput = {
	kind: AuditKind;
	/** Who did it; null or left out for the shell command and the system itself. */
	actor?: AuditParty | null;
	/** Whose account it was done to, when it was done to one. */
	subject?: AuditParty | null;
	/** The client address as the server saw it (`request.ip`), stored as given. */
	address?: string | null;
	/** A few short facts, such as `{ via: "shell" }`; cut to fit the log (toDetailsText). */
	details?: AuditDetails;
};

// The column's CHECK allows 1000 characters of JSON.
const DETAILS_MAX_LENGTH = 1000;
const DETAIL_KEYS_MAX = 10;
const DETAIL_KEY_MAX_LENGTH = 40;
const DETAIL_TEXT_MAX_LENGTH = 200;
// The column's width: an address longer than this is not one Fastify works out.
const ADDRESS_MAX_LENGTH = 100;

type DetailValue = AuditDetails[string];

function boundDetailValue(value: DetailValue): DetailValue {
	if (typeof value === "string") return value.slice(0, DETAIL_TEXT_MAX_LENGTH);
	// JSON has no NaN or Infinity: kept as text rather than turned into null.
	if (typeof value === "number" && !Number.isFinite(value))
		return String(value);
	return value;
}

/**
 * Details as JSON text within the column's bound: long text is cut, and entries that would not
 * fit are left out, so a log entry never fails the change it records.
 */
function toDetailsText(details: AuditDetails = {}): string {
	const kept: AuditDetails = {};
	let text = "{}";
	const entries = Object.entries(details).slice(0, DETAIL_KEYS_MAX);
	for (const [key, value] of entries) {
		kept[key.slice(0, DETAIL_KEY_MAX_LENGTH)] = boundDetailValue(value);
		const next = JSON.stringify(kept);
		if (next.length > DETAILS_MAX_LENGTH) break;
		text = next;
	}
	return text;
}

/**
 * Adds one event to the security log. Pass the transaction of the change it records, so the change
 * and its record are kept or undone together; a plain `db` writes it on its own.
 *
 * ```ts
 * await recordAuditEvent(trx, {
 *   kind: "admin.granted",
 *   actor: { id: viewer.id, email: viewer.email },
 *   subject: { id: account.id, email: account.email },
 *   address: request.ip,
 *   details: { via: "dashboard" },
 * });
 * ```
 */
export async function recordAuditEvent(
	db: Db,
	event: AuditEventInput,
): Promise<void> {
	await insertAuditEvent(db, {
		id: timeOrderedId(),
		occurred_at: new Date().toISOString(),
		kind: event.kind,
		actor_user_id: event.actor?.id ?? null,
		actor_email: event.actor?.email ?? null,
		subject_user_id: event.subject?.id ?? null,
		subject_email: event.subject?.email ?? null,
		address: event.address?.slice(0, ADDRESS_MAX_LENGTH) ?? null,
		details: toDetailsText(event.details),
	});
}

/**
 * Records that an account turned two-factor sign-in on or off, as its own doing. Called once the
 * auth library has answered `/two-factor/enable` or `/two-factor/disable` with a success.
 */
export function recordTwoFactorChange(
	db: Db,
	{
		user,
		isEnabled,
		address,
	}: { user: AuditParty; isEnabled: boolean; address: string | null },
): Promise<void> {
	return recordAuditEvent(db, {
		kind: isEnabled ? "two_factor.enabled" : "two_factor.disabled",
		actor: user,
		subject: user,
		address,
	});
}

/** The security log, newest first, optionally of one kind only. */
export function listAuditEvents(
	db: Db,
	query: AuditEventQuery,
): Promise<Page<AuditEvent>> {
	return readPage(
		query,
		(offset, limit) =>
			findAuditEventsPage(db, { kind: query.kind, offset, limit }),
		() => countAuditEvents(db, query.kind),
	);
}

/** The security log's use cases for the API, as app.ts hands them to the routes. */
export function createAuditUseCases(db: Db) {
	return {
		listAuditEvents: (query: AuditEventQuery) => listAuditEvents(db, query),
	};
}

export type AuditUseCases = ReturnType<typeof createAuditUseCases>;
