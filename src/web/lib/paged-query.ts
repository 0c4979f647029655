import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type * as z from "zod/mini";
import type { Page } from "../../shared/paging.schemas.ts";
import { apiGet, type ResponseSchema } from "./api-client.ts";

/**
 * A paged API list read page by page ("show more"): `path` answers `?page=&page_size=` (and the
 * `filters`, such as a search's `q`) with a page the shared schema describes. `items` are the
 * loaded pages' items in order; an item that a newer addition pushed onto the next page is shown
 * once. The query key must name the filters.
 */
export function usePagedList<Item extends { id: string }>(
	queryKey: readonly unknown[],
	path: string,
	schema: ResponseSchema<z.ZodMiniType<Page<Item>>>,
	pageSize: number,
	filters: Record<string, string> = {},
) {
	const query = useInfiniteQuery({
		queryKey,
		queryFn: ({ pageParam, signal }) => {
			const params = new URLSearchParams({
				page: String(pageParam),
				page_size: String(pageSize),
				...filters,
			});
			return apiGet(`${path}?${params}`, schema, signal);
		},
		initialPageParam: 1,
		getNextPageParam: (last) =>
			last.page * last.page_size < last.total ? last.page + 1 : undefined,
	});
	const items = useMemo(() => {
		const seen = new Set<string>();
		return (query.data?.pages ?? [])
			.flatMap((page) => page.items)
			.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
	}, [query.data]);
	return { ...query, items };
}
