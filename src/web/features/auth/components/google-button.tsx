import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SignInOptionsSchema } from "../../../../shared/accounts.schemas.ts";
import { describeError } from "../../../components/ui/form-error.tsx";
import { apiGet } from "../../../lib/api-client.ts";
import { postAuth } from "../../../lib/auth-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const signInOptionsQuery = queryOptions({
	queryKey: queryKeys.signInOptions.all,
	queryFn: ({ signal }) =>
		apiGet("/api/sign-in-options", SignInOptionsSchema, signal),
	staleTime: Number.POSITIVE_INFINITY,
});

type SocialSignIn = { url: string; redirect: boolean };

/**
 * 'CONTINUE WITH GOOGLE': leaves for Google and comes back to `callbackPath` (or to /login with
 * `?error=` when it fails). A shop without Google sign-in still shows the button, and explains.
 */
export function GoogleButton({
	callbackPath,
	onError,
}: {
	callbackPath: string;
	onError: (message: string) => void;
}) {
	const queryClient = useQueryClient();
	// Asked early, so the first click does not wait for it.
	useQuery(signInOptionsQuery);
	const [isLeaving, setIsLeaving] = useState(false);
	const [isNotOffered, setIsNotOffered] = useState(false);

	async function continueWithGoogle() {
		setIsLeaving(true);
		try {
			const options = await queryClient.ensureQueryData(signInOptionsQuery);
			if (!options.google) {
				setIsNotOffered(true);
				setIsLeaving(false);
				return;
			}
			const answer = await postAuth<SocialSignIn>("/sign-in/social", {
				provider: "google",
				callbackURL: callbackPath,
				errorCallbackURL: "/login",
			});
			window.location.assign(answer.url);
		} catch (error) {
			setIsLeaving(false);
			onError(describeError(error));
		}
	}

	return (
		<div className="flex flex-col gap-2">
			<button
				type="button"
				className="btn btn-outline w-full"
				disabled={isLeaving}
				aria-busy={isLeaving || undefined}
				onClick={() => void continueWithGoogle()}
			>
				{isLeaving && (
					<span
						className="loading loading-spinner loading-sm"
						aria-hidden="true"
					/>
				)}
				CONTINUE WITH GOOGLE
			</button>
			{isNotOffered && (
				<p role="note" className="text-center text-sm text-base-content/80">
					Google sign-in is not set up on this shop yet; use your email and
					password.
				</p>
			)}
		</div>
	);
}
