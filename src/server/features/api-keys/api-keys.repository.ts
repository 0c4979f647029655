import type { ApiKey, ApiKeyScope } from "../../../shared/api-keys.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { ApiKeysTable } from "../../platform/db/schema.ts";

const keyColumns = [
	"id",
	"name",
	"scopes",
	"prefix",
	"created_at",
	"created_by_email",
	"last_used_at",
	"revoked_at",
] as const;

type KeyRow = Pick<ApiKeysTable, (typeof keyColumns)[number]>;

function toApiKey({ scopes, ...row }: KeyRow): ApiKey {
	return { ...row, scopes: JSON.parse(scopes) as ApiKeyScope[] };
}

export async function insertApiKey(
	db: Db,
	key: Omit<ApiKeysTable, "last_used_at" | "revoked_at">,
): Promise<void> {
	await db
		.insertInto("api_keys")
		.values({ ...key, last_used_at: null, revoked_at: null })
		.execute();
}

/** The keys, newest first. */
export async function findApiKeysPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<ApiKey[]> {
	const rows = await db
		.selectFrom("api_keys")
		.select(keyColumns)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toApiKey);
}

export async function countApiKeys(
	db: Db,
	{ isActive }: { isActive?: boolean } = {},
): Promise<number> {
	let query = db
		.selectFrom("api_keys")
		.select((eb) => eb.fn.countAll<number | string>().as("count"));
	if (isActive) query = query.where("revoked_at", "is", null);
	const row = await query.executeTakeFirstOrThrow();
	return Number(row.count);
}

export async function findApiKey(
	db: Db,
	id: string,
): Promise<ApiKey | undefined> {
	const row = await db
		.selectFrom("api_keys")
		.select(keyColumns)
		.where("id", "=", id)
		.executeTakeFirst();
	return row && toApiKey(row);
}

/** Revokes a key that is not revoked yet; whether it did. */
export async function markApiKeyRevoked(
	db: Db,
	id: string,
	at: string,
): Promise<boolean> {
	const result = await db
		.updateTable("api_keys")
		.set({ revoked_at: at })
		.where("id", "=", id)
		.where("revoked_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}
