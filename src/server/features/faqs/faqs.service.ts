import { randomUUID } from "node:crypto";
import {
	FAQ_MAX_COUNT,
	type Faq,
	type FaqInput,
	type FaqOrder,
} from "../../../shared/faqs.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import {
	ConflictError,
	NotFoundError,
	ValidationError,
} from "../../platform/http/errors.ts";
import {
	countFaqs,
	deleteFaq,
	findAllFaqs,
	insertFaqs,
	lockFaqsForAdding,
	nextFaqPosition,
	setFaqPosition,
	updateFaq,
} from "./faqs.repository.ts";

const FAQ_NOT_FOUND = "Question not found";

export async function listFaqs(db: Db): Promise<{ items: Faq[] }> {
	return { items: await findAllFaqs(db) };
}

/** Adds a question after the last one, while there are fewer than FAQ_MAX_COUNT. */
export async function addFaq(db: Db, input: FaqInput): Promise<Faq> {
	const id = randomUUID();
	await db.transaction().execute(async (trx) => {
		await lockFaqsForAdding(trx);
		if ((await countFaqs(trx)) >= FAQ_MAX_COUNT)
			throw new ConflictError(
				`There can be at most ${FAQ_MAX_COUNT} questions: remove one before adding another`,
			);
		await insertFaqs(trx, [
			{ id, position: await nextFaqPosition(trx), ...input },
		]);
	});
	return { id, ...input };
}

export async function editFaq(
	db: Db,
	id: string,
	input: FaqInput,
): Promise<Faq> {
	if (!(await updateFaq(db, id, input))) throw new NotFoundError(FAQ_NOT_FOUND);
	return { id, ...input };
}

export async function removeFaq(db: Db, id: string): Promise<void> {
	if (!(await deleteFaq(db, id))) throw new NotFoundError(FAQ_NOT_FOUND);
}

/**
 * Puts the questions in the order given. The list must name every question once, so an order
 * made from an out-of-date list (a question added or removed meanwhile) is refused, not guessed.
 */
export async function reorderFaqs(
	db: Db,
	{ ids }: FaqOrder,
): Promise<{ items: Faq[] }> {
	return db.transaction().execute(async (trx) => {
		const current = await findAllFaqs(trx);
		const known = new Set(current.map((faq) => faq.id));
		const given = new Set(ids);
		if (
			given.size !== ids.length ||
			given.size !== known.size ||
			ids.some((id) => !known.has(id))
		)
			throw new ValidationError(
				"The order must list every question once; reload and try again",
				[{ field: "ids", message: "List every question once" }],
			);
		for (const [position, id] of ids.entries())
			await setFaqPosition(trx, id, position);
		return { items: await findAllFaqs(trx) };
	});
}

/** The Favorite Questions' use cases on one database, as app.ts hands them to the routes. */
export function createFaqUseCases(db: Db) {
	return {
		listFaqs: () => listFaqs(db),
		addFaq: (input: FaqInput) => addFaq(db, input),
		editFaq: (id: string, input: FaqInput) => editFaq(db, id, input),
		removeFaq: (id: string) => removeFaq(db, id),
		reorderFaqs: (order: FaqOrder) => reorderFaqs(db, order),
	};
}

export type FaqUseCases = ReturnType<typeof createFaqUseCases>;
