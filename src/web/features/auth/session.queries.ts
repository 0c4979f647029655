import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Me, SessionSchema } from "../../../shared/accounts.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";

export const sessionKey = ["session", "me"] as const;

export type Session =
	| { status: "loading"; me: undefined }
	| { status: "signed-in"; me: Me }
	| { status: "signed-out"; me: undefined };

/** The signed-in account, or null when nobody is signed in. */
async function fetchMe(signal: AbortSignal): Promise<Me | null> {
	return (await apiGet("/api/session", SessionSchema, signal)).me;
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
