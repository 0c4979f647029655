import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { formatCents } from "../../../../shared/money.ts";
import {
	NET_DAYS,
	type PaymentTerms,
	PaymentTermsInputSchema,
} from "../../../../shared/payment-terms.schemas.ts";
import { centsToDollars } from "../../../../shared/tools.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { SelectField, TextField } from "../../../components/ui/field.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/toast.ts";
import { useApprovePaymentTerms } from "../payment-terms.queries.ts";

/** The shared schema, with the select's text read as the number of days before it is checked. */
const PaymentTermsFormSchema = z.extend(PaymentTermsInputSchema, {
	net_days: z.pipe(
		z.pipe(z.string(), z.transform(Number)),
		PaymentTermsInputSchema.shape.net_days,
	),
});
type PaymentTermsFormValues = z.input<typeof PaymentTermsFormSchema>;
type PaymentTermsFields = z.output<typeof PaymentTermsFormSchema>;
const FIELDS = ["email", "net_days", "credit_limit"] as const;

const BLANK: PaymentTermsFormValues = {
	email: "",
	net_days: "30",
	credit_limit: "",
};

/** A customer's terms as the form shows them, to change. */
function toFormValues(terms: PaymentTerms): PaymentTermsFormValues {
	return {
		email: terms.email,
		net_days: String(terms.net_days),
		credit_limit: centsToDollars(terms.credit_limit_cents),
	};
}

/**
 * Approving a customer to pay by invoice, by the email of their account: net 14, 30 or 60 days
 * and a credit limit. Saving an email already approved changes that customer's terms, so
 * 'Change' in the list fills the form with a customer's terms (`prefill`) and puts the focus on
 * it. An email no account uses is said on the email field; a save is toasted and empties the
 * form (`onSaved`).
 */
export function PaymentTermsForm({
	prefill,
	onSaved,
}: {
	prefill?: PaymentTerms;
	onSaved: () => void;
}) {
	const approve = useApprovePaymentTerms();
	const [failure, setFailure] = useState<string>();
	const titleId = useId();
	const [start] = useState(() => (prefill ? toFormValues(prefill) : BLANK));
	const {
		register,
		handleSubmit,
		setError,
		setFocus,
		formState: { errors, isSubmitting },
	} = useForm<PaymentTermsFormValues, unknown, PaymentTermsFields>({
		resolver: zodResolver(PaymentTermsFormSchema),
		defaultValues: start,
	});

	// Filled from the list: the admin goes on with the terms, the email being known.
	useEffect(() => {
		if (prefill) setFocus("net_days");
	}, [prefill, setFocus]);

	async function save(input: PaymentTermsFields) {
		setFailure(undefined);
		try {
			const saved = await approve.mutateAsync(input);
			notify.success(
				`${saved.name} (${saved.email}) may pay by invoice: net ${saved.net_days} days, credit limit ${formatCents(saved.credit_limit_cents)}`,
			);
			onSaved();
		} catch (error) {
			if (error instanceof ApiError && error.code === "NOT_FOUND") {
				setError("email", { message: error.message }, { shouldFocus: true });
				return;
			}
			if (error instanceof ApiError)
				for (const issue of error.details) {
					const field = FIELDS.find((name) => name === issue.field);
					if (field) setError(field, { message: issue.message });
				}
			setFailure(describeError(error));
		}
	}

	return (
		<form
			noValidate
			aria-labelledby={titleId}
			className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
			onSubmit={(event) => void handleSubmit(save)(event)}
		>
			<h2 id={titleId} className="text-xl font-semibold">
				Approve a customer
			</h2>
			<FormError message={failure} />
			<div className="grid gap-3 sm:grid-cols-2">
				<TextField
					label="Email of the customer's account"
					hint="Saving an email already approved changes that customer's terms."
					type="email"
					autoComplete="off"
					className="sm:col-span-2"
					error={errors.email?.message}
					{...register("email")}
				/>
				<SelectField
					label="Payment terms"
					error={errors.net_days?.message}
					// The choice it starts from is drawn with the select, not set on it afterwards.
					defaultValue={start.net_days}
					{...register("net_days")}
				>
					{NET_DAYS.map((days) => (
						<option key={days} value={String(days)}>
							Net {days}
						</option>
					))}
				</SelectField>
				<TextField
					label="Credit limit ($)"
					hint="What they may owe on open invoices at once"
					inputMode="decimal"
					autoComplete="off"
					error={errors.credit_limit?.message}
					{...register("credit_limit")}
				/>
			</div>
			<BusyButton isBusy={isSubmitting}>Save terms</BusyButton>
		</form>
	);
}
