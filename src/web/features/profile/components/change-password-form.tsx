import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
	type ChangePasswordInput,
	ChangePasswordInputSchema,
} from "../../../../shared/accounts.schemas.ts";
import { postAuth } from "../../../lib/auth-client.ts";
import { notify } from "../../../lib/toast.ts";
import { describeError, FormError } from "./form-error.tsx";

export function ChangePasswordForm() {
	const id = useId();
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
			aria-labelledby={`${id}-title`}
			className="space-y-2"
		>
			<h2 id={`${id}-title`} className="text-xl font-semibold">
				Change password
			</h2>
			<FormError message={failure} />
			<fieldset className="fieldset max-w-md" disabled={isSubmitting}>
				<label className="label" htmlFor={`${id}-current`}>
					Current password
				</label>
				<input
					id={`${id}-current`}
					type="password"
					autoComplete="current-password"
					className="input w-full"
					aria-invalid={errors.currentPassword ? true : undefined}
					aria-describedby={
						errors.currentPassword ? `${id}-current-error` : undefined
					}
					{...register("currentPassword")}
				/>
				{errors.currentPassword && (
					<p id={`${id}-current-error`} className="text-error text-sm">
						{errors.currentPassword.message}
					</p>
				)}
				<label className="label" htmlFor={`${id}-new`}>
					New password
				</label>
				<input
					id={`${id}-new`}
					type="password"
					autoComplete="new-password"
					className="input w-full"
					aria-invalid={errors.newPassword ? true : undefined}
					aria-describedby={errors.newPassword ? `${id}-new-error` : undefined}
					{...register("newPassword")}
				/>
				{errors.newPassword && (
					<p id={`${id}-new-error`} className="text-error text-sm">
						{errors.newPassword.message}
					</p>
				)}
				<button type="submit" className="btn btn-outline mt-2 w-fit">
					{isSubmitting && (
						<span className="loading loading-spinner" aria-hidden="true" />
					)}
					Change password
				</button>
			</fieldset>
		</form>
	);
}
