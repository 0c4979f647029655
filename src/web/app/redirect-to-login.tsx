import { Navigate, useLocation } from "react-router";

/**
 * Pages for signed-in customers (purchase, dashboard) send everyone else to /login, which keeps
 * the page they came from. Customer accounts are not open yet, so every visitor is signed out.
 */
export function RedirectToLogin() {
	const location = useLocation();
	return <Navigate to="/login" replace state={{ from: location }} />;
}
