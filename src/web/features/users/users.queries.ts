import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	USER_PAGE_SIZE,
	UserListItemSchema,
	UserPageSchema,
} from "../../../shared/accounts.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

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
	const readAgain = useReadAgain();
	return useMutation({
		mutationFn: (userId: string) =>
			apiSend(
				"POST",
				`/api/users/${encodeURIComponent(userId)}/admin`,
				undefined,
				UserListItemSchema,
			),
		onSuccess: () => readAgain(queryKeys.users.all),
	});
}

export function useRemoveUser() {
	const readAgain = useReadAgain();
	return useMutation({
		mutationFn: (userId: string) =>
			apiSend("DELETE", `/api/users/${encodeURIComponent(userId)}`, undefined),
		onSuccess: () => readAgain(queryKeys.users.all),
	});
}
