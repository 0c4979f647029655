import {
	keepPreviousData,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import {
	USER_PAGE_SIZE,
	UserListItemSchema,
	UserPageSchema,
} from "../../../shared/accounts.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";

export function useUserPage(page: number, search: string) {
	return useQuery({
		queryKey: queryKeys.users.page(page, search),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(USER_PAGE_SIZE),
			});
			if (search) params.set("q", search);
			return apiGet(`/api/users?${params}`, UserPageSchema, signal);
		},
		placeholderData: keepPreviousData,
	});
}

export function useMakeAdmin() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (userId: string) =>
			apiSend(
				"POST",
				`/api/users/${encodeURIComponent(userId)}/admin`,
				undefined,
				UserListItemSchema,
			),
		onSuccess: () =>
			queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
	});
}

export function useRemoveUser() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (userId: string) =>
			apiSend("DELETE", `/api/users/${encodeURIComponent(userId)}`, undefined),
		onSuccess: () =>
			queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
	});
}
