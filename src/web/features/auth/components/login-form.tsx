import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { SignInInputSchema } from "../../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import { describeError } from "../../../components/ui/form-error.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { postAuth } from "../../../lib/auth-client.ts";

type SignInAnswer = { twoFactorRedirect?: boolean };

/** Email and password. The page shows failures above the form and the two-factor step after it. */
export function LoginForm({
	labelledBy,
	onFailure,
	onTwoFactorRequired,
	onSignedIn,
}: {
	labelledBy: string;
	onFailure: (message: string | undefined) => void;
	onTwoFactorRequired: () => void;
	onSignedIn: () => Promise<void>;
}) {
	const form = useForm({
		resolver: zodResolver(SignInInputSchema),
		mode: "onTouched",
		reValidateMode: "onChange",
		defaultValues: { email: "", password: "" },
	});
	const { errors, isSubmitting } = form.formState;

	const signIn = form.handleSubmit(async ({ email, password }) => {
		onFailure(undefined);
		try {
			const answer = await postAuth<SignInAnswer>("/sign-in/email", {
				email,
				password,
			});
			if (answer?.twoFactorRedirect) onTwoFactorRequired();
			else await onSignedIn();
		} catch (error) {
			onFailure(describeError(error));
		}
	});

	return (
		<form
			className="flex flex-col gap-3"
			aria-labelledby={labelledBy}
			noValidate
			onSubmit={(event) => void signIn(event)}
		>
			<TextField
				label="Email"
				type="email"
				autoComplete="email"
				error={errors.email?.message}
				{...form.register("email")}
			/>
			<PasswordField
				autoComplete="current-password"
				error={errors.password?.message}
				{...form.register("password")}
			/>
			<Link
				to="/forgot-password"
				className="link link-primary self-end text-sm"
			>
				Forgot password?
			</Link>
			<BusyButton isBusy={isSubmitting} className="btn btn-primary mt-2 w-full">
				Login
			</BusyButton>
		</form>
	);
}
