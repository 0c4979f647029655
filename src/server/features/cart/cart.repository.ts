import type { Db } from "../../platform/db/database.ts";
import { isPostgres } from "../../platform/db/database.ts";

export type StoredCartLine = { tool_id: string; quantity: number };

/** A customer's cart lines, in the order they were added. */
export function findCartLines(
	db: Db,
	userId: string,
): Promise<StoredCartLine[]> {
	return db
		.selectFrom("cart_lines")
		.select(["tool_id", "quantity"])
		.where("user_id", "=", userId)
		.orderBy("added_at")
		.orderBy("tool_id")
		.execute();
}

/**
 * Holds the customer's account row until the transaction ends, so that two changes of one cart
 * at once count its lines one after the other (PostgreSQL; SQLite has one writer anyway).
 */
export async function lockCartOwner(db: Db, userId: string): Promise<void> {
	if (!isPostgres(db)) return;
	await db
		.selectFrom("users")
		.select("id")
		.where("id", "=", userId)
		.forNoKeyUpdate()
		.execute();
}

/** Sets a line's quantity, adding the line when the cart has none for the tool. */
export async function upsertCartLine(
	db: Db,
	userId: string,
	line: StoredCartLine,
	at: string,
): Promise<void> {
	await db
		.insertInto("cart_lines")
		.values({ user_id: userId, ...line, added_at: at })
		.onConflict((conflict) =>
			conflict
				.columns(["user_id", "tool_id"])
				.doUpdateSet({ quantity: line.quantity }),
		)
		.execute();
}

export async function deleteCartLines(
	db: Db,
	userId: string,
	toolIds?: readonly string[],
): Promise<void> {
	if (toolIds?.length === 0) return;
	let query = db.deleteFrom("cart_lines").where("user_id", "=", userId);
	if (toolIds) query = query.where("tool_id", "in", toolIds);
	await query.execute();
}
