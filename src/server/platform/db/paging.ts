import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";

/** One page of a list: the rows of the page and the total count, read side by side. */
export async function readPage<T>(
	query: PageQuery,
	findRows: (offset: number, limit: number) => Promise<T[]>,
	countRows: () => Promise<number>,
): Promise<Page<T>> {
	const [items, total] = await Promise.all([
		findRows((query.page - 1) * query.page_size, query.page_size),
		countRows(),
	]);
	return { items, page: query.page, page_size: query.page_size, total };
}
