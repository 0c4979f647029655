import { useInfiniteQuery } from "@tanstack/react-query";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";

export const toolKeys = {
  all: ["tools"] as const,
  latest: (pageSize: number) => ["tools", "latest", pageSize] as const,
};

export function useLatestTools(pageSize: number) {
  return useInfiniteQuery({
    queryKey: toolKeys.latest(pageSize),
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/api/tools?page=${pageParam}&page_size=${pageSize}`, ToolPageSchema, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}
