import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ForgotPasswordInputSchema } from "../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { describeError, FormError } from "../../components/ui/form-error.tsx";
import { AuthCard } from "../../features/auth/components/auth-card.tsx";
import { postAuth } from "../../lib/auth-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/** The same words whether or not an account uses the address, so the page reveals neither. */
const SENT_MESSAGE =
	"If an account uses this email, we sent a link to reset its password.";

export function ForgotPasswordPage() {
	usePageTitle("Forgot password");
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
			setFailure(describeError(error));
		}
	});

	return (
		<AuthCard title="Forgot password" titleId="forgot-password-title">
			<FormError message={failure} />
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
				<TextField
					label="Email"
					type="email"
					autoComplete="email"
					error={errors.email?.message}
					{...form.register("email")}
				/>
				<BusyButton
					isBusy={isSubmitting}
					className="btn btn-primary mt-2 w-full"
				>
					Send the link
				</BusyButton>
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
