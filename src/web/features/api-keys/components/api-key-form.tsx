import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
	API_KEY_NAME_MAX,
	API_KEY_SCOPE_LABELS,
	API_KEY_SCOPES,
	type NewApiKeyInput,
	NewApiKeyInputSchema,
} from "../../../../shared/api-keys.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { ApiError } from "../../../lib/api-client.ts";

const BLANK: NewApiKeyInput = { name: "", scopes: [] };

/** The form's fields the shop may name in a refusal; "scopes.1" belongs to the scopes. */
function fieldOf(issueField: string): keyof NewApiKeyInput | undefined {
	if (issueField === "name") return "name";
	if (issueField === "scopes" || issueField.startsWith("scopes."))
		return "scopes";
	return undefined;
}

/**
 * Making an API key: a name to know it by and what it may do, one checkbox a scope. `onMake`
 * throws when the shop refused: its reasons show on their fields, anything else (too many keys)
 * above the form, and what was chosen stays. A key made empties the form.
 */
export function ApiKeyForm({
	onMake,
}: {
	onMake: (input: NewApiKeyInput) => Promise<unknown>;
}) {
	const [failure, setFailure] = useState<string>();
	const titleId = useId();
	const scopesErrorId = useId();
	const {
		register,
		handleSubmit,
		reset,
		setError,
		formState: { errors, isSubmitting },
	} = useForm<NewApiKeyInput>({
		resolver: zodResolver(NewApiKeyInputSchema),
		defaultValues: BLANK,
	});
	const scopesError = errors.scopes?.message;

	async function make(input: NewApiKeyInput) {
		setFailure(undefined);
		try {
			await onMake(input);
			reset(BLANK);
		} catch (error) {
			const issues = error instanceof ApiError ? error.details : [];
			let isShownOnAField = false;
			for (const issue of issues) {
				const field = fieldOf(issue.field);
				if (!field) continue;
				setError(field, { message: issue.message });
				isShownOnAField = true;
			}
			if (!isShownOnAField) setFailure(describeError(error));
		}
	}

	return (
		<form
			noValidate
			aria-labelledby={titleId}
			className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
			onSubmit={(event) => void handleSubmit(make)(event)}
		>
			<h2 id={titleId} className="text-xl font-semibold">
				Make a key
			</h2>
			<FormError message={failure} />
			<TextField
				label="Name"
				hint="To know it by: the system that will use it, such as “Accounting”"
				autoComplete="off"
				className="max-w-md"
				maxLength={API_KEY_NAME_MAX}
				error={errors.name?.message}
				{...register("name")}
			/>
			<fieldset
				aria-describedby={scopesError ? scopesErrorId : undefined}
				aria-invalid={scopesError ? true : undefined}
			>
				<legend className="label mb-2">What it may do</legend>
				<div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
					{API_KEY_SCOPES.map((scope) => (
						<label
							key={scope}
							className="flex cursor-pointer items-center gap-3"
						>
							<input
								type="checkbox"
								className="checkbox checkbox-primary"
								value={scope}
								{...register("scopes")}
							/>
							<span>{API_KEY_SCOPE_LABELS[scope]}</span>
						</label>
					))}
				</div>
				{scopesError && (
					<p id={scopesErrorId} className="mt-2 text-sm text-error">
						{scopesError}
					</p>
				)}
			</fieldset>
			<BusyButton isBusy={isSubmitting}>Make key</BusyButton>
		</form>
	);
}
