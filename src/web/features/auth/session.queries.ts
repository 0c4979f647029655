import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Me, MeSchema } from "../../../shared/accounts.schemas.ts";
import { ApiError, apiGet } from "../../lib/api-client.ts";

export const sessionKey = ["session", "me"] as const;

export type Session =
	| { status: "loading"; me: undefined }
	| { status: "signed-in"; me: Me }
	| { status: "signed-out"; me: undefined };

/** The signed-in account, or null when nobody is signed in (a 401 is an answer, not a failure). */
async function fetchMe(signal: AbortSignal): Promise<Me | null> {
	try {
		return await apiGet("/api/me", MeSchema, signal);
	} catch (error) {
		if (error instanceof ApiError && error.status === 401) return null;
		throw error;
	}
}

/** Who is signed in. Pages and the navigation bar read it; sign-in and sign-out refresh it. */
export function useSession(): Session {
	const query = useQuery({
		queryKey: sessionKey,
		queryFn: ({ signal }) => fetchMe(signal),
		staleTime: 60_000,
		// The navigation bar waits on this answer: one quick retry, not the usual three.
		retry: 1,
		retryDelay: 1000,
	});
	if (query.data) return { status: "signed-in", me: query.data };
	if (query.data === null || query.isError)
		return { status: "signed-out", me: undefined };
	return { status: "loading", me: undefined };
}

/** Re-reads the session after signing in or out, so every page sees the change at once. */
export function useRefreshSession(): () => Promise<void> {
	const queryClient = useQueryClient();
	return useCallback(async () => {
		await queryClient.invalidateQueries({ queryKey: sessionKey });
		await queryClient.refetchQueries({ queryKey: sessionKey });
	}, [queryClient]);
}
