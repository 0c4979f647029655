import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router";
import { SignUpInputSchema } from "../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { describeError, FormError } from "../../components/ui/form-error.tsx";
import { PasswordField } from "../../components/ui/password-field.tsx";
import { AuthCard } from "../../features/auth/components/auth-card.tsx";
import { GoogleButton } from "../../features/auth/components/google-button.tsx";
import { useReturnTo } from "../../features/auth/return-to.ts";
import { useSession } from "../../features/auth/session.queries.ts";
import { useFinishSignIn } from "../../features/auth/use-finish-sign-in.ts";
import { postAuth } from "../../lib/auth-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";

export function SignUpPage() {
	usePageTitle("Sign Up");
	const session = useSession();
	const returnTo = useReturnTo();
	const finishSignIn = useFinishSignIn(returnTo.path);
	const [failure, setFailure] = useState<string>();
	const [mailedTo, setMailedTo] = useState<string>();
	const form = useForm({
		resolver: zodResolver(SignUpInputSchema),
		mode: "onTouched",
		reValidateMode: "onChange",
		defaultValues: { name: "", email: "", password: "" },
	});
	const { errors, isSubmitting } = form.formState;

	const signUp = form.handleSubmit(async ({ name, email, password }) => {
		setFailure(undefined);
		try {
			// The server answers alike whether or not the address already has an account.
			await postAuth("/sign-up/email", { name, email, password });
		} catch (error) {
			setFailure(describeError(error));
			return;
		}
		try {
			// A new account signs in at once with the password just chosen; buying needs no confirmation.
			await postAuth("/sign-in/email", { email, password });
		} catch {
			// The address already had an account: its owner got a mail saying what to do.
			setMailedTo(email);
			return;
		}
		notify.success(
			`Welcome, ${name}! We sent a link to ${email} to confirm your address.`,
		);
		await finishSignIn();
	});

	if (session.status === "signed-in")
		return <Navigate to={returnTo.path} replace />;

	if (mailedTo)
		return (
			<AuthCard title="Check your email" titleId="sign-up-title">
				<p role="status">
					We sent a message to <strong>{mailedTo}</strong>. Follow it to
					continue; if the address already has an account, the message says how
					to sign in.
				</p>
				<p className="text-center text-sm">
					<Link to="/login" className="link link-primary">
						Go to login
					</Link>
				</p>
			</AuthCard>
		);

	return (
		<AuthCard title="Sign Up" titleId="sign-up-title">
			<FormError message={failure} />
			<form
				className="flex flex-col gap-3"
				aria-labelledby="sign-up-title"
				noValidate
				onSubmit={(event) => void signUp(event)}
			>
				<TextField
					label="Full Name"
					type="text"
					autoComplete="name"
					error={errors.name?.message}
					{...form.register("name")}
				/>
				<TextField
					label="Email"
					type="email"
					autoComplete="email"
					error={errors.email?.message}
					{...form.register("email")}
				/>
				<PasswordField
					autoComplete="new-password"
					error={errors.password?.message}
					{...form.register("password")}
				/>
				<BusyButton
					isBusy={isSubmitting}
					className="btn btn-primary mt-2 w-full"
				>
					Sign Up
				</BusyButton>
			</form>
			<p className="text-center text-sm">
				Already have an account?{" "}
				<Link to="/login" state={returnTo.state} className="link link-primary">
					Please login
				</Link>
			</p>
			<div className="divider">OR</div>
			<GoogleButton callbackPath={returnTo.path} onError={setFailure} />
		</AuthCard>
	);
}
