import {
	type QueryClient,
	type QueryKey,
	useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Reads again, after a change the shop has answered, every answer kept under these keys, so a
 * page never goes on showing what the change replaced.
 *
 * `invalidateQueries` alone is not enough: a query still waiting for its first answer (a list
 * just filtered, whose earlier answer shows meanwhile) keeps that request, and it may have been
 * read before the change. Such requests are cancelled first; then every query under the keys is
 * marked stale and those on screen are asked again.
 */
export async function readAgain(
	queryClient: QueryClient,
	...queryKeys: QueryKey[]
): Promise<void> {
	await Promise.all(
		queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })),
	);
	await Promise.all(
		queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
	);
}

/** `readAgain` bound to the page's query client. */
export function useReadAgain(): (...queryKeys: QueryKey[]) => Promise<void> {
	const queryClient = useQueryClient();
	return useCallback(
		(...queryKeys: QueryKey[]) => readAgain(queryClient, ...queryKeys),
		[queryClient],
	);
}
