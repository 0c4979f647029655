import {
	type FormEvent,
	lazy,
	Suspense,
	useCallback,
	useId,
	useRef,
	useState,
} from "react";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { useModal } from "../../../components/ui/use-modal.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import { usePaymentOptions, usePayOrder } from "../orders.queries.ts";
import {
	StripeCardFormLoading,
	StripePaymentNote,
	StripePaymentWait,
} from "./stripe-payment-wait.tsx";

// Stripe's libraries are loaded only when a customer pays by card.
const StripeCardForm = lazy(() =>
	import("./stripe-card-form.tsx").then((module) => ({
		default: module.StripeCardForm,
	})),
);

/**
 * The payment modal of one unpaid order, open while `order` is set: the amount due (the
 * server's total, read-only) and 'Pay'. The provider is the server's choice: the test provider
 * pays at once; with Stripe the customer then enters the card in Stripe's Payment Element, and
 * the order is paid when Stripe's webhook reaches the shop.
 */
export function PaymentDialog({
	order,
	onClose,
}: {
	order: Order | undefined;
	onClose: () => void;
}) {
	const dialogRef = useModal(order !== undefined);
	const titleId = useId();
	return (
		<dialog
			ref={dialogRef}
			className="modal"
			aria-labelledby={titleId}
			onCancel={(event) => {
				event.preventDefault();
				onClose();
			}}
			onKeyDown={(event) => {
				if (event.key === "Escape") {
					event.preventDefault();
					onClose();
				}
			}}
		>
			{order && (
				<PaymentForm
					key={order.id}
					order={order}
					titleId={titleId}
					onClose={onClose}
				/>
			)}
		</dialog>
	);
}

/** Where paying stands: not started, Stripe's card form open, or waiting for Stripe's webhook. */
type Stage =
	| { step: "start" }
	| { step: "card"; publishableKey: string; clientSecret: string }
	| { step: "waiting" };

function PaymentForm({
	order,
	titleId,
	onClose,
}: {
	order: Order;
	titleId: string;
	onClose: () => void;
}) {
	const options = usePaymentOptions();
	const payOrder = usePayOrder();
	const [stage, setStage] = useState<Stage>({ step: "start" });
	const hasFinished = useRef(false);
	const amountId = useId();
	const amount = formatCents(order.total_cents);

	const finish = useCallback(() => {
		if (hasFinished.current) return;
		hasFinished.current = true;
		notify.success("Payment Done Successfully", { autoClose: 1000 });
		onClose();
	}, [onClose]);

	async function pay(event: FormEvent) {
		event.preventDefault();
		try {
			const start = await payOrder.mutateAsync(order.id);
			if (start.provider === "test" || start.order.status === "paid") finish();
			else if (options.data?.provider === "stripe")
				setStage({
					step: "card",
					publishableKey: options.data.publishable_key,
					clientSecret: start.client_secret,
				});
		} catch (error) {
			notify.error(`Failed to pay${failureReason(error)}`);
		}
	}

	return (
		<div className="modal-box space-y-4">
			<h2 id={titleId} className="text-lg font-bold">
				{`Pay for ${order.tool_name}`}
			</h2>
			<p className="text-sm">
				{`${order.order_quantity} pieces × ${formatCents(order.price_cents)}`}
			</p>
			<div>
				<label className="label" htmlFor={amountId}>
					Amount due
				</label>
				<input
					id={amountId}
					className="input w-full font-bold"
					readOnly
					value={amount}
				/>
			</div>
			{options.isPending && (
				<p className="text-sm">Loading the payment options…</p>
			)}
			{options.isError && (
				<div role="alert" className="alert alert-error alert-soft text-sm">
					<span>{`The payment options could not be loaded: ${options.error.message}`}</span>
					<button
						type="button"
						className="btn btn-sm"
						onClick={() => void options.refetch()}
					>
						Try again
					</button>
				</div>
			)}
			{options.data?.provider === "test" && (
				<p className="alert alert-warning text-sm">
					Test mode: no money is taken
				</p>
			)}
			{options.data?.provider === "stripe" && stage.step === "start" && (
				<StripePaymentNote />
			)}
			{stage.step === "card" && (
				<Suspense fallback={<StripeCardFormLoading />}>
					<StripeCardForm
						publishableKey={stage.publishableKey}
						clientSecret={stage.clientSecret}
						amount={amount}
						onClose={onClose}
						onConfirmed={() => setStage({ step: "waiting" })}
					/>
				</Suspense>
			)}
			{stage.step === "waiting" && (
				<StripePaymentWait orderId={order.id} onPaid={finish} />
			)}
			{stage.step !== "card" && (
				<form className="modal-action" onSubmit={(event) => void pay(event)}>
					<button type="button" className="btn" onClick={onClose}>
						Close
					</button>
					{stage.step === "start" && (
						<button
							type="submit"
							className="btn btn-primary"
							disabled={!options.data || payOrder.isPending}
							aria-busy={payOrder.isPending || undefined}
						>
							{payOrder.isPending && (
								<span
									className="loading loading-spinner loading-sm"
									aria-hidden="true"
								/>
							)}
							{`Pay ${amount}`}
						</button>
					)}
				</form>
			)}
		</div>
	);
}
