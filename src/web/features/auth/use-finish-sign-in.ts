import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useRefreshSession } from "./session.queries.ts";

/** After a successful sign-in or sign-up: every page learns who is signed in, then we go back. */
export function useFinishSignIn(returnPath: string): () => Promise<void> {
	const refreshSession = useRefreshSession();
	const navigate = useNavigate();
	return useCallback(async () => {
		await refreshSession();
		navigate(returnPath, { replace: true });
	}, [refreshSession, navigate, returnPath]);
}
