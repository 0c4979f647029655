import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { TotpCodeSchema } from "../../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { postAuth } from "../../../lib/auth-client.ts";
import { notify } from "../../../lib/toast.ts";

type Enrolment = { secret: string; uri: string; backupCodes: string[] };

const PasswordStepSchema = z.object({
	password: z.string().check(z.minLength(1, "Password is required")),
});
const CodeStepSchema = z.object({ code: TotpCodeSchema });

function readSecret(totpUri: string): string {
	try {
		return new URL(totpUri).searchParams.get("secret") ?? "";
	} catch {
		return "";
	}
}

/** Turns two-factor sign-in (an authenticator app's 6-digit codes, with backup codes) on and off. */
export function TwoFactorSection({
	isEnabled,
	onChanged,
}: {
	isEnabled: boolean;
	onChanged: () => Promise<void>;
}) {
	const titleId = useId();
	const [enrolment, setEnrolment] = useState<Enrolment>();
	const [failure, setFailure] = useState<string>();

	return (
		<section aria-labelledby={titleId} className="space-y-2">
			<h2 id={titleId} className="text-xl font-semibold">
				Two-factor sign-in
			</h2>
			<p>
				{isEnabled
					? "On: signing in asks for a code from your authenticator app."
					: "Off: add a code from an authenticator app to your password."}
			</p>
			<FormError message={failure} />
			{enrolment ? (
				<CodeStep
					enrolment={enrolment}
					onFailure={setFailure}
					onConfirmed={async () => {
						setEnrolment(undefined);
						notify.success("Two-factor sign-in is on");
						await onChanged();
					}}
				/>
			) : (
				<PasswordStep
					isEnabled={isEnabled}
					onFailure={setFailure}
					onEnrolled={setEnrolment}
					onTurnedOff={async () => {
						notify.success("Two-factor sign-in is off");
						await onChanged();
					}}
				/>
			)}
		</section>
	);
}

/** The password that starts an enrolment or turns two-factor sign-in off. */
function PasswordStep({
	isEnabled,
	onFailure,
	onEnrolled,
	onTurnedOff,
}: {
	isEnabled: boolean;
	onFailure: (message: string | undefined) => void;
	onEnrolled: (enrolment: Enrolment) => void;
	onTurnedOff: () => Promise<void>;
}) {
	const {
		register,
		handleSubmit,
		reset,
		formState: { errors, isSubmitting },
	} = useForm({
		resolver: zodResolver(PasswordStepSchema),
		defaultValues: { password: "" },
	});
	const submit = handleSubmit(async ({ password }) => {
		onFailure(undefined);
		try {
			if (isEnabled) {
				await postAuth("/two-factor/disable", { password });
				reset();
				await onTurnedOff();
				return;
			}
			const answer = await postAuth<{ totpURI: string; backupCodes: string[] }>(
				"/two-factor/enable",
				{ password },
			);
			reset();
			onEnrolled({
				secret: readSecret(answer.totpURI),
				uri: answer.totpURI,
				backupCodes: answer.backupCodes,
			});
		} catch (error) {
			onFailure(describeError(error));
		}
	});
	return (
		<form
			className="fieldset max-w-md gap-3"
			noValidate
			onSubmit={(event) => void submit(event)}
		>
			<PasswordField
				hint={null}
				autoComplete="current-password"
				error={errors.password?.message}
				{...register("password")}
			/>
			<BusyButton isBusy={isSubmitting} className="btn btn-outline mt-2 w-fit">
				{isEnabled
					? "Turn off two-factor sign-in"
					: "Set up two-factor sign-in"}
			</BusyButton>
		</form>
	);
}

/** The key and backup codes of a new enrolment, and the first code that confirms it. */
function CodeStep({
	enrolment,
	onFailure,
	onConfirmed,
}: {
	enrolment: Enrolment;
	onFailure: (message: string | undefined) => void;
	onConfirmed: () => Promise<void>;
}) {
	const {
		register,
		handleSubmit,
		formState: { errors, isSubmitting },
	} = useForm({
		resolver: zodResolver(CodeStepSchema),
		defaultValues: { code: "" },
	});
	const submit = handleSubmit(async ({ code }) => {
		onFailure(undefined);
		try {
			await postAuth("/two-factor/verify-totp", { code });
			await onConfirmed();
		} catch (error) {
			onFailure(describeError(error));
		}
	});
	return (
		<form
			className="fieldset max-w-md gap-3"
			noValidate
			onSubmit={(event) => void submit(event)}
		>
			<p>
				Add this key to your authenticator app:{" "}
				<code className="font-mono break-all">{enrolment.secret}</code>
			</p>
			<details>
				<summary>Setup link</summary>
				<code className="font-mono break-all text-sm">{enrolment.uri}</code>
			</details>
			<p>Keep these backup codes somewhere safe; each signs in once:</p>
			<ul className="grid grid-cols-2 gap-1 font-mono text-sm">
				{enrolment.backupCodes.map((backupCode) => (
					<li key={backupCode}>{backupCode}</li>
				))}
			</ul>
			<TextField
				label="Authentication code"
				inputMode="numeric"
				autoComplete="one-time-code"
				maxLength={6}
				error={errors.code?.message}
				{...register("code")}
			/>
			<BusyButton isBusy={isSubmitting} className="btn btn-primary mt-2 w-fit">
				Turn on
			</BusyButton>
		</form>
	);
}
