import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ForgotPasswordInputSchema } from "../../../shared/accounts.schemas.ts";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { AuthField } from "../../features/auth/auth-field.tsx";
import {
	AuthFormError,
	describeFailure,
} from "../../features/auth/auth-form-error.tsx";
import { postAuth } from "../../lib/auth-client.ts";
import { AuthCard } from "./auth-card.tsx";

/** The same words whether or not an account uses the address, so the page reveals neither. */
const SENT_MESSAGE =
	"If an account uses this email, we sent a link to reset its password.";

export function ForgotPasswordPage() {
	const [failure, setFailure] = useState<string>();
	const [isSent, setIsSent] = useState(false);
	const form = useForm({
		resolver: zodResolver(ForgotPasswordInputSchema),
		mode: "onTouched",
		reValidateMode: "onChange",
		defaultValues: { email: "" },
	});
	const { errors, isSubmitting } = form.formState;

	const requestReset = form.handleSubmit(async ({ email }) => {
		setFailure(undefined);
		setIsSent(false);
		try {
			await postAuth("/request-password-reset", {
				email,
				redirectTo: "/reset-password",
			});
			setIsSent(true);
		} catch (error) {
			setFailure(describeFailure(error));
		}
	});

	return (
		<AuthCard title="Forgot password" titleId="forgot-password-title">
			<AuthFormError message={failure} />
			{isSent && (
				<div role="status" className="alert alert-success alert-soft">
					<span>{SENT_MESSAGE} It works for one hour.</span>
				</div>
			)}
			<p className="text-sm">
				Enter the email address of your account and we will send you a link to
				choose a new password.
			</p>
			<form
				className="flex flex-col gap-3"
				aria-labelledby="forgot-password-title"
				noValidate
				onSubmit={(event) => void requestReset(event)}
			>
				<AuthField
					label="Email"
					type="email"
					autoComplete="email"
					error={errors.email?.message}
					{...form.register("email")}
				/>
				<SubmitButton isSubmitting={isSubmitting}>Send the link</SubmitButton>
			</form>
			<p className="text-center text-sm">
				Remembered it?{" "}
				<Link to="/login" className="link link-primary">
					Back to login
				</Link>
			</p>
		</AuthCard>
	);
}
