import type { Faq } from "../../../shared/faqs.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { FaqsTable } from "../../platform/db/schema.ts";

export async function findAllFaqs(db: Db): Promise<Faq[]> {
	return db
		.selectFrom("faqs")
		.select(["id", "question", "answer"])
		.orderBy("position")
		.execute();
}

export async function insertFaqs(db: Db, faqs: FaqsTable[]): Promise<void> {
	if (faqs.length === 0) return;
	await db.insertInto("faqs").values(faqs).execute();
}
