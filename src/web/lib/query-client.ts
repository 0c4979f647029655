import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The spec's cache rules: unused data is dropped after 5 minutes; a failed fetch is retried 3
 * times with a doubling delay capped at 30 s. A 4xx answer will not change on retry, so it is not
 * retried.
 */
export function createQueryClient(): QueryClient {
	return new QueryClient({
		defaultOptions: {
			queries: {
				gcTime: 5 * 60 * 1000,
				staleTime: 30 * 1000,
				retry: (failureCount, error) => {
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
}
