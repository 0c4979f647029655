import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type { Review } from "../../../shared/reviews.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import { countReviews, findReviewsPage } from "./reviews.repository.ts";

export async function listReviews(db: Db, query: PageQuery): Promise<Page<Review>> {
  const [items, total] = await Promise.all([
    findReviewsPage(db, (query.page - 1) * query.page_size, query.page_size),
    countReviews(db),
  ]);
  return { items, page: query.page, page_size: query.page_size, total };
}
