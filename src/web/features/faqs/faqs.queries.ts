import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
	type FaqInput,
	FaqListSchema,
	FaqSchema,
} from "../../../shared/faqs.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

export function useFaqs() {
	return useQuery({
		queryKey: queryKeys.faqs.all,
		queryFn: ({ signal }) => apiGet("/api/faqs", FaqListSchema, signal),
		staleTime: 10 * 60 * 1000,
	});
}

const faqPath = (faqId: string) => `/api/faqs/${encodeURIComponent(faqId)}`;

/** Adding, editing, removing or reordering questions; the home page's list is read again after. */
export function useEditFaqs() {
	const queryClient = useQueryClient();
	const onSettled = () =>
		queryClient.invalidateQueries({ queryKey: queryKeys.faqs.all });
	return {
		add: useMutation({
			mutationFn: (input: FaqInput) =>
				apiSend("POST", "/api/faqs", input, FaqSchema),
			onSettled,
		}),
		edit: useMutation({
			mutationFn: ({ id, input }: { id: string; input: FaqInput }) =>
				apiSend("PUT", faqPath(id), input, FaqSchema),
			onSettled,
		}),
		remove: useMutation({
			mutationFn: (id: string) => apiSend("DELETE", faqPath(id), undefined),
			onSettled,
		}),
		reorder: useMutation({
			mutationFn: (ids: string[]) =>
				apiSend("PUT", "/api/faqs/order", { ids }, FaqListSchema),
			onSettled,
		}),
	};
}
