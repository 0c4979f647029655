import type { Insertable, Selectable } from "kysely";
import type { QuoteStatus } from "../../../shared/quotes.schemas.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type { QuotesTable } from "../../platform/db/schema.ts";

/** A quote as stored: its status is the one written, never "lapsed". */
export type StoredQuote = Selectable<QuotesTable>;

/** Which quotes a list shows: one customer's, one status's (lapsed included), or all. */
export type QuoteFilter = {
	userId?: string;
	status?: QuoteStatus;
	/** Today (UTC, YYYY-MM-DD): an answered quote valid until before it has lapsed. */
	today: string;
};

function filteredQuotes(db: Db, { userId, status, today }: QuoteFilter) {
	let query = db.selectFrom("quotes");
	if (userId !== undefined) query = query.where("user_id", "=", userId);
	if (status === "lapsed")
		query = query
			.where("status", "=", "answered")
			.where("valid_until", "<", today);
	else if (status === "answered")
		query = query
			.where("status", "=", "answered")
			.where("valid_until", ">=", today);
	else if (status !== undefined) query = query.where("status", "=", status);
	return query;
}

export async function insertQuote(
	db: Db,
	row: Insertable<QuotesTable>,
): Promise<StoredQuote> {
	return db
		.insertInto("quotes")
		.values(row)
		.returningAll()
		.executeTakeFirstOrThrow();
}

export async function findQuote(
	db: Db,
	id: string,
): Promise<StoredQuote | undefined> {
	return db
		.selectFrom("quotes")
		.selectAll()
		.where("id", "=", id)
		.executeTakeFirst();
}

/** Newest first; the id breaks ties so that pages never repeat or skip a quote. */
export async function findQuotesPage(
	db: Db,
	filter: QuoteFilter,
	offset: number,
	limit: number,
): Promise<StoredQuote[]> {
	return filteredQuotes(db, filter)
		.selectAll()
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
}

export async function countQuotes(
	db: Db,
	filter: QuoteFilter,
): Promise<number> {
	const row = await filteredQuotes(db, filter)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** The customer's open requests: asked and not answered yet, or answered and still valid. */
export async function countOpenQuotes(
	db: Db,
	userId: string,
	today: string,
): Promise<number> {
	const row = await db
		.selectFrom("quotes")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("user_id", "=", userId)
		.where((eb) =>
			eb.or([
				eb("status", "=", "requested"),
				eb.and([eb("status", "=", "answered"), eb("valid_until", ">=", today)]),
			]),
		)
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/**
 * Locks the customer's account row until the transaction ends, so two requests of one customer
 * at once are counted against the bound one after the other, even on two instances. Only on
 * PostgreSQL: SQLite runs one write transaction at a time.
 */
export async function lockQuoteCustomer(db: Db, userId: string): Promise<void> {
	if (!isPostgres(db)) return;
	await db
		.selectFrom("users")
		.select("id")
		.where("id", "=", userId)
		.forNoKeyUpdate()
		.execute();
}

/** The states an admin may still answer or decline, and a customer withdraw. */
const OPEN_STATUSES = ["requested", "answered"] as const;

/** Writes the shop's answer to a quote still open; undefined when it no longer is. */
export async function answerQuoteRow(
	db: Db,
	id: string,
	answer: {
		unit_price_cents: number;
		valid_until: string;
		admin_note: string | null;
		answered_at: string;
		answered_by_email: string;
	},
): Promise<StoredQuote | undefined> {
	return db
		.updateTable("quotes")
		.set({ ...answer, status: "answered", updated_at: answer.answered_at })
		.where("id", "=", id)
		.where("status", "in", OPEN_STATUSES)
		.where("user_id", "is not", null)
		.returningAll()
		.executeTakeFirst();
}

/** Declines a quote still open; undefined when it no longer is. */
export async function declineQuoteRow(
	db: Db,
	id: string,
	decline: { admin_note: string | null; at: string; by_email: string },
): Promise<StoredQuote | undefined> {
	return db
		.updateTable("quotes")
		.set({
			status: "declined",
			admin_note: decline.admin_note,
			answered_at: decline.at,
			answered_by_email: decline.by_email,
			updated_at: decline.at,
		})
		.where("id", "=", id)
		.where("status", "in", OPEN_STATUSES)
		.returningAll()
		.executeTakeFirst();
}

/** The customer withdraws one of their quotes still open; undefined when it is not that. */
export async function withdrawQuoteRow(
	db: Db,
	id: string,
	userId: string,
	at: string,
): Promise<StoredQuote | undefined> {
	return db
		.updateTable("quotes")
		.set({ status: "withdrawn", updated_at: at })
		.where("id", "=", id)
		.where("user_id", "=", userId)
		.where("status", "in", OPEN_STATUSES)
		.returningAll()
		.executeTakeFirst();
}

/**
 * Marks the customer's answered quote accepted as `orderId`, only while it is the answer they
 * saw (`answeredAt`) and still valid today; false when any of that no longer holds.
 */
export async function acceptQuoteRow(
	db: Db,
	{
		id,
		userId,
		answeredAt,
		today,
		orderId,
		at,
	}: {
		id: string;
		userId: string;
		answeredAt: string;
		today: string;
		orderId: string;
		at: string;
	},
): Promise<boolean> {
	const result = await db
		.updateTable("quotes")
		.set({
			status: "accepted",
			order_id: orderId,
			accepted_at: at,
			updated_at: at,
		})
		.where("id", "=", id)
		.where("user_id", "=", userId)
		.where("status", "=", "answered")
		.where("answered_at", "=", answeredAt)
		.where("valid_until", ">=", today)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) === 1;
}
