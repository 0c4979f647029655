import { useId, useState } from "react";
import { TotpCodeSchema } from "../../../../shared/accounts.schemas.ts";
import { postAuth } from "../../../lib/auth-client.ts";
import { notify } from "../../../lib/toast.ts";
import { describeError, FormError } from "./form-error.tsx";

type Enrolment = { secret: string; uri: string; backupCodes: string[] };

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
	const id = useId();
	const [password, setPassword] = useState("");
	const [code, setCode] = useState("");
	const [enrolment, setEnrolment] = useState<Enrolment>();
	const [failure, setFailure] = useState<string>();
	const [isBusy, setIsBusy] = useState(false);

	async function run(action: () => Promise<void>) {
		setFailure(undefined);
		setIsBusy(true);
		try {
			await action();
		} catch (error) {
			setFailure(describeError(error));
		} finally {
			setIsBusy(false);
		}
	}

	const start = () =>
		run(async () => {
			const answer = await postAuth<{ totpURI: string; backupCodes: string[] }>(
				"/two-factor/enable",
				{ password },
			);
			setPassword("");
			setEnrolment({
				secret: readSecret(answer.totpURI),
				uri: answer.totpURI,
				backupCodes: answer.backupCodes,
			});
		});

	const confirm = () =>
		run(async () => {
			const parsed = TotpCodeSchema.safeParse(code);
			if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
			await postAuth("/two-factor/verify-totp", { code: parsed.data });
			setEnrolment(undefined);
			setCode("");
			notify.success("Two-factor sign-in is on");
			await onChanged();
		});

	const turnOff = () =>
		run(async () => {
			await postAuth("/two-factor/disable", { password });
			setPassword("");
			notify.success("Two-factor sign-in is off");
			await onChanged();
		});

	return (
		<section aria-labelledby={`${id}-title`} className="space-y-2">
			<h2 id={`${id}-title`} className="text-xl font-semibold">
				Two-factor sign-in
			</h2>
			<p>
				{isEnabled
					? "On: signing in asks for a code from your authenticator app."
					: "Off: add a code from an authenticator app to your password."}
			</p>
			<FormError message={failure} />
			{enrolment ? (
				<form
					className="fieldset max-w-md"
					onSubmit={(event) => {
						event.preventDefault();
						void confirm();
					}}
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
					<label className="label" htmlFor={`${id}-code`}>
						Authentication code
					</label>
					<input
						id={`${id}-code`}
						className="input w-full"
						inputMode="numeric"
						autoComplete="one-time-code"
						value={code}
						onChange={(event) => setCode(event.target.value)}
					/>
					<button
						type="submit"
						className="btn btn-primary mt-2 w-fit"
						disabled={isBusy}
					>
						Turn on
					</button>
				</form>
			) : (
				<form
					className="fieldset max-w-md"
					onSubmit={(event) => {
						event.preventDefault();
						void (isEnabled ? turnOff() : start());
					}}
				>
					<label className="label" htmlFor={`${id}-password`}>
						Password
					</label>
					<input
						id={`${id}-password`}
						type="password"
						autoComplete="current-password"
						className="input w-full"
						value={password}
						onChange={(event) => setPassword(event.target.value)}
					/>
					<button
						type="submit"
						className="btn btn-outline mt-2 w-fit"
						disabled={isBusy}
					>
						{isEnabled
							? "Turn off two-factor sign-in"
							: "Set up two-factor sign-in"}
					</button>
				</form>
			)}
		</section>
	);
}
