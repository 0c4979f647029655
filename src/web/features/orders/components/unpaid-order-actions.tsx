import { type ReactNode, useCallback, useState } from "react";
import { formatCents } from "../../../../shared/money.ts";
import type { Order } from "../../../../shared/orders.schemas.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { failureReason, notify } from "../../../lib/toast.ts";
import { useCancelOrder } from "../orders.queries.ts";
import { orderPieces, orderTitle } from "./order-card.tsx";
import { PaymentDialog } from "./payment-dialog.tsx";

/**
 * Paying for and cancelling a customer's unpaid order, wherever it is shown (My Orders, the
 * order's page): `askToPay` opens the payment dialog, `askToCancel` the confirmation; `dialogs`
 * is rendered once by the page.
 */
export function useUnpaidOrderActions(): {
	askToPay: (order: Order) => void;
	askToCancel: (order: Order) => void;
	dialogs: ReactNode;
} {
	const cancelOrder = useCancelOrder();
	const [toCancel, setToCancel] = useState<Order>();
	const [toPay, setToPay] = useState<Order>();
	const closePayment = useCallback(() => setToPay(undefined), []);

	async function cancel() {
		if (!toCancel) return;
		try {
			await cancelOrder.mutateAsync(toCancel.id);
			notify.success("Order cancelled");
		} catch (error) {
			notify.error(`Failed to cancel the order${failureReason(error)}`);
		} finally {
			setToCancel(undefined);
		}
	}

	return {
		askToPay: setToPay,
		askToCancel: setToCancel,
		dialogs: (
			<>
				<ConfirmDialog
					isOpen={toCancel !== undefined}
					title="Cancel this order?"
					message={
						toCancel &&
						`${orderTitle(toCancel)}, ${orderPieces(toCancel)} pieces for ${formatCents(toCancel.total_cents)}: the order is cancelled and its pieces go back into stock.`
					}
					confirmLabel="Cancel order"
					cancelLabel="Keep the order"
					isPending={cancelOrder.isPending}
					onConfirm={() => void cancel()}
					onCancel={() => setToCancel(undefined)}
				/>
				<PaymentDialog order={toPay} onClose={closePayment} />
			</>
		),
	};
}
