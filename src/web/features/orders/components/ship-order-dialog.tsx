import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
	CARRIER_MAX,
	type ShipOrderInput,
	ShipOrderInputSchema,
	TRACKING_NUMBER_MAX,
} from "../../../../shared/orders.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Modal } from "../../../components/ui/modal.tsx";

/**
 * 'Mark shipped': the carrier and the tracking number the customer follows the parcel by.
 * `onShip` throws when the shop refuses (the order moved on, a dispute opened); the dialog then
 * says why and keeps what was typed.
 */
export function ShipOrderDialog({
	isOpen,
	onShip,
	onClose,
}: {
	isOpen: boolean;
	onShip: (input: ShipOrderInput) => Promise<unknown>;
	onClose: () => void;
}) {
	return (
		<Modal isOpen={isOpen} title="Mark this order shipped" onClose={onClose}>
			<ShipOrderForm onShip={onShip} onClose={onClose} />
		</Modal>
	);
}

function ShipOrderForm({
	onShip,
	onClose,
}: {
	onShip: (input: ShipOrderInput) => Promise<unknown>;
	onClose: () => void;
}) {
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		formState: { errors, isSubmitting },
	} = useForm<ShipOrderInput>({
		resolver: zodResolver(ShipOrderInputSchema),
		defaultValues: { carrier: "", tracking_number: "" },
	});
	return (
		<form
			noValidate
			className="space-y-3"
			onSubmit={handleSubmit(async (input) => {
				setFailure(undefined);
				try {
					await onShip(input);
				} catch (error) {
					setFailure(describeError(error));
				}
			})}
		>
			<p className="text-sm">
				The customer is mailed the carrier and the tracking number.
			</p>
			<FormError message={failure} />
			<TextField
				label="Carrier"
				autoComplete="off"
				maxLength={CARRIER_MAX}
				error={errors.carrier?.message}
				{...register("carrier")}
			/>
			<TextField
				label="Tracking number"
				autoComplete="off"
				maxLength={TRACKING_NUMBER_MAX}
				error={errors.tracking_number?.message}
				{...register("tracking_number")}
			/>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Cancel
				</button>
				<BusyButton isBusy={isSubmitting}>Mark shipped</BusyButton>
			</div>
		</form>
	);
}
