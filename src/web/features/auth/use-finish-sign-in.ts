import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { mergeBrowserCart } from "../../lib/browser-cart.ts";
import { failureReason, notify } from "../../lib/toast.ts";
import { useRefreshSession } from "./session.queries.ts";

/**
 * After a successful sign-in or sign-up: the cart filled before signing in joins the account's
 * cart, every page learns who is signed in, then we go back. A cart that could not be handed
 * over stays in the browser and is offered again at the next sign-in; signing in goes on.
 */
export function useFinishSignIn(returnPath: string): () => Promise<void> {
	const queryClient = useQueryClient();
	const refreshSession = useRefreshSession();
	const navigate = useNavigate();
	return useCallback(async () => {
		try {
			await mergeBrowserCart(queryClient);
		} catch (error) {
			notify.error(
				`The tools you put in your cart could not be added to your account's cart${failureReason(error)}`,
			);
		}
		await refreshSession();
		navigate(returnPath, { replace: true });
	}, [queryClient, refreshSession, navigate, returnPath]);
}
