import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
	type ChangePasswordInput,
	ChangePasswordInputSchema,
} from "../../../../shared/accounts.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { postAuth } from "../../../lib/auth-client.ts";
import { notify } from "../../../lib/toast.ts";

export function ChangePasswordForm() {
	const titleId = useId();
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		reset,
		formState: { errors, isSubmitting },
	} = useForm<ChangePasswordInput>({
		resolver: zodResolver(ChangePasswordInputSchema),
		defaultValues: { currentPassword: "", newPassword: "" },
	});
	const onSubmit = handleSubmit(async (values) => {
		setFailure(undefined);
		try {
			await postAuth("/change-password", {
				...values,
				revokeOtherSessions: true,
			});
			reset();
			notify.success("Password changed");
		} catch (error) {
			setFailure(describeError(error));
		}
	});
	return (
		<form
			onSubmit={onSubmit}
			noValidate
			aria-labelledby={titleId}
			className="space-y-2"
		>
			<h2 id={titleId} className="text-xl font-semibold">
				Change password
			</h2>
			<FormError message={failure} />
			<fieldset className="fieldset max-w-md gap-3" disabled={isSubmitting}>
				<PasswordField
					label="Current password"
					hint={null}
					autoComplete="current-password"
					error={errors.currentPassword?.message}
					{...register("currentPassword")}
				/>
				<PasswordField
					label="New password"
					autoComplete="new-password"
					error={errors.newPassword?.message}
					{...register("newPassword")}
				/>
				<BusyButton
					isBusy={isSubmitting}
					className="btn btn-outline mt-2 w-fit"
				>
					Change password
				</BusyButton>
			</fieldset>
		</form>
	);
}
