import { useMutation, useQuery } from "@tanstack/react-query";
import type { FaqInput } from "../../../shared/faqs.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

// The home page lists the questions: the schemas (and zod) load beside its request.
const faqSchemas = () => import("../../../shared/faqs.schemas.ts");
const faqListSchema = () =>
	faqSchemas().then((schemas) => schemas.FaqListSchema);
const faqSchema = () => faqSchemas().then((schemas) => schemas.FaqSchema);

export function useFaqs() {
	return useQuery({
		queryKey: queryKeys.faqs.all,
		queryFn: ({ signal }) => apiGet("/api/faqs", faqListSchema, signal),
		staleTime: 10 * 60 * 1000,
	});
}

const faqPath = (faqId: string) => `/api/faqs/${encodeURIComponent(faqId)}`;

/** Adding, editing, removing or reordering questions; the home page's list is read again after. */
export function useEditFaqs() {
	const readAgain = useReadAgain();
	const onSettled = () => readAgain(queryKeys.faqs.all);
	return {
		add: useMutation({
			mutationFn: (input: FaqInput) =>
				apiSend("POST", "/api/faqs", input, faqSchema),
			onSettled,
		}),
		edit: useMutation({
			mutationFn: ({ id, input }: { id: string; input: FaqInput }) =>
				apiSend("PUT", faqPath(id), input, faqSchema),
			onSettled,
		}),
		remove: useMutation({
			mutationFn: (id: string) => apiSend("DELETE", faqPath(id), undefined),
			onSettled,
		}),
		reorder: useMutation({
			mutationFn: (ids: string[]) =>
				apiSend("PUT", "/api/faqs/order", { ids }, faqListSchema),
			onSettled,
		}),
	};
}
