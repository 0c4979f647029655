import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { postAuth } from "../../../lib/auth-client.ts";

const ConfirmWithPasswordSchema = z.object({
	password: z.string().check(z.minLength(1, "Password is required")),
});

/** Deletes the caller's account after a confirmation with the password; sessions end with it. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
	const titleId = useId();
	const [isOpen, setIsOpen] = useState(false);
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		reset,
		formState: { errors, isSubmitting },
	} = useForm({
		resolver: zodResolver(ConfirmWithPasswordSchema),
		defaultValues: { password: "" },
	});

	const close = () => {
		setIsOpen(false);
		setFailure(undefined);
		reset();
	};

	const confirm = handleSubmit(async ({ password }) => {
		setFailure(undefined);
		try {
			await postAuth("/delete-user", { password });
			setIsOpen(false);
			onDeleted();
		} catch (error) {
			setFailure(describeError(error));
		}
	});

	return (
		<section aria-labelledby={titleId} className="space-y-2">
			<h2 id={titleId} className="text-xl font-semibold text-error">
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
			<Modal isOpen={isOpen} title="Delete your account?" onClose={close}>
				<form noValidate onSubmit={(event) => void confirm(event)}>
					<p className="pb-4">
						This cannot be undone. Enter your password to confirm.
					</p>
					<FormError message={failure} />
					<PasswordField
						hint={null}
						autoComplete="current-password"
						error={errors.password?.message}
						{...register("password")}
					/>
					<div className="modal-action">
						<button type="button" className="btn" onClick={close}>
							Cancel
						</button>
						<BusyButton isBusy={isSubmitting} className="btn btn-error">
							Delete my account
						</BusyButton>
					</div>
				</form>
			</Modal>
		</section>
	);
}
