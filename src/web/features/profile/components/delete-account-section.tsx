import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { postAuth } from "../../../lib/auth-client.ts";
import { describeError, FormError } from "./form-error.tsx";

/** Deletes the caller's account after a confirmation with the password; sessions end with it. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
	const id = useId();
	const [isOpen, setIsOpen] = useState(false);
	const [password, setPassword] = useState("");
	const [failure, setFailure] = useState<string>();
	const [isPending, setIsPending] = useState(false);

	async function confirm() {
		setFailure(undefined);
		setIsPending(true);
		try {
			await postAuth("/delete-user", { password });
			setIsOpen(false);
			onDeleted();
		} catch (error) {
			setFailure(describeError(error));
		} finally {
			setIsPending(false);
		}
	}

	return (
		<section aria-labelledby={`${id}-title`} className="space-y-2">
			<h2 id={`${id}-title`} className="text-xl font-semibold text-error">
				Delete my account
			</h2>
			<p>
				Your profile and sign-in go for good; the email can sign up again later.
			</p>
			<button
				type="button"
				className="btn btn-error btn-outline"
				onClick={() => setIsOpen(true)}
			>
				Delete my account
			</button>
			<ConfirmDialog
				isOpen={isOpen}
				title="Delete your account?"
				message="This cannot be undone. Enter your password to confirm."
				confirmLabel="Delete my account"
				isPending={isPending}
				onConfirm={() => void confirm()}
				onCancel={() => {
					setIsOpen(false);
					setFailure(undefined);
					setPassword("");
				}}
			>
				<FormError message={failure} />
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
			</ConfirmDialog>
		</section>
	);
}
