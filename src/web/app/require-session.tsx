import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ErrorState } from "../components/ui/error-state.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/session.queries.ts";
import { usePageTitle } from "../lib/page-title.ts";

function SessionUnreadable({
	message,
	onRetry,
}: {
	message: string;
	onRetry: () => void;
}) {
	usePageTitle("Your account could not be checked");
	return (
		<div className="px-4 py-10">
			<h1 className="sr-only">Your account could not be checked</h1>
			<ErrorState
				title="We could not check your account"
				message={message}
				onRetry={onRetry}
			/>
		</div>
	);
}

/**
 * Pages for signed-in customers (purchase, dashboard). Everyone else goes to /login, which keeps
 * the page they came from and returns there after signing in; so does someone whose session ended
 * while the page was open (a 401 from any call: recheckSessionAfterRefusal). A session that could
 * not be read is an error with "Try again", never a reason to sign anyone out.
 */
export function RequireSession({ children }: { children: ReactNode }) {
	const session = useSession();
	const location = useLocation();
	if (session.status === "loading")
		return <Spinner label="Checking your account" />;
	if (session.status === "error")
		return (
			<SessionUnreadable
				message={session.error.message}
				onRetry={session.retry}
			/>
		);
	if (session.status === "signed-out")
		return <Navigate to="/login" replace state={{ from: location }} />;
	return <>{children}</>;
}
