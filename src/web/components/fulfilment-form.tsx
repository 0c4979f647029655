import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, type Ref, useId, useRef, useState } from "react";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import * as z from "zod/mini";
import {
	CheckoutInputSchema,
	DELIVERY_LIMITS,
	type DeliveryAddress,
	DeliveryAddressSchema,
	type FulfilmentInput,
	ORDER_NOTE_MAX,
	PURCHASE_ORDER_MAX,
} from "../../shared/checkout.schemas.ts";
import { PaymentMethodSchema } from "../../shared/payment-terms.schemas.ts";
import type { ReceivingPoint } from "../../shared/receiving-points.schemas.ts";
import { ApiError } from "../lib/api-client.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { useReadAgain } from "../lib/read-again.ts";
import { TextAreaField, TextField } from "./ui/field.tsx";

const UNCHECKED_ADDRESS = z.object({
	recipient: z.string(),
	address: z.string(),
	city: z.string(),
	state: z.string(),
	zip: z.string(),
});
const EXTRAS = {
	purchase_order: z._default(CheckoutInputSchema.shape.purchase_order, ""),
	note: z._default(CheckoutInputSchema.shape.note, ""),
	payment_method: z._default(PaymentMethodSchema, "card"),
};

/**
 * Where the goods of an order go and the customer's references, as a checkout and a quote's
 * acceptance ask for them: the address is checked only when delivered, a receiving point only
 * when collected.
 */
const FulfilmentFormSchema = z.discriminatedUnion("kind", [
	z.object({
		kind: z.literal("delivery"),
		address: DeliveryAddressSchema,
		receiving_point_id: z.string(),
		...EXTRAS,
	}),
	z.object({
		kind: z.literal("collection"),
		address: UNCHECKED_ADDRESS,
		receiving_point_id: z
			.string()
			.check(z.minLength(1, "Choose a receiving point")),
		...EXTRAS,
	}),
]);
type FulfilmentFormValues = z.input<typeof FulfilmentFormSchema>;
export type FulfilmentFields = z.output<typeof FulfilmentFormSchema>;
type FulfilmentFormApi = UseFormReturn<
	FulfilmentFormValues,
	unknown,
	FulfilmentFields
>;

/** What the page gives a fulfilment form to choose a receiving point with. */
export type PointPickerProps = {
	chosen: ReceivingPoint | undefined;
	onChoose: (point: ReceivingPoint) => void;
	error: string | undefined;
	searchRef: Ref<HTMLInputElement>;
};

/** The request's part of the checked fields: where the goods go, and the references given. */
export function fulfilmentRequest(parsed: FulfilmentFields): {
	fulfilment: FulfilmentInput;
	purchase_order?: string;
	note?: string;
} {
	return {
		fulfilment:
			parsed.kind === "delivery"
				? { kind: "delivery", address: parsed.address }
				: { kind: "collection", receiving_point_id: parsed.receiving_point_id },
		...(parsed.purchase_order ? { purchase_order: parsed.purchase_order } : {}),
		...(parsed.note ? { note: parsed.note } : {}),
	};
}

/**
 * The form state of delivery or collection, started from the profile's address: the receiving
 * point chosen, the picker's search box (focused when 'submit' finds no point), and what to do
 * when the shop answers that the chosen point is gone (it is read again and must be chosen anew).
 */
export function useFulfilmentForm(prefill: DeliveryAddress) {
	const readAgain = useReadAgain();
	const [chosenPoint, setChosenPoint] = useState<ReceivingPoint>();
	const pointSearch = useRef<HTMLInputElement>(null);
	const form: FulfilmentFormApi = useForm<
		FulfilmentFormValues,
		unknown,
		FulfilmentFields
	>({
		resolver: zodResolver(FulfilmentFormSchema),
		defaultValues: {
			kind: "delivery",
			address: prefill,
			receiving_point_id: "",
			purchase_order: "",
			note: "",
			payment_method: "card",
		},
	});

	/** Takes in a refusal naming the receiving point; whether it did. */
	function noticePointGone(error: unknown): boolean {
		const pointGone =
			error instanceof ApiError &&
			error.details.find(
				(issue) => issue.field === "fulfilment.receiving_point_id",
			);
		if (!pointGone) return false;
		setChosenPoint(undefined);
		form.setValue("receiving_point_id", "");
		form.setError("receiving_point_id", { message: pointGone.message });
		void readAgain(queryKeys.receivingPoints.all);
		return true;
	}

	/** Submits with the checked fields; an unchosen point puts the focus on the picker's search. */
	function onSubmit(
		send: (parsed: FulfilmentFields) => Promise<void> | undefined,
	) {
		return form.handleSubmit(send, (invalid) => {
			if ("receiving_point_id" in invalid) pointSearch.current?.focus();
		});
	}

	return {
		form,
		noticePointGone,
		onSubmit,
		pointPicker: {
			chosen: chosenPoint,
			onChoose: (point: ReceivingPoint) => {
				setChosenPoint(point);
				form.setValue("receiving_point_id", point.id, {
					shouldValidate: form.formState.isSubmitted,
				});
			},
			error: form.formState.errors.receiving_point_id?.message,
			searchRef: pointSearch,
		} satisfies PointPickerProps,
	};
}

/** Delivery to an address (its fields) or collection at a receiving point (the page's picker). */
export function FulfilmentFieldset({
	form,
	pointPicker,
	renderPointPicker,
}: {
	form: FulfilmentFormApi;
	pointPicker: PointPickerProps;
	renderPointPicker: (props: PointPickerProps) => ReactNode;
}) {
	const legendId = useId();
	const kind = useWatch({ control: form.control, name: "kind" });
	const addressErrors = form.formState.errors.address ?? {};
	return (
		<fieldset className="flex flex-col gap-3" aria-labelledby={legendId}>
			<legend id={legendId} className="mb-2 text-lg font-semibold">
				Delivery or collection
			</legend>
			<div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
				<label className="flex cursor-pointer items-center gap-2">
					<input
						type="radio"
						className="radio radio-primary"
						value="delivery"
						{...form.register("kind")}
					/>
					Delivery to an address
				</label>
				<label className="flex cursor-pointer items-center gap-2">
					<input
						type="radio"
						className="radio radio-primary"
						value="collection"
						{...form.register("kind")}
					/>
					Collection at a receiving point
				</label>
			</div>
			{kind === "delivery" ? (
				<div className="grid gap-3 sm:grid-cols-2">
					<TextField
						label="Recipient"
						autoComplete="name"
						className="sm:col-span-2"
						maxLength={DELIVERY_LIMITS.recipient}
						error={addressErrors.recipient?.message}
						{...form.register("address.recipient")}
					/>
					<TextField
						label="Address"
						autoComplete="street-address"
						className="sm:col-span-2"
						maxLength={DELIVERY_LIMITS.address}
						error={addressErrors.address?.message}
						{...form.register("address.address")}
					/>
					<TextField
						label="City"
						autoComplete="address-level2"
						maxLength={DELIVERY_LIMITS.city}
						error={addressErrors.city?.message}
						{...form.register("address.city")}
					/>
					<TextField
						label="State (optional)"
						autoComplete="address-level1"
						maxLength={DELIVERY_LIMITS.state}
						error={addressErrors.state?.message}
						{...form.register("address.state")}
					/>
					<TextField
						label="Zip"
						autoComplete="postal-code"
						maxLength={DELIVERY_LIMITS.zip}
						error={addressErrors.zip?.message}
						{...form.register("address.zip")}
					/>
				</div>
			) : (
				renderPointPicker(pointPicker)
			)}
		</fieldset>
	);
}

/** The customer's optional purchase-order number and note for the supplier. */
export function RecordsFieldset({ form }: { form: FulfilmentFormApi }) {
	const legendId = useId();
	const { errors } = form.formState;
	return (
		<fieldset className="flex flex-col gap-3" aria-labelledby={legendId}>
			<legend id={legendId} className="mb-2 text-lg font-semibold">
				For your records
			</legend>
			<TextField
				label="Purchase-order number (optional)"
				maxLength={PURCHASE_ORDER_MAX}
				error={errors.purchase_order?.message}
				{...form.register("purchase_order")}
			/>
			<TextAreaField
				label="Note for the supplier (optional)"
				rows={3}
				maxLength={ORDER_NOTE_MAX}
				error={errors.note?.message}
				{...form.register("note")}
			/>
		</fieldset>
	);
}
