import {
	abandonPaymentOf,
	isOverduePaymentUnderWay,
	type PaymentsDeps,
} from "../payments/payments.service.ts";
import { EXPIRY_BATCH, expireOrder, findOverdue } from "./orders.service.ts";

/**
 * Cancels every unpaid order whose time to pay (`pay_by`, fixed when it was placed) was over at
 * `now`, each in its own transaction with its stock put back, stops its payment and tells the
 * customer: a customer who never pays cannot hold pieces out of stock for ever. An order whose
 * payment has completed meanwhile (its webhook late or lost) is paid instead, and one whose
 * payment is under way (a bank debit) waits for the next pass. Safe on several instances at once:
 * each order changes once. Stops between orders once `isStopping` says so. Returns how many it
 * cancelled.
 */
export async function cancelOverdueOrders(
	deps: PaymentsDeps,
	now: Date,
	isStopping: () => boolean = () => false,
): Promise<number> {
	let cancelled = 0;
	let cursor: Parameters<typeof findOverdue>[2];
	for (;;) {
		const overdue = await findOverdue(deps.orders, now, cursor);
		for (const { order, paymentIntentId } of overdue) {
			if (isStopping()) return cancelled;
			cursor = { payBy: order.pay_by ?? "", id: order.id };
			if (
				paymentIntentId &&
				(await isOverduePaymentUnderWay(deps, order, paymentIntentId))
			)
				continue;
			// Paid, cancelled or deleted meanwhile: left as it is.
			if (!(await expireOrder(deps.orders, order))) continue;
			cancelled += 1;
			if (paymentIntentId) await abandonPaymentOf(deps, order.id);
		}
		if (overdue.length < EXPIRY_BATCH) return cancelled;
	}
}
