import {
	type QueryClient,
	type QueryKey,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import type { Me } from "../../../shared/session.schemas.ts";
import { apiGet } from "../../lib/api-client.ts";
import { useHasPainted } from "../../lib/first-paint.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { readAgain } from "../../lib/read-again.ts";

export const sessionKey = queryKeys.session.me;

/**
 * Who is signed in, as far as the page knows. "error": the session could not be read (offline,
 * no answer in time): nobody is shown as signed out for it, and `retry` asks again.
 */
export type Session =
	| { status: "loading"; me: undefined }
	| { status: "signed-in"; me: Me }
	| { status: "signed-out"; me: undefined }
	| { status: "error"; me: undefined; error: Error; retry: () => void };

/** Every page's navigation bar asks this first: its schema loads beside the request. */
const sessionSchema = () =>
	import("../../../shared/session.schemas.ts").then(
		(schemas) => schemas.SessionSchema,
	);

/** The signed-in account, or null when nobody is signed in. */
async function fetchMe(signal: AbortSignal): Promise<Me | null> {
	return (await apiGet("/api/session", sessionSchema, signal)).me;
}

/** Who is signed in. Pages and the navigation bar read it; sign-in and sign-out refresh it. */
export function useSession(): Session {
	const query = useQuery({
		queryKey: sessionKey,
		queryFn: ({ signal }) => fetchMe(signal),
		// Asked right after the first paint: the page shows before the account is known.
		enabled: useHasPainted(),
		staleTime: 60_000,
		// The navigation bar waits on this answer: one quick retry, not the usual three.
		retry: 1,
		retryDelay: 1000,
	});
	const { refetch } = query;
	const retry = useCallback(() => void refetch(), [refetch]);
	// A later read that fails keeps the answer already known: signed in stays signed in.
	if (query.data) return { status: "signed-in", me: query.data };
	if (query.data === null) return { status: "signed-out", me: undefined };
	if (query.isError)
		return { status: "error", me: undefined, error: query.error, retry };
	return { status: "loading", me: undefined };
}

/** Re-reads the session after signing in or out, so every page sees the change at once. */
export function useRefreshSession(): () => Promise<void> {
	const queryClient = useQueryClient();
	return useCallback(async () => {
		await readAgain(queryClient, sessionKey);
		await queryClient.refetchQueries({ queryKey: sessionKey });
	}, [queryClient]);
}

/**
 * After the API refused a call with 401 while the page believed someone signed in: reads the
 * session again and, if it has ended (signed out elsewhere, expired, revoked), marks it signed out
 * and forgets every answer loaded for the account. The protected page then sends the user to
 * /login with its own address, and signing in brings them back (RequireSession).
 */
export async function recheckSessionAfterRefusal(
	queryClient: QueryClient,
	refusedQueryKey: QueryKey | undefined,
): Promise<void> {
	if (refusedQueryKey?.[0] === sessionKey[0]) return;
	if (!queryClient.getQueryData<Me | null>(sessionKey)) return;
	let me: Me | null;
	try {
		me = await queryClient.fetchQuery({
			queryKey: sessionKey,
			queryFn: ({ signal }) => fetchMe(signal),
			staleTime: 0,
			retry: false,
		});
	} catch {
		// The session could not be read: the refused call shows its own error and "Try again".
		return;
	}
	if (me) return;
	queryClient.removeQueries({
		predicate: (query) => query.queryKey[0] !== sessionKey[0],
	});
}
