import type { FastifyInstance } from "fastify";
import { runAloneAcrossInstances } from "../../platform/db/run-alone.ts";
import {
	type PaymentsDeps,
	reconcileRefunds,
} from "../payments/payments.service.ts";
import { cancelOverdueOrders } from "./order-expiry.service.ts";

/** How often each instance looks for unpaid orders whose time to pay is over. */
const EXPIRY_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Cancels unpaid orders whose time to pay (fixed from UNPAID_ORDER_HOURS when each was placed) is
 * over, and asks the payment provider again about refunds left pending: once when the server is
 * ready, then every ten minutes, one pass at a time, and on PostgreSQL by one instance at a time
 * (an advisory lock; an instance that finds another sweeping skips its turn). Each order and each
 * refund changes once whatever happens. Stopped when the server closes, after the order in hand.
 */
export function scheduleOrderExpiry(
	app: FastifyInstance,
	deps: PaymentsDeps,
): void {
	const { orders } = deps;
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<void> | undefined;
	let isStopping = false;
	const expire = async () => {
		// 0 turns expiry off: no order is cancelled for being unpaid, whatever its deadline said.
		if (orders.unpaidOrderHours <= 0) return 0;
		return cancelOverdueOrders(deps, new Date(), () => isStopping);
	};
	const sweep = () => {
		if (running) return;
		// One instance at a time sweeps; the others skip this tick.
		running = runAloneAcrossInstances(orders.db, "order-expiry", async () => {
			const count = await expire();
			if (count > 0)
				orders.log.info(
					{ count, unpaidOrderHours: orders.unpaidOrderHours },
					"cancelled unpaid orders whose time to pay was over",
				);
			if (!isStopping) await reconcileRefunds(deps, new Date());
		})
			.then(() => {})
			.catch((error: unknown) => {
				orders.log.error(
					{ err: error },
					"could not cancel expired unpaid orders or reconcile refunds",
				);
			})
			.finally(() => {
				running = undefined;
			});
	};
	app.addHook("onReady", async () => {
		sweep();
		timer = setInterval(sweep, EXPIRY_SWEEP_INTERVAL_MS);
		timer.unref();
	});
	app.addHook("onClose", async () => {
		isStopping = true;
		clearInterval(timer);
		// Only the order in hand is finished: a long pass does not hold up shutdown.
		await running;
	});
}
