import { useQuery } from "@tanstack/react-query";
import { FaqListSchema } from "../../../shared/faqs.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";

export function useFaqs() {
	return useQuery({
		queryKey: ["faqs"],
		queryFn: ({ signal }) => apiGet("/api/faqs", FaqListSchema, signal),
		staleTime: 10 * 60 * 1000,
	});
}
