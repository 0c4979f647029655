import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import type { Cart } from "../../../../shared/cart.schemas.ts";
import {
	type CheckoutInput,
	checkoutLineField,
	type DeliveryAddress,
} from "../../../../shared/checkout.schemas.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import type { OwnPaymentTerms } from "../../../../shared/payment-terms.schemas.ts";
import {
	FulfilmentFieldset,
	fulfilmentRequest,
	type PointPickerProps,
	RecordsFieldset,
	useFulfilmentForm,
} from "../../../components/fulfilment-form.tsx";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { ApiError, isAnswerLost } from "../../../lib/api-client.ts";
import { useCheckout } from "../checkout.queries.ts";
import { CartReview } from "./cart-review.tsx";

/**
 * The checkout: the cart's lines for review, delivery to an address (prefilled, editable) or
 * collection at a receiving point (`renderPointPicker`), an optional purchase-order number and
 * note, and 'Place order'. The lines sent are those shown. A line the shop can no longer order
 * is marked beside it; the order is sent again with the same Idempotency-Key when its answer
 * was lost.
 */
export function CheckoutForm({
	cart,
	prefill,
	renderPointPicker,
	onPlaced,
	invoiceTerms = null,
}: {
	cart: Cart;
	prefill: DeliveryAddress;
	renderPointPicker: (props: PointPickerProps) => ReactNode;
	onPlaced: (order: Order) => void;
	/** The customer's terms when they are approved to pay by invoice: the choice is offered. */
	invoiceTerms?: OwnPaymentTerms["terms"];
}) {
	const { checkOut, isPending } = useCheckout();
	const [failure, setFailure] = useState<string>();
	const [lineProblems, setLineProblems] = useState<Record<string, string>>({});
	const [unpaidLimit, setUnpaidLimit] = useState<string>();
	// A checkout sent whose answer never came: the order may exist. Offered again with its key.
	const [unconfirmed, setUnconfirmed] = useState<CheckoutInput>();
	const paymentId = useId();
	const { form, noticePointGone, onSubmit, pointPicker } =
		useFulfilmentForm(prefill);
	const { errors } = form.formState;
	async function send(input: CheckoutInput) {
		setFailure(undefined);
		setLineProblems({});
		setUnpaidLimit(undefined);
		setUnconfirmed(undefined);
		try {
			onPlaced(await checkOut(input));
		} catch (error) {
			if (isAnswerLost(error)) {
				setUnconfirmed(input);
				return;
			}
			if (
				error instanceof ApiError &&
				error.code === "TOO_MANY_UNPAID_ORDERS"
			) {
				setUnpaidLimit(error.message);
				return;
			}
			if (error instanceof ApiError) {
				setLineProblems(problemsByLine(cart, error));
				const overLimit = error.details.find(
					(issue) => issue.field === "payment_method",
				);
				if (overLimit)
					form.setError("payment_method", { message: overLimit.message });
				// Deleted meanwhile: the list is read again and another point must be chosen.
				noticePointGone(error);
			}
			setFailure(describeError(error));
		}
	}

	const placeOrder = onSubmit((parsed) => {
		if (isPending) return;
		return send({
			lines: cart.lines.map(({ tool_id, quantity }) => ({
				tool_id,
				quantity,
			})),
			...fulfilmentRequest(parsed),
			...(parsed.payment_method === "invoice"
				? { payment_method: "invoice" as const }
				: {}),
		});
	});

	return (
		<form
			noValidate
			aria-label="Checkout"
			className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]"
			onSubmit={(event) => void placeOrder(event)}
		>
			<div className="flex min-w-0 flex-col gap-8">
				<FulfilmentFieldset
					form={form}
					pointPicker={pointPicker}
					renderPointPicker={renderPointPicker}
				/>
				{invoiceTerms && (
					<fieldset
						className="flex flex-col gap-2"
						aria-labelledby={paymentId}
						aria-describedby={
							errors.payment_method ? `${paymentId}-error` : undefined
						}
					>
						<legend id={paymentId} className="mb-2 text-lg font-semibold">
							Payment
						</legend>
						<label className="flex cursor-pointer items-center gap-2">
							<input
								type="radio"
								className="radio radio-primary"
								value="card"
								{...form.register("payment_method")}
							/>
							Pay by card in My Orders
						</label>
						<label className="flex cursor-pointer items-start gap-2">
							<input
								type="radio"
								className="radio radio-primary mt-0.5"
								value="invoice"
								{...form.register("payment_method")}
							/>
							<span>
								Pay by invoice, net {invoiceTerms.net_days} days
								<span className="block text-sm text-base-content/80">
									{`${formatCents(invoiceTerms.available_cents)} of your ${formatCents(invoiceTerms.credit_limit_cents)} credit limit is available.`}
								</span>
							</span>
						</label>
						{errors.payment_method?.message && (
							<p id={`${paymentId}-error`} className="text-sm text-error">
								{errors.payment_method.message}
							</p>
						)}
					</fieldset>
				)}
				<RecordsFieldset form={form} />
			</div>
			<div className="flex flex-col gap-4 rounded-box bg-base-200 p-5 lg:sticky lg:top-24">
				<CartReview cart={cart} lineProblems={lineProblems} />
				<FormError message={failure} />
				{!cart.can_check_out && (
					<p className="text-sm">
						Some lines cannot be ordered as they are.{" "}
						<Link to="/cart" className="link link-primary">
							Change them in your cart
						</Link>{" "}
						first.
					</p>
				)}
				<BusyButton
					isBusy={isPending}
					disabled={!cart.can_check_out}
					className="btn btn-primary btn-lg"
				>
					Place order
				</BusyButton>
				{unpaidLimit && (
					<div
						role="alert"
						className="alert alert-warning flex-col items-start"
					>
						<p>{unpaidLimit}</p>
						<Link to="/dashboard/my-orders" className="link">
							Go to My Orders
						</Link>
					</div>
				)}
				{unconfirmed && (
					<div
						role="alert"
						className="alert alert-warning flex-col items-start"
					>
						<p>
							We could not confirm your order yet. Check My Orders before
							ordering again.
						</p>
						<div className="flex flex-wrap items-center gap-3">
							<button
								type="button"
								className="btn btn-sm"
								disabled={isPending}
								onClick={() => void send(unconfirmed)}
							>
								Try again
							</button>
							<Link to="/dashboard/my-orders" className="link">
								Check My Orders
							</Link>
						</div>
					</div>
				)}
			</div>
		</form>
	);
}

/** The shop's reasons, by tool id, why lines of the cart can no longer be ordered. */
function problemsByLine(cart: Cart, error: ApiError): Record<string, string> {
	const problems: Record<string, string> = {};
	for (const line of cart.lines) {
		const detail = error.details.find(
			(issue) => issue.field === checkoutLineField(line.tool_id),
		);
		if (detail) problems[line.tool_id] = detail.message;
	}
	return problems;
}
