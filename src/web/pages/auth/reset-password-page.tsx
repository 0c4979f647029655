import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ResetPasswordInputSchema } from "../../../shared/accounts.schemas.ts";
import { describeAuthError } from "../../../shared/auth-errors.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { describeError, FormError } from "../../components/ui/form-error.tsx";
import { PasswordField } from "../../components/ui/password-field.tsx";
import { AuthCard } from "../../features/auth/components/auth-card.tsx";
import { AuthError, postAuth } from "../../lib/auth-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";

const LINK_FAILURE_CODES = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

function AskAgainLink() {
	return (
		<p className="text-center text-sm">
			<Link to="/forgot-password" className="link link-primary">
				Ask for a new link
			</Link>
		</p>
	);
}

/**
 * Opened from the mailed link: the server checks the link and comes here with `?token=`, or with
 * `?error=INVALID_TOKEN` when the link is wrong, used or older than an hour.
 */
export function ResetPasswordPage() {
	const [searchParams] = useSearchParams();
	const token = searchParams.get("token");
	const linkError = searchParams.get("error");
	// The first mail to an address not confirmed yet: choosing the password confirms it.
	const isConfirmation = searchParams.get("purpose") === "confirm";
	const title = isConfirmation ? "Choose your password" : "Reset password";
	usePageTitle(title);
	const navigate = useNavigate();
	const [failure, setFailure] = useState<string>();
	const [isLinkRefused, setIsLinkRefused] = useState(false);
	const form = useForm({
		resolver: zodResolver(ResetPasswordInputSchema),
		mode: "onTouched",
		reValidateMode: "onChange",
		defaultValues: { password: "" },
	});
	const { errors, isSubmitting } = form.formState;

	const resetPassword = form.handleSubmit(async ({ password }) => {
		setFailure(undefined);
		try {
			await postAuth("/reset-password", { newPassword: password, token });
		} catch (error) {
			setFailure(describeError(error));
			setIsLinkRefused(
				error instanceof AuthError && LINK_FAILURE_CODES.has(error.code),
			);
			return;
		}
		notify.success(
			isConfirmation
				? "Email confirmed and password set. Log in with your new password."
				: "Password changed. Log in with your new password.",
		);
		navigate("/login", { replace: true });
	});

	if (linkError || !token)
		return (
			<AuthCard title={title} titleId="reset-password-title">
				<FormError message={describeAuthError(linkError ?? "INVALID_TOKEN")} />
				<AskAgainLink />
			</AuthCard>
		);

	return (
		<AuthCard title={title} titleId="reset-password-title">
			{isConfirmation && (
				<p>
					Choosing the password confirms your email address. Any password set
					before stops working, and every device signed in is signed out.
				</p>
			)}
			<FormError message={failure} />
			{isLinkRefused && <AskAgainLink />}
			<form
				className="flex flex-col gap-3"
				aria-labelledby="reset-password-title"
				noValidate
				onSubmit={(event) => void resetPassword(event)}
			>
				<PasswordField
					label="New password"
					autoComplete="new-password"
					error={errors.password?.message}
					{...form.register("password")}
				/>
				<BusyButton
					isBusy={isSubmitting}
					className="btn btn-primary mt-2 w-full"
				>
					{isConfirmation ? "Set password" : "Change password"}
				</BusyButton>
			</form>
		</AuthCard>
	);
}
