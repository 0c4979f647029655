import type { SqlBool } from "kysely";
import { sql } from "kysely";
import type {
	ReceivingPoint,
	ReceivingPointInput,
} from "../../../shared/receiving-points.schemas.ts";
import type { Db } from "../../platform/db/database.ts";

const pointColumns = ["id", "name", "address", "opening_hours"] as const;

function listedPoints(db: Db, contains: string | undefined) {
	let query = db.selectFrom("receiving_points").where("deleted_at", "is", null);
	if (contains) {
		const pattern = `%${contains.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
		query = query.where(
			sql<SqlBool>`(lower(name) like ${pattern} escape '\\' or lower(address) like ${pattern} escape '\\')`,
		);
	}
	return query;
}

/** Receiving points by name (then id), optionally those whose name or address contains text. */
export function findReceivingPointsPage(
	db: Db,
	contains: string | undefined,
	offset: number,
	limit: number,
): Promise<ReceivingPoint[]> {
	return listedPoints(db, contains)
		.select(pointColumns)
		.orderBy("name")
		.orderBy("id")
		.limit(limit)
		.offset(offset)
		.execute();
}

export async function countReceivingPoints(
	db: Db,
	contains?: string,
): Promise<number> {
	const row = await listedPoints(db, contains)
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

/** A receiving point that is not deleted. */
export function findReceivingPoint(
	db: Db,
	id: string,
): Promise<ReceivingPoint | undefined> {
	return db
		.selectFrom("receiving_points")
		.select(pointColumns)
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
}

export async function insertReceivingPoints(
	db: Db,
	points: (ReceivingPointInput & { id: string })[],
	at: string,
): Promise<void> {
	if (points.length === 0) return;
	await db
		.insertInto("receiving_points")
		.values(
			points.map((point) => ({
				...point,
				created_at: at,
				updated_at: at,
			})),
		)
		.execute();
}

export async function updateReceivingPoint(
	db: Db,
	id: string,
	input: ReceivingPointInput,
	at: string,
): Promise<boolean> {
	const result = await db
		.updateTable("receiving_points")
		.set({ ...input, updated_at: at })
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

export async function markReceivingPointDeleted(
	db: Db,
	id: string,
	at: string,
): Promise<boolean> {
	const result = await db
		.updateTable("receiving_points")
		.set({ deleted_at: at, updated_at: at })
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}
