import type { Insertable } from "kysely";
import {
	type AuditDetails,
	AuditDetailsSchema,
	type AuditEvent,
	type AuditKind,
} from "../../../shared/audit.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { AuditEventsTable } from "../../platform/db/schema.ts";

export async function insertAuditEvent(
	db: Db,
	event: Insertable<AuditEventsTable>,
): Promise<void> {
	await db.insertInto("audit_events").values(event).execute();
}

/** Stored details are our own JSON; anything unreadable shows as no details rather than a 500. */
function parseDetails(text: string): AuditDetails {
	try {
		const parsed = AuditDetailsSchema.safeParse(JSON.parse(text));
		return parsed.success ? parsed.data : {};
	} catch {
		return {};
	}
}

/** Newest first: by the order the events were written in. */
export async function findAuditEventsPage(
	db: Db,
	{
		kind,
		offset,
		limit,
	}: { kind: AuditKind | undefined; offset: number; limit: number },
): Promise<AuditEvent[]> {
	let query = db.selectFrom("audit_events");
	if (kind) query = query.where("kind", "=", kind);
	const rows = await query
		.select([
			"id",
			"occurred_at",
			"kind",
			"actor_user_id",
			"actor_email",
			"subject_user_id",
			"subject_email",
			"address",
			"details",
		])
		.orderBy("seq", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map((row) => ({
		...row,
		details: parseDetails(row.details),
	}));
}

export async function countAuditEvents(
	db: Db,
	kind: AuditKind | undefined,
): Promise<number> {
	let query = db.selectFrom("audit_events");
	if (kind) query = query.where("kind", "=", kind);
	const row = await query
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}
