import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import {
	type InvoicePaymentInput,
	InvoicePaymentInputSchema,
} from "../../../../shared/payment-terms.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { formatDay } from "../../../lib/dates.ts";

/** The longest reference the shop keeps (InvoicePaymentInputSchema). */
const REFERENCE_MAX = 100;

/**
 * 'Record payment' of an order paid by invoice, once its money has arrived: the payment's
 * reference (a bank transfer's id) for the books. `onRecord` throws when the shop refuses (paid
 * meanwhile, cancelled); the dialog then says why and keeps what was typed.
 */
export function RecordPaymentDialog({
	order,
	isOpen,
	onRecord,
	onClose,
}: {
	order: Order;
	isOpen: boolean;
	onRecord: (input: InvoicePaymentInput) => Promise<unknown>;
	onClose: () => void;
}) {
	return (
		<Modal
			isOpen={isOpen}
			title="Record the invoice's payment"
			onClose={onClose}
		>
			<RecordPaymentForm order={order} onRecord={onRecord} onClose={onClose} />
		</Modal>
	);
}

/** "Invoice 2026-000123 for $300.00, due December 20, 2026." */
function describeInvoice(order: Order): string {
	const invoice = order.invoices.find(
		(document) => document.kind === "invoice",
	);
	const name = invoice ? `Invoice ${invoice.number}` : "The invoice";
	const due = order.due_at ? `, due ${formatDay(order.due_at)}` : "";
	return `${name} for ${formatCents(order.total_cents)}${due}.`;
}

function RecordPaymentForm({
	order,
	onRecord,
	onClose,
}: {
	order: Order;
	onRecord: (input: InvoicePaymentInput) => Promise<unknown>;
	onClose: () => void;
}) {
	const [failure, setFailure] = useState<string>();
	const {
		register,
		handleSubmit,
		formState: { errors, isSubmitting },
	} = useForm<InvoicePaymentInput>({
		resolver: zodResolver(InvoicePaymentInputSchema),
		defaultValues: { reference: "" },
	});
	return (
		<form
			noValidate
			className="space-y-3"
			onSubmit={handleSubmit(async (input) => {
				setFailure(undefined);
				try {
					await onRecord(input);
				} catch (error) {
					setFailure(describeError(error));
				}
			})}
		>
			<p className="text-sm">
				{describeInvoice(order)} The order is marked paid under the same
				invoice.
			</p>
			<FormError message={failure} />
			<TextField
				label="Payment reference"
				hint="The bank transfer's id, as the bank statement shows it"
				autoComplete="off"
				maxLength={REFERENCE_MAX}
				error={errors.reference?.message}
				{...register("reference")}
			/>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Cancel
				</button>
				<BusyButton isBusy={isSubmitting}>Record payment</BusyButton>
			</div>
		</form>
	);
}
