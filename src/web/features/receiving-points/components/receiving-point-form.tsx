import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
	RECEIVING_POINT_ADDRESS_MAX,
	RECEIVING_POINT_HOURS_MAX,
	RECEIVING_POINT_NAME_MAX,
	type ReceivingPointInput,
	ReceivingPointInputSchema,
} from "../../../../shared/receiving-points.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextAreaField, TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";

const BLANK: ReceivingPointInput = { name: "", address: "", opening_hours: "" };

/**
 * A receiving point's name, address and opening hours, to add or to edit. `onSave` throws when
 * the shop refused; the form then says why above its fields and keeps what was typed.
 */
export function ReceivingPointForm({
	initial = BLANK,
	submitLabel,
	onSave,
	onCancel,
}: {
	initial?: ReceivingPointInput;
	submitLabel: string;
	onSave: (input: ReceivingPointInput) => Promise<unknown>;
	onCancel: () => void;
}) {
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		formState: { errors, isSubmitting },
	} = useForm<ReceivingPointInput>({
		resolver: zodResolver(ReceivingPointInputSchema),
		defaultValues: initial,
	});

	return (
		<form
			noValidate
			className="space-y-3"
			onSubmit={handleSubmit(async (input) => {
				setFailure(undefined);
				try {
					await onSave(input);
				} catch (error) {
					setFailure(describeError(error));
				}
			})}
		>
			<FormError message={failure} />
			<TextField
				label="Name"
				maxLength={RECEIVING_POINT_NAME_MAX}
				error={errors.name?.message}
				{...register("name")}
			/>
			<TextAreaField
				label="Address"
				rows={2}
				maxLength={RECEIVING_POINT_ADDRESS_MAX}
				error={errors.address?.message}
				{...register("address")}
			/>
			<TextField
				label="Opening hours"
				hint="For example: Mon–Fri 8:00–18:00, Sat 9:00–13:00"
				maxLength={RECEIVING_POINT_HOURS_MAX}
				error={errors.opening_hours?.message}
				{...register("opening_hours")}
			/>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onCancel}>
					Cancel
				</button>
				<BusyButton isBusy={isSubmitting}>{submitLabel}</BusyButton>
			</div>
		</form>
	);
}
