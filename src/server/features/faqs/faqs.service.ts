import type { Faq } from "../../../shared/faqs.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { findAllFaqs } from "./faqs.repository.ts";

export async function listFaqs(db: Db): Promise<{ items: Faq[] }> {
	return { items: await findAllFaqs(db) };
}
