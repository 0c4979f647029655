import type { Db } from "../../platform/db/database.ts";
import type { ContentSectionsTable } from "../../platform/db/schema.ts";

/** The stored bodies of the sections named by `keys`; a section never saved has no row. */
export async function findContentSections(
	db: Db,
	keys: readonly string[],
): Promise<{ key: string; body: string }[]> {
	return db
		.selectFrom("content_sections")
		.select(["key", "body"])
		.where("key", "in", [...keys])
		.execute();
}

/** Stores a section's body, replacing the one saved before. */
export async function upsertContentSection(
	db: Db,
	row: ContentSectionsTable,
): Promise<void> {
	await db
		.insertInto("content_sections")
		.values(row)
		.onConflict((conflict) =>
			conflict.column("key").doUpdateSet({
				body: row.body,
				updated_at: row.updated_at,
				updated_by_email: row.updated_by_email,
			}),
		)
		.execute();
}
