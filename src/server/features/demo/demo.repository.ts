import type { Db } from "../../platform/db/database.ts";

/**
 * Empty means no demo content at all: a shop with only some of its tables filled is never topped
 * up. The 'Favorite Questions' do not count: every shop has its own from the first start.
 */
export async function isContentEmpty(db: Db): Promise<boolean> {
	for (const table of ["tools", "reviews", "blog_posts"] as const) {
		if (await db.selectFrom(table).select("id").limit(1).executeTakeFirst())
			return false;
	}
	return true;
}
