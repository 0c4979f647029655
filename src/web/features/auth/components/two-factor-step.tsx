import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { TotpCodeSchema } from "../../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { postAuth } from "../../../lib/auth-client.ts";

const AppCodeSchema = z.object({ code: TotpCodeSchema });
const BackupCodeSchema = z.object({
	code: z
		.string()
		.check(z.trim(), z.minLength(1, "Enter one of your backup codes")),
});

type Method = "app" | "backup";

/**
 * The second step of signing in to an account with two-factor sign-in: the current code of the
 * authenticator app, or one of the backup codes. `onCancel` returns to email and password.
 */
export function TwoFactorStep({
	onVerified,
	onCancel,
}: {
	onVerified: () => Promise<void>;
	onCancel: () => void;
}) {
	const [method, setMethod] = useState<Method>("app");
	return (
		<section aria-labelledby="two-factor-title" className="flex flex-col gap-4">
			<h2 id="two-factor-title" className="text-lg font-semibold">
				Two-step verification
			</h2>
			{/* A new form per method, so a half-typed code of one never counts for the other. */}
			<CodeForm key={method} method={method} onVerified={onVerified} />
			<button
				type="button"
				className="btn btn-link btn-sm"
				onClick={() => setMethod(method === "app" ? "backup" : "app")}
			>
				{method === "app"
					? "Use a backup code instead"
					: "Use the code from your authenticator app instead"}
			</button>
			<button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
				Back to email and password
			</button>
		</section>
	);
}

function CodeForm({
	method,
	onVerified,
}: {
	method: Method;
	onVerified: () => Promise<void>;
}) {
	const [failure, setFailure] = useState<string>();
	const isApp = method === "app";
	const form = useForm({
		resolver: zodResolver(isApp ? AppCodeSchema : BackupCodeSchema),
		mode: "onTouched",
		reValidateMode: "onChange",
		defaultValues: { code: "" },
	});
	const { errors, isSubmitting } = form.formState;
	const { setFocus } = form;
	useEffect(() => setFocus("code"), [setFocus]);

	const verifyCode = form.handleSubmit(async ({ code }) => {
		setFailure(undefined);
		try {
			await postAuth(
				isApp ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
				{ code },
			);
			await onVerified();
		} catch (error) {
			setFailure(describeError(error));
		}
	});

	return (
		<>
			<FormError message={failure} />
			<p className="text-sm">
				{isApp
					? "Enter the 6-digit code your authenticator app shows for Tools Gallery."
					: "Enter one of the backup codes you saved when you turned on two-step verification. Each code works once."}
			</p>
			<form
				className="flex flex-col gap-3"
				noValidate
				onSubmit={(event) => void verifyCode(event)}
			>
				{isApp ? (
					<TextField
						label="Authentication code"
						error={errors.code?.message}
						inputMode="numeric"
						autoComplete="one-time-code"
						maxLength={6}
						{...form.register("code")}
					/>
				) : (
					<TextField
						label="Backup code"
						error={errors.code?.message}
						autoComplete="off"
						spellCheck={false}
						{...form.register("code")}
					/>
				)}
				<BusyButton
					isBusy={isSubmitting}
					className="btn btn-primary mt-2 w-full"
				>
					Verify
				</BusyButton>
			</form>
		</>
	);
}
