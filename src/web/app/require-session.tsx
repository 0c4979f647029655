import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/session.queries.ts";

/**
 * Pages for signed-in customers (purchase, dashboard). Everyone else goes to /login, which keeps
 * the page they came from and returns there after signing in.
 */
export function RequireSession({ children }: { children: ReactNode }) {
	const session = useSession();
	const location = useLocation();
	if (session.status === "loading")
		return <Spinner label="Checking your account" />;
	if (session.status === "signed-out")
		return <Navigate to="/login" replace state={{ from: location }} />;
	return <>{children}</>;
}
