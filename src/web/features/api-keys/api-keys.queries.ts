import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
	API_KEYS_PAGE_SIZE,
	ApiKeyPageSchema,
	ApiKeySchema,
	CreatedApiKeySchema,
	type NewApiKeyInput,
} from "../../../shared/api-keys.schemas.ts";
import { apiGet, apiSend } from "../../lib/api-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useReadAgain } from "../../lib/read-again.ts";

const KEYS_PATH = "/api/admin/api-keys";
const revokePath = (keyId: string) =>
	`${KEYS_PATH}/${encodeURIComponent(keyId)}/revoke`;

/**
 * One numbered page of the shop's API keys, newest first, revoked ones included. Read again each
 * time the page is opened: other systems use the keys meanwhile, so "last used" moves on.
 */
export function useApiKeyPage(page: number) {
	return useQuery({
		queryKey: queryKeys.apiKeys.page(page),
		queryFn: ({ signal }) => {
			const params = new URLSearchParams({
				page: String(page),
				page_size: String(API_KEYS_PAGE_SIZE),
			});
			return apiGet(`${KEYS_PATH}?${params}`, ApiKeyPageSchema, signal);
		},
		staleTime: 0,
		placeholderData: keepPreviousData,
	});
}

/**
 * Making and revoking keys; every page of the list is read again after.
 *
 * The answer to making a key carries its secret, shown once: it is never put in the query cache
 * (the list is read again instead), and the mutation is dropped from the mutation cache as soon as
 * nothing watches it (`gcTime: 0`), so once the page lets go of it (`reset`) it is gone.
 */
export function useEditApiKeys() {
	const readAgain = useReadAgain();
	const onSettled = () => readAgain(queryKeys.apiKeys.all);
	return {
		create: useMutation({
			mutationFn: (input: NewApiKeyInput) =>
				apiSend("POST", KEYS_PATH, input, CreatedApiKeySchema),
			gcTime: 0,
			onSettled,
		}),
		revoke: useMutation({
			mutationFn: (keyId: string) =>
				apiSend("POST", revokePath(keyId), undefined, ApiKeySchema),
			onSettled,
		}),
	};
}
