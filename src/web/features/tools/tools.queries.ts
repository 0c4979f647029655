import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { usePagedList } from "../../lib/paged-query.ts";

export const toolKeys = {
	latest: (pageSize: number) => ["tools", "latest", pageSize] as const,
};

export function useLatestTools(pageSize: number) {
	return usePagedList(
		toolKeys.latest(pageSize),
		"/api/tools",
		ToolPageSchema,
		pageSize,
	);
}
