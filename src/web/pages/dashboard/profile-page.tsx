import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import {
	sessionKey,
	useRefreshSession,
	useSession,
} from "../../features/auth/session.queries.ts";
import { ChangePasswordForm } from "../../features/profile/components/change-password-form.tsx";
import { DeleteAccountSection } from "../../features/profile/components/delete-account-section.tsx";
import { ProfileForm } from "../../features/profile/components/profile-form.tsx";
import { TwoFactorSection } from "../../features/profile/components/two-factor-section.tsx";
import { useProfile } from "../../features/profile/profile.queries.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";

export function ProfilePage() {
	usePageTitle("My Profile");
	const profile = useProfile();
	const session = useSession();
	const refreshSession = useRefreshSession();
	const queryClient = useQueryClient();
	const navigate = useNavigate();

	return (
		<div className="space-y-10">
			<h1 className="text-2xl font-bold">My Profile</h1>
			<QueryBoundary
				query={profile}
				loadingLabel="Loading your profile"
				errorTitle="Your profile could not be loaded"
			>
				{(data) => (
					<ProfileForm profile={data} onSaved={() => void refreshSession()} />
				)}
			</QueryBoundary>
			<ChangePasswordForm />
			<TwoFactorSection
				isEnabled={session.me?.two_factor_enabled ?? false}
				onChanged={refreshSession}
			/>
			<DeleteAccountSection
				onDeleted={() => {
					navigate("/");
					queryClient.removeQueries({
						predicate: (query) => query.queryKey[0] !== sessionKey[0],
					});
					queryClient.setQueryData(sessionKey, null);
					notify.success("Your account was deleted");
				}}
			/>
		</div>
	);
}
