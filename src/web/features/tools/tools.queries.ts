import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { ToolEditForm, ToolForm } from "../../../shared/tools.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { usePagedList } from "../../lib/paged-query.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

// The home page lists tools: the schemas (and zod) load beside its first request, not before.
const toolSchemas = () => import("../../../shared/tools.schemas.ts");
const toolSchema = () => toolSchemas().then((schemas) => schemas.ToolSchema);
const toolPageSchema = () =>
	toolSchemas().then((schemas) => schemas.ToolPageSchema);

const toolPath = (toolId: string) => `/api/tools/${encodeURIComponent(toolId)}`;

/** The newest tools, page by page; with `q`, only the tools that match it, best first. */
export function useLatestTools(pageSize: number, q = "") {
	return usePagedList(
		q ? queryKeys.tools.search(q, pageSize) : queryKeys.tools.latest(pageSize),
		"/api/tools",
		toolPageSchema,
		pageSize,
		q ? { q } : {},
	);
}

/** One numbered page of Manage Products; the last page stays on screen while the next loads. */
export function useToolsPage(page: number) {
	return useQuery({
		queryKey: queryKeys.tools.page(page),
		queryFn: async ({ signal }) => {
			const { MANAGE_TOOLS_PAGE_SIZE } = await toolSchemas();
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(MANAGE_TOOLS_PAGE_SIZE),
			});
			return apiGet(`/api/tools?${params}`, toolPageSchema, signal);
		},
		placeholderData: keepPreviousData,
	});
}

/** The listed tool at a public address (/tools/{slug}); a deleted one's answer is 410 GONE. */
export function useToolBySlug(slug: string) {
	return useQuery({
		queryKey: [...queryKeys.tools.all, "slug", slug],
		queryFn: ({ signal }) =>
			apiGet(
				`/api/tools/by-slug/${encodeURIComponent(slug)}`,
				toolSchema,
				signal,
			),
	});
}

export function useTool(toolId: string) {
	return useQuery({
		queryKey: queryKeys.tools.tool(toolId),
		queryFn: ({ signal }) => apiGet(toolPath(toolId), toolSchema, signal),
	});
}

/**
 * The tool as stored now, for its edit form: always read afresh, never from a cache, and not
 * read again behind the admin's back (a refetch would refill the form they are typing in).
 */
export function useToolToEdit(toolId: string) {
	return useQuery({
		queryKey: queryKeys.tools.edited(toolId),
		queryFn: ({ signal }) => apiGet(toolPath(toolId), toolSchema, signal),
		staleTime: 0,
		gcTime: 0,
		refetchOnWindowFocus: false,
		refetchOnReconnect: false,
	});
}

async function toMultipart(
	fields: Record<string, string>,
	image: File | undefined,
): Promise<FormData> {
	const { TOOL_IMAGE_FIELD } = await toolSchemas();
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	if (image) form.append(TOOL_IMAGE_FIELD, image);
	return form;
}

function useCatalogChange<Input, Output>(
	change: (input: Input) => Promise<Output>,
) {
	const readAgain = useReadAgain();
	return useMutation({
		mutationFn: change,
		onSuccess: () => readAgain(queryKeys.tools.all),
	});
}

export function useAddTool() {
	return useCatalogChange(
		async ({ fields, image }: { fields: ToolForm; image: File }) =>
			apiSend(
				"POST",
				"/api/tools",
				await toMultipart(fields, image),
				toolSchema,
			),
	);
}

/** Saves an edit made on `fields.version`; a newer save in between is a 409 CONFLICT. */
export function useEditTool() {
	return useCatalogChange(
		async ({
			toolId,
			fields,
			image,
		}: {
			toolId: string;
			fields: ToolEditForm;
			image: File | undefined;
		}) =>
			apiSend(
				"PUT",
				toolPath(toolId),
				await toMultipart(fields, image),
				toolSchema,
			),
	);
}

export function useDeleteTool() {
	return useCatalogChange((toolId: string) =>
		apiSend("DELETE", toolPath(toolId), undefined),
	);
}
