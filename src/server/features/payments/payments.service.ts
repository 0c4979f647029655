import type {
	Order,
	OrderDetail,
	PaymentStart,
	RefundInput,
} from "../../../shared/orders.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { ValidationError } from "../../platform/http/errors.ts";
import {
	type PaymentEvent,
	type PaymentGateway,
	type PaymentState,
	SHOP_CURRENCY,
} from "../../platform/payments/payment-gateway.ts";
import {
	findOrderPaidBy,
	findPaymentIntentOf,
	type findRefundById,
	findStalledRefunds,
	getAnyOrder,
	getOrderDetail,
	getOwnOrder,
	keepPaymentIntent,
	type OrdersDeps,
	recordDispute,
	recordLatePaymentRefund,
	recordOrderPayment,
	recordProviderRefund,
	refuseStateChange,
	refuseUnpayableTotal,
	releaseRefund,
	reserveRefund,
	settleRefund,
} from "../orders/orders.service.ts";
import {
	isPaymentEventKnown,
	recordPaymentEvent,
} from "./payments.repository.ts";

type PaymentsLog = {
	error(object: object, message: string): void;
	warn(object: object, message: string): void;
};

/**
 * Payments: paying orders, the provider's webhook, refunds and their reconciliation. This feature
 * owns the PaymentGateway; it changes orders only through the orders feature's conditional
 * transitions (each changes an order once, whoever asks first).
 */
export type PaymentsDeps = {
	orders: OrdersDeps;
	gateway: PaymentGateway;
	log: PaymentsLog;
};

/**
 * Stops the payment begun for an order that was just cancelled (by its customer, an admin's
 * deletion or expiry), if any, so it can no longer be completed. It runs after the cancellation
 * committed and never undoes it: one that cannot be stopped (it completed meanwhile) is refunded
 * when its webhook arrives. A failure is logged, not answered.
 */
export async function abandonPaymentOf(
	deps: PaymentsDeps,
	orderId: string,
): Promise<void> {
	const paymentIntentId = await findPaymentIntentOf(deps.orders, orderId);
	if (paymentIntentId) abandonPayment(deps, orderId, paymentIntentId);
}

function abandonPayment(
	deps: PaymentsDeps,
	orderId: string,
	paymentIntentId: string,
): void {
	deps.gateway.abandon(paymentIntentId).catch((error: unknown) => {
		deps.log.error(
			{ err: error, orderId, paymentIntentId },
			"could not stop the payment of a cancelled order; it is refunded if it completes",
		);
	});
}

/** Whether a completed payment is exactly the order's total, in the shop's currency. */
function isWholePayment(
	deps: PaymentsDeps,
	order: Order,
	received: { amountCents: number; currency: string },
): boolean {
	if (
		received.amountCents === order.total_cents &&
		received.currency === SHOP_CURRENCY
	)
		return true;
	deps.log.error(
		{ orderId: order.id, ...received },
		"a payment does not match its order's total; the order stays unpaid",
	);
	return false;
}

/**
 * Pays the customer's unpaid order. With the test provider it is paid at once; with Stripe the
 * answer carries the PaymentIntent's client secret (the same one when asked again). Paying a paid
 * order records nothing new.
 */
export async function payOrder(
	deps: PaymentsDeps,
	viewer: Viewer,
	id: string,
): Promise<PaymentStart> {
	const { orders, gateway } = deps;
	const order = await getOwnOrder(orders.db, viewer, id);
	if (order.status === "paid" && gateway.options.provider === "test")
		return { provider: "test", order };
	if (order.status !== "unpaid") refuseStateChange(order, "pay");
	// An order placed under another provider (test mode) may total more or less than this one takes.
	refuseUnpayableTotal(gateway.totalLimits, order.total_cents);
	const started = await gateway.start(
		order,
		await findPaymentIntentOf(orders, id),
	);
	if (started.kind === "pending") {
		if (!(await keepPaymentIntent(orders, id, started.paymentIntentId))) {
			// Cancelled (by the customer, an admin or expiry) while the payment was being made:
			// stop it, so the card form cannot take money for it.
			abandonPayment(deps, id, started.paymentIntentId);
			refuseStateChange(await getOwnOrder(orders.db, viewer, id), "pay");
		}
		// Stripe took the money but its webhook has not paid the order (delayed, lost, or sent
		// to a wrong address): record the payment now, by the webhook's rules.
		if (
			started.received &&
			isWholePayment(deps, order, started.received) &&
			(await recordOrderPayment(orders, order, {
				paymentId: started.paymentIntentId,
				provider: "stripe",
			}))
		)
			return {
				provider: "stripe",
				client_secret: started.clientSecret,
				order: await getOwnOrder(orders.db, viewer, id),
			};
		return { provider: "stripe", client_secret: started.clientSecret, order };
	}
	await recordOrderPayment(orders, order, {
		paymentId: started.paymentId,
		provider: "test",
	});
	const paid = await getOwnOrder(orders.db, viewer, id);
	if (paid.status !== "paid") refuseStateChange(paid, "pay");
	return { provider: "test", order: paid };
}

/**
 * Whether an overdue order's payment keeps it from being cancelled: it completed (and is recorded
 * now), or it is still under way, or the provider cannot say (asked again next pass).
 */
export async function isOverduePaymentUnderWay(
	deps: PaymentsDeps,
	order: Order,
	paymentIntentId: string,
): Promise<boolean> {
	let payment: PaymentState;
	try {
		payment = await deps.gateway.check(paymentIntentId);
	} catch (error) {
		deps.log.error(
			{ err: error, orderId: order.id, paymentIntentId },
			"could not check the payment of an overdue order; it is left unpaid until the next pass",
		);
		return true;
	}
	if (payment.state === "processing") return true;
	if (payment.state === "succeeded") {
		if (isWholePayment(deps, order, payment.received))
			await recordOrderPayment(deps.orders, order, {
				paymentId: paymentIntentId,
				provider: "stripe",
			});
		return true;
	}
	return false;
}

/**
 * Applies a verified webhook event of the payment provider. Each event counts once (by its id):
 * a succeeded payment of exactly the order's total, in the shop's currency, pays an unpaid order;
 * a refunded charge records what the shop has not counted yet; a dispute holds or releases the
 * order's shipment. Any other event, or one that arrives late or out of order, changes nothing.
 */
export async function applyPaymentEvent(
	deps: PaymentsDeps,
	event: PaymentEvent,
): Promise<{ applied: boolean; reason: string }> {
	const intentId =
		event.succeeded?.paymentIntentId ??
		event.refunded?.paymentIntentId ??
		event.dispute?.paymentIntentId;
	const order = intentId
		? await findOrderPaidBy(deps.orders, intentId)
		: undefined;
	if (await isPaymentEventKnown(deps.orders.db, event.eventId))
		return { applied: false, reason: "already received" };
	const result = await applyNewPaymentEvent(deps, event, order);
	// Remembered only once applied: an event whose application failed (the webhook answers 500)
	// is applied when the provider delivers it again. Applying one twice, even at once, changes
	// nothing more: each step is a conditional update or an idempotent call to the provider.
	await recordPaymentEvent(deps.orders.db, {
		event_id: event.eventId,
		type: event.type,
		order_id: order?.id ?? null,
	});
	return result;
}

/**
 * A delivery to the payment provider's webhook: its signature is checked over the exact bytes
 * sent (a delivery that is not the provider's is a 400), then its event is applied.
 */
export async function receivePaymentWebhook(
	deps: PaymentsDeps,
	rawBody: Buffer,
	signature: string | undefined,
): Promise<{ event: PaymentEvent; applied: boolean; reason: string }> {
	let event: PaymentEvent;
	try {
		event = deps.gateway.verifyWebhook(rawBody, signature);
	} catch {
		throw new ValidationError("The webhook signature is not valid");
	}
	return { event, ...(await applyPaymentEvent(deps, event)) };
}

async function applyNewPaymentEvent(
	deps: PaymentsDeps,
	event: PaymentEvent,
	order: Order | undefined,
): Promise<{ applied: boolean; reason: string }> {
	if (!event.succeeded && !event.refunded && !event.dispute)
		return { applied: false, reason: "not a payment" };
	if (!order) return { applied: false, reason: "no order has this payment" };
	if (event.refunded) {
		const isNew = await recordProviderRefund(
			deps.orders,
			order,
			event.refunded.refundedCents,
			event.refunded.refundId,
		);
		return isNew
			? { applied: true, reason: "refund recorded" }
			: { applied: false, reason: "refund already counted" };
	}
	if (event.dispute) {
		const isNew = await recordDispute(deps.orders, order, event.dispute.status);
		return {
			applied: isNew,
			reason: isNew ? `dispute ${event.dispute.status}` : "dispute unchanged",
		};
	}
	const succeeded = event.succeeded;
	if (!succeeded) return { applied: false, reason: "not a payment" };
	const { paymentIntentId } = succeeded;
	if (!isWholePayment(deps, order, succeeded))
		return { applied: false, reason: "amount or currency mismatch" };
	if (
		await recordOrderPayment(deps.orders, order, {
			paymentId: paymentIntentId,
			provider: "stripe",
		})
	)
		return { applied: true, reason: "paid" };
	// The order was no longer unpaid: paid already by this very payment, or cancelled (by the
	// customer or an admin's deletion) while the payment was on its way. Then the money goes back.
	const now = await findOrderPaidBy(deps.orders, paymentIntentId);
	if (now?.status !== "cancelled")
		return { applied: false, reason: "already paid" };
	await refundLatePayment(deps, now, paymentIntentId);
	return { applied: false, reason: "refunded: the order was cancelled" };
}

/**
 * Gives back a payment that completed for a cancelled order, keeps the refund's id on the order and
 * tells the customer. Asked again (the webhook redelivered after a failure), the provider's
 * idempotency key makes it the same refund.
 */
async function refundLatePayment(
	deps: PaymentsDeps,
	order: Order,
	paymentIntentId: string,
): Promise<void> {
	const refundId = await deps.gateway.refund(order, paymentIntentId);
	if (
		!(await recordLatePaymentRefund(
			deps.orders,
			order,
			paymentIntentId,
			refundId,
		))
	)
		return;
	deps.log.warn(
		{ orderId: order.id, paymentIntentId, refundId },
		"a payment completed for a cancelled order and was refunded",
	);
}

/** The key that makes asking the provider again for one refund the same refund. */
export function refundKey(refundId: string): string {
	return `tools-gallery-refund-${refundId}`;
}

/**
 * Asks the provider for a reserved refund and settles it with the answer: refunded (settled) or
 * refused (released). A provider that cannot be reached leaves it pending, for the reconciliation
 * to ask again with the same key. Returns whether the provider refunded it.
 */
async function carryOutRefund(
	deps: PaymentsDeps,
	refund: NonNullable<Awaited<ReturnType<typeof findRefundById>>>,
	actor: Parameters<typeof settleRefund>[3],
): Promise<"refunded" | "refused" | "unsure"> {
	const order = await getAnyOrder(deps.orders.db, refund.order_id);
	const paymentIntentId =
		(await findPaymentIntentOf(deps.orders, order.id)) ?? order.payment_id;
	if (!paymentIntentId) {
		await releaseRefund(deps.orders, refund, "the order has no payment");
		return "refused";
	}
	let providerRefundId: string;
	try {
		providerRefundId = await deps.gateway.refund(order, paymentIntentId, {
			amountCents: refund.amount_cents,
			idempotencyKey: refundKey(refund.id),
		});
	} catch (error) {
		const status = (error as { cause?: { statusCode?: unknown } }).cause
			?.statusCode;
		deps.log.error(
			{ err: error, orderId: order.id, refundId: refund.id },
			"the payment provider did not refund",
		);
		// Refused by the provider (a 4xx): nothing was refunded, so nothing stays counted.
		if (typeof status === "number" && status >= 400 && status < 500) {
			await releaseRefund(
				deps.orders,
				refund,
				"the payment provider refused the refund",
			);
			return "refused";
		}
		return "unsure";
	}
	await settleRefund(deps.orders, refund, providerRefundId, actor);
	return "refunded";
}

/**
 * An admin refunds a paid order, fully or some pieces of its lines, through the payment provider:
 * the refund is reserved first (so it cannot be given twice), then asked of the provider with a
 * key of its own, then settled; the pieces of lines not shipped go back into stock.
 */
export async function refundOrder(
	deps: PaymentsDeps,
	admin: Viewer,
	id: string,
	input: RefundInput,
): Promise<OrderDetail> {
	const refund = await reserveRefund(deps.orders, admin, id, input);
	const outcome = await carryOutRefund(deps, refund, {
		kind: "admin",
		email: admin.email,
	});
	if (outcome === "refused")
		throw new ValidationError(
			"The payment provider refused this refund; nothing was refunded.",
		);
	return getOrderDetail(deps.orders.db, id);
}

/** How long a refund may stay pending before the reconciliation asks the provider again. */
export const REFUND_RECONCILE_AFTER_MS = 60_000;

/**
 * Asks the provider again for every refund left pending (the server stopped, or the provider
 * could not be reached, between reserving and settling it): the same key makes it the same refund.
 * Returns how many it settled or released.
 */
export async function reconcileRefunds(
	deps: PaymentsDeps,
	now: Date,
): Promise<number> {
	const stalled = await findStalledRefunds(
		deps.orders,
		new Date(now.getTime() - REFUND_RECONCILE_AFTER_MS),
	);
	let ended = 0;
	for (const refund of stalled) {
		const outcome = await carryOutRefund(deps, refund, { kind: "shop" });
		if (outcome !== "unsure") ended += 1;
	}
	return ended;
}

/** The payments' use cases of one shop instance, as app.ts hands them to the routes. */
export function createPaymentUseCases(deps: PaymentsDeps) {
	return {
		paymentOptions: () => deps.gateway.options,
		payOrder: (viewer: Viewer, id: string) => payOrder(deps, viewer, id),
		refundOrder: (admin: Viewer, id: string, input: RefundInput) =>
			refundOrder(deps, admin, id, input),
		receivePaymentWebhook: (rawBody: Buffer, signature: string | undefined) =>
			receivePaymentWebhook(deps, rawBody, signature),
		abandonPaymentOf: (orderId: string) => abandonPaymentOf(deps, orderId),
	};
}

export type PaymentUseCases = ReturnType<typeof createPaymentUseCases>;
