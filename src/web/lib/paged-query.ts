import { useInfiniteQuery } from "@tanstack/react-query";
import type * as z from "zod/mini";
import type { Page } from "../../shared/paging.schemas.ts";
import { apiGet } from "./api-client.ts";

/**
 * A paged API list read page by page ("show more"): `path` answers `?page=&page_size=` with a
 * page the shared schema describes.
 */
export function usePagedList<T extends z.ZodMiniType<Page<unknown>>>(
  queryKey: readonly unknown[],
  path: string,
  schema: T,
  pageSize: number,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiGet(`${path}?page=${pageParam}&page_size=${pageSize}`, schema, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page<unknown>) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}
