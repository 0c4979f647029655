import type { FastifyInstance } from "fastify";
import { cancelOverdueOrders, type OrdersDeps } from "./orders.service.ts";

/** How often each instance looks for unpaid orders whose time to pay is over. */
const EXPIRY_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Cancels unpaid orders whose time to pay (fixed from UNPAID_ORDER_HOURS when each was placed) is
 * over: once when the server is ready, then every ten minutes, one pass at a time. Several
 * instances may sweep at once; each order changes once. Stopped when the server closes, after the
 * order in hand.
 */
export function scheduleOrderExpiry(
	app: FastifyInstance,
	deps: OrdersDeps,
): void {
	// 0 turns expiry off: no order is cancelled for being unpaid, whatever its deadline said.
	if (deps.unpaidOrderHours <= 0) return;
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<void> | undefined;
	let isStopping = false;
	const sweep = () => {
		if (running) return;
		running = cancelOverdueOrders(deps, new Date(), () => isStopping)
			.then((count) => {
				if (count > 0)
					deps.log.info(
						{ count, unpaidOrderHours: deps.unpaidOrderHours },
						"cancelled unpaid orders whose time to pay was over",
					);
			})
			.catch((error: unknown) => {
				deps.log.error(
					{ err: error },
					"could not cancel expired unpaid orders",
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
