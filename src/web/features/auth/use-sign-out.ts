import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { notify } from "../../lib/toast.ts";
import { sessionKey } from "./session.queries.ts";

/**
 * Signs out, forgets every answer loaded for the account and goes to the home page. The session
 * is set to signed-out at once rather than asked for again, so no page flashes a spinner.
 */
export function useSignOut(): {
	signOut: () => Promise<void>;
	isSigningOut: boolean;
} {
	const queryClient = useQueryClient();
	const navigate = useNavigate();
	const [isSigningOut, setIsSigningOut] = useState(false);

	const signOut = useCallback(async () => {
		setIsSigningOut(true);
		try {
			// Loaded on first use: the navigation bar is in the home page's first download.
			const { postAuth } = await import("../../lib/auth-client.ts");
			await postAuth("/sign-out");
		} catch (error) {
			setIsSigningOut(false);
			notify.error(
				`Error: ${error instanceof Error ? error.message : "We could not sign you out."}`,
			);
			return;
		}
		navigate("/");
		queryClient.removeQueries({
			predicate: (query) => query.queryKey[0] !== sessionKey[0],
		});
		queryClient.setQueryData(sessionKey, null);
		setIsSigningOut(false);
	}, [navigate, queryClient]);

	return { signOut, isSigningOut };
}
