import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
	type Portfolio,
	PortfolioSchema,
	type PortfolioSection,
} from "../../../shared/portfolio.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** The 'My Portfolio' content, as an admin last saved it (or the shop's own text). */
export function usePortfolio() {
	return useQuery({
		queryKey: queryKeys.portfolio.all,
		queryFn: ({ signal }) => apiGet("/api/portfolio", PortfolioSchema, signal),
		staleTime: 10 * 60 * 1000,
	});
}

/** Saves one section; the answer is the whole portfolio, kept as the new content. */
export function useSavePortfolioSection<S extends PortfolioSection>(
	section: S,
) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (content: Portfolio[S]) =>
			apiSend("PUT", `/api/portfolio/${section}`, { content }, PortfolioSchema),
		onSuccess: (portfolio) =>
			queryClient.setQueryData(queryKeys.portfolio.all, portfolio),
	});
}
