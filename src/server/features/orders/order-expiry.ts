import type { FastifyInstance } from "fastify";
import { cancelExpiredOrders, type OrdersDeps } from "./orders.service.ts";

/** How often each instance looks for unpaid orders whose time to pay is over. */
const EXPIRY_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Cancels unpaid orders whose time to pay (UNPAID_ORDER_HOURS) is over: once when the server is
 * ready, then every ten minutes, one pass at a time. Several instances may sweep at once; each
 * order is cancelled once. Stopped when the server closes, after a pass under way has finished.
 */
export function scheduleOrderExpiry(
	app: FastifyInstance,
	deps: OrdersDeps,
): void {
	if (deps.unpaidOrderHours <= 0) return;
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<void> | undefined;
	const sweep = () => {
		if (running) return;
		running = cancelExpiredOrders(deps, new Date())
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
		clearInterval(timer);
		await running;
	});
}
