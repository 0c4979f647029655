import {
	MutationCache,
	QueryCache,
	QueryClient,
	type QueryKey,
} from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Told of every 401 any query or mutation meets, with the key of the query that met it (none for
 * a mutation): the one place that decides what an ended session means for the pages.
 */
export type OnUnauthorized = (
	queryClient: QueryClient,
	refusedQueryKey: QueryKey | undefined,
) => void;

const isUnauthorized = (error: unknown) =>
	error instanceof ApiError && error.status === 401;

/**
 * The spec's cache rules: unused data is dropped after 5 minutes; a failed fetch is retried 3
 * times with a doubling delay capped at 30 s. A 4xx answer will not change on retry, so it is not
 * retried; nor is a time-out, which has already kept the page waiting 15 s (its error offers
 * "Try again").
 */
export function createQueryClient({
	onUnauthorized,
}: {
	onUnauthorized?: OnUnauthorized;
} = {}): QueryClient {
	const queryClient: QueryClient = new QueryClient({
		queryCache: new QueryCache({
			onError: (error, query) => {
				if (isUnauthorized(error))
					onUnauthorized?.(queryClient, query.queryKey);
			},
		}),
		mutationCache: new MutationCache({
			onError: (error) => {
				if (isUnauthorized(error)) onUnauthorized?.(queryClient, undefined);
			},
		}),
		defaultOptions: {
			queries: {
				gcTime: 5 * 60 * 1000,
				staleTime: 30 * 1000,
				retry: (failureCount, error) => {
					if (error instanceof ApiError && error.code === "TIMEOUT")
						return false;
					if (
						error instanceof ApiError &&
						error.status >= 400 &&
						error.status < 500
					)
						return false;
					return failureCount < MAX_RETRIES;
				},
				retryDelay: (attempt) =>
					Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
			},
		},
	});
	return queryClient;
}
