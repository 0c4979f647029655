import { sql } from "kysely";
import { FAQ_MAX_COUNT, type Faq } from "../../../shared/faqs.schemas.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type { FaqsTable } from "../../platform/db/schema.ts";

/** The questions in order; never more than FAQ_MAX_COUNT, whatever the table holds. */
export async function findAllFaqs(db: Db): Promise<Faq[]> {
	return db
		.selectFrom("faqs")
		.select(["id", "question", "answer"])
		.orderBy("position")
		.orderBy("id")
		.limit(FAQ_MAX_COUNT)
		.execute();
}

export async function countFaqs(db: Db): Promise<number> {
	const row = await db
		.selectFrom("faqs")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/**
 * Makes concurrent writers of questions wait for this transaction to end, so that two admins
 * adding a question at once cannot both pass the count check (or take the same position). Only on
 * PostgreSQL, behind a dialect check: SQLite runs one write transaction at a time anyway. Readers
 * are not blocked.
 */
export async function lockFaqsForAdding(db: Db): Promise<void> {
	if (isPostgres(db))
		await sql`lock table faqs in share row exclusive mode`.execute(db);
}

export async function findFaq(db: Db, id: string): Promise<Faq | undefined> {
	return db
		.selectFrom("faqs")
		.select(["id", "question", "answer"])
		.where("id", "=", id)
		.executeTakeFirst();
}

export async function insertFaqs(db: Db, faqs: FaqsTable[]): Promise<void> {
	if (faqs.length === 0) return;
	await db.insertInto("faqs").values(faqs).execute();
}

/** The position after the last question (0 when there is none). */
export async function nextFaqPosition(db: Db): Promise<number> {
	const row = await db
		.selectFrom("faqs")
		.select((eb) => eb.fn.max<number | null>("position").as("last"))
		.executeTakeFirst();
	return row?.last === null || row?.last === undefined
		? 0
		: Number(row.last) + 1;
}

export async function updateFaq(
	db: Db,
	id: string,
	changes: Pick<FaqsTable, "question" | "answer">,
): Promise<boolean> {
	const result = await db
		.updateTable("faqs")
		.set(changes)
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numUpdatedRows) > 0;
}

export async function deleteFaq(db: Db, id: string): Promise<boolean> {
	const result = await db
		.deleteFrom("faqs")
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numDeletedRows) > 0;
}

export async function setFaqPosition(
	db: Db,
	id: string,
	position: number,
): Promise<void> {
	await db.updateTable("faqs").set({ position }).where("id", "=", id).execute();
}
