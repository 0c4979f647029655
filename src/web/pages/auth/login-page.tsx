import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { describeAuthError } from "../../../shared/auth-errors.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { AuthCard } from "../../features/auth/components/auth-card.tsx";
import { GoogleButton } from "../../features/auth/components/google-button.tsx";
import { LoginForm } from "../../features/auth/components/login-form.tsx";
import { TwoFactorStep } from "../../features/auth/components/two-factor-step.tsx";
import { useReturnTo } from "../../features/auth/return-to.ts";
import { useSession } from "../../features/auth/session.queries.ts";
import { useFinishSignIn } from "../../features/auth/use-finish-sign-in.ts";
import { usePageTitle } from "../../lib/page-title.ts";

export function LoginPage() {
	usePageTitle("Login");
	const session = useSession();
	const returnTo = useReturnTo();
	const finishSignIn = useFinishSignIn(returnTo.path);
	// A failed Google sign-in comes back here as ?error=<code>.
	const [searchParams] = useSearchParams();
	const googleError = searchParams.get("error");
	// The mailed confirmation link lands here: confirming signs every device out.
	const isJustConfirmed = searchParams.get("confirmed") === "1";
	const [failure, setFailure] = useState(
		googleError ? describeAuthError(googleError) : undefined,
	);
	const [isTwoFactorStep, setIsTwoFactorStep] = useState(false);

	if (session.status === "signed-in")
		return <Navigate to={returnTo.path} replace />;

	if (isTwoFactorStep)
		return (
			<AuthCard title="Login" titleId="login-title">
				<TwoFactorStep
					onVerified={finishSignIn}
					onCancel={() => setIsTwoFactorStep(false)}
				/>
			</AuthCard>
		);

	return (
		<AuthCard title="Login" titleId="login-title">
			{isJustConfirmed && !failure && (
				<p role="status" className="alert alert-success">
					Your email address is confirmed. Log in to continue.
				</p>
			)}
			<FormError message={failure} />
			<LoginForm
				labelledBy="login-title"
				onFailure={setFailure}
				onTwoFactorRequired={() => setIsTwoFactorStep(true)}
				onSignedIn={finishSignIn}
			/>
			<p className="text-center text-sm">
				New to Tools Gallery?{" "}
				<Link
					to="/sign-up"
					state={returnTo.state}
					className="link link-primary"
				>
					Create a new account
				</Link>
			</p>
			<div className="divider">OR</div>
			<GoogleButton callbackPath={returnTo.path} onError={setFailure} />
		</AuthCard>
	);
}
