import {
	type FormEvent,
	lazy,
	Suspense,
	useCallback,
	useRef,
	useState,
} from "react";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { TextField } from "../../../components/ui/field.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { failureReason, notify } from "../../../lib/toast.ts";
import { usePaymentOptions, usePayOrder } from "../orders.queries.ts";
import { orderPieces, orderTitle } from "./order-card.tsx";
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
	return (
		<Modal
			isOpen={order !== undefined}
			title={order ? `Pay for ${orderTitle(order)}` : ""}
			onClose={onClose}
		>
			{order && <PaymentForm key={order.id} order={order} onClose={onClose} />}
		</Modal>
	);
}

/** Where paying stands: not started, Stripe's card form open, or waiting for Stripe's webhook. */
type Stage =
	| { step: "start" }
	| { step: "card"; publishableKey: string; clientSecret: string }
	| { step: "waiting" };

function PaymentForm({
	order,
	onClose,
}: {
	order: Order;
	onClose: () => void;
}) {
	const options = usePaymentOptions();
	const payOrder = usePayOrder();
	const [stage, setStage] = useState<Stage>({ step: "start" });
	const hasFinished = useRef(false);
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
		<>
			<p className="text-sm">
				{order.lines.length > 1
					? `${orderPieces(order)} pieces of ${order.lines.length} tools`
					: `${order.order_quantity} pieces × ${formatCents(order.price_cents)}`}
			</p>
			<TextField label="Amount due" readOnly value={amount} />
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
						<BusyButton
							isBusy={payOrder.isPending}
							disabled={!options.data}
							className="btn btn-primary"
						>
							{`Pay ${amount}`}
						</BusyButton>
					)}
				</form>
			)}
		</>
	);
}
