import { type FormEvent, useState } from "react";
import { formatCents } from "../../../../shared/money.ts";
import type {
	OrderDetail,
	OrderStatus,
	RefundInput,
	ShipOrderInput,
} from "../../../../shared/orders.schemas.ts";
import type { InvoicePaymentInput } from "../../../../shared/payment-terms.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	describeError,
	FormError,
} from "../../../components/ui/form-error.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { notify } from "../../../lib/toast.ts";
import { type PlainOrderStep, useOrderSteps } from "../orders.queries.ts";
import { RecordPaymentDialog } from "./record-payment-dialog.tsx";
import {
	amountLeftToRefund,
	RefundOrderDialog,
	refundableLines,
} from "./refund-order-dialog.tsx";
import { ShipOrderDialog } from "./ship-order-dialog.tsx";

/** The states in which a paid order can still be refunded, as the shop allows it. */
const REFUNDABLE: readonly OrderStatus[] = [
	"paid",
	"shipped",
	"ready_for_collection",
	"delivered",
	"collected",
];

/** Each step marked with one click and a confirmation: its button, question and outcome. */
const PLAIN_STEPS: Record<
	PlainOrderStep,
	{ button: string; question: string; message: string; done: string }
> = {
	ready: {
		button: "Ready for collection",
		question: "Mark this order ready for collection?",
		message:
			"The customer is mailed that the order waits for them at its receiving point.",
		done: "The order is ready for collection",
	},
	deliver: {
		button: "Mark delivered",
		question: "Mark this order delivered?",
		message: "The order has reached the customer's address.",
		done: "The order is marked delivered",
	},
	collect: {
		button: "Mark collected",
		question: "Mark this order collected?",
		message: "The customer has collected the order at its receiving point.",
		done: "The order is marked collected",
	},
};

/** Why an order offers no step, for the admin reading it. */
const NOTHING_TO_DO: Partial<Record<OrderStatus, string>> = {
	unpaid: "Waiting for the customer's payment.",
	cancelled: "Cancelled: nothing more to do.",
	refunded: "Refunded in full: nothing more to do.",
};

type OpenDialog =
	| { kind: "ship" }
	| { kind: "refund" }
	| { kind: "record-payment" }
	| { kind: "step"; step: PlainOrderStep };

/** The steps the order can take now, by its state, way of delivery and any open dispute. */
function availableSteps(order: OrderDetail) {
	const isCollection = order.fulfilment.kind === "collection";
	const isHeld = order.dispute_status === "open";
	const isWaiting = order.status === "paid" && !isHeld;
	return {
		ship: isWaiting && !isCollection,
		ready: isWaiting && isCollection,
		// An invoice's money arrives outside the shop (a bank transfer): an admin records it.
		recordPayment:
			order.status === "unpaid" && order.payment_method === "invoice",
		deliver: order.status === "shipped",
		collect: order.status === "ready_for_collection",
		refund:
			REFUNDABLE.includes(order.status) &&
			amountLeftToRefund(order) > 0 &&
			refundableLines(order).length > 0,
	};
}

/**
 * An admin's steps on one order, by its state: 'Record payment' of an unpaid invoice, 'Mark
 * shipped' (carrier and tracking number) or 'Ready for collection', then 'Mark delivered' or 'Mark
 * collected', and 'Refund' while anything is left to give back. Each opens a dialog that says why the shop refused, if it does; a step
 * taken is toasted and the order read again.
 */
export function AdminOrderActions({ order }: { order: OrderDetail }) {
	const steps = useOrderSteps(order.id);
	const [open, setOpen] = useState<OpenDialog>();
	const close = () => setOpen(undefined);
	const available = availableSteps(order);
	const plainSteps = (Object.keys(PLAIN_STEPS) as PlainOrderStep[]).filter(
		(step) => available[step],
	);
	const hasAny =
		available.ship ||
		available.refund ||
		available.recordPayment ||
		plainSteps.length > 0;

	async function ship(input: ShipOrderInput) {
		await steps.ship.mutateAsync(input);
		close();
		notify.success("The order is marked shipped");
	}

	async function recordPayment(input: InvoicePaymentInput) {
		await steps.recordPayment.mutateAsync(input);
		close();
		notify.success("The invoice's payment is recorded: the order is paid");
	}

	async function refund(input: RefundInput) {
		const refunded = await steps.refund.mutateAsync(input);
		close();
		const latest = refunded.refunds.at(-1);
		if (latest?.status === "pending")
			notify.info(
				`A refund of ${formatCents(latest.amount_cents)} is asked of the payment provider: it is pending`,
			);
		else
			notify.success(
				`Refunded ${formatCents(latest?.amount_cents ?? refunded.refunded_cents)}`,
			);
	}

	return (
		<div className="space-y-3">
			{hasAny ? (
				<div className="flex flex-wrap gap-2">
					{available.recordPayment && (
						<button
							type="button"
							className="btn btn-primary btn-sm"
							onClick={() => setOpen({ kind: "record-payment" })}
						>
							Record payment
						</button>
					)}
					{available.ship && (
						<button
							type="button"
							className="btn btn-primary btn-sm"
							onClick={() => setOpen({ kind: "ship" })}
						>
							Mark shipped
						</button>
					)}
					{plainSteps.map((step) => (
						<button
							key={step}
							type="button"
							className="btn btn-primary btn-sm"
							onClick={() => setOpen({ kind: "step", step })}
						>
							{PLAIN_STEPS[step].button}
						</button>
					))}
					{available.refund && (
						<button
							type="button"
							className="btn btn-outline btn-error btn-sm"
							onClick={() => setOpen({ kind: "refund" })}
						>
							Refund
						</button>
					)}
				</div>
			) : (
				<p className="text-sm">
					{NOTHING_TO_DO[order.status] ??
						(order.dispute_status === "open"
							? "Held while the payment is disputed."
							: "Nothing to do for this order now.")}
				</p>
			)}
			<ShipOrderDialog
				isOpen={open?.kind === "ship"}
				onShip={ship}
				onClose={close}
			/>
			<RecordPaymentDialog
				order={order}
				isOpen={open?.kind === "record-payment"}
				onRecord={recordPayment}
				onClose={close}
			/>
			<RefundOrderDialog
				order={order}
				isOpen={open?.kind === "refund"}
				onRefund={refund}
				onClose={close}
			/>
			<StepDialog
				step={open?.kind === "step" ? open.step : undefined}
				onTake={async (step) => {
					await steps.advance.mutateAsync(step);
					close();
					notify.success(PLAIN_STEPS[step].done);
				}}
				onClose={close}
			/>
		</div>
	);
}

/** Asks before a step that cannot be taken back; says why when the shop refuses it. */
function StepDialog({
	step,
	onTake,
	onClose,
}: {
	step: PlainOrderStep | undefined;
	onTake: (step: PlainOrderStep) => Promise<void>;
	onClose: () => void;
}) {
	const looks = step ? PLAIN_STEPS[step] : undefined;
	return (
		<Modal
			isOpen={step !== undefined}
			title={looks?.question ?? ""}
			onClose={onClose}
		>
			{step && looks && (
				<StepForm
					key={step}
					message={looks.message}
					confirmLabel={looks.button}
					onTake={() => onTake(step)}
					onClose={onClose}
				/>
			)}
		</Modal>
	);
}

function StepForm({
	message,
	confirmLabel,
	onTake,
	onClose,
}: {
	message: string;
	confirmLabel: string;
	onTake: () => Promise<void>;
	onClose: () => void;
}) {
	const [failure, setFailure] = useState<string>();
	const [isBusy, setIsBusy] = useState(false);

	async function take(event: FormEvent) {
		event.preventDefault();
		setFailure(undefined);
		setIsBusy(true);
		try {
			await onTake();
		} catch (error) {
			setFailure(describeError(error));
			setIsBusy(false);
		}
	}

	return (
		<form className="space-y-3" onSubmit={(event) => void take(event)}>
			<FormError message={failure} />
			<p>{message}</p>
			<div className="modal-action">
				<button type="button" className="btn" onClick={onClose}>
					Cancel
				</button>
				<BusyButton isBusy={isBusy}>{confirmLabel}</BusyButton>
			</div>
		</form>
	);
}
