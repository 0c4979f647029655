import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type { Review } from "../../../shared/reviews.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { readPage } from "../../platform/db/paging.ts";
import { countReviews, findReviewsPage } from "./reviews.repository.ts";

export async function listReviews(
	db: Db,
	query: PageQuery,
): Promise<Page<Review>> {
	return readPage(
		query,
		(offset, limit) => findReviewsPage(db, offset, limit),
		() => countReviews(db),
	);
}
