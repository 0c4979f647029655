import { randomUUID } from "node:crypto";
import { formatCents } from "../../../shared/money.ts";
import type {
	Order,
	OrderDeletion,
	OrderListQuery,
	OrderPage,
	PaymentStart,
	PlaceOrderInput,
	UnpaidHolder,
} from "../../../shared/orders.schemas.ts";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Db, isUniqueViolation } from "../../platform/db/database.ts";
import type { WriteTransactions } from "../../platform/db/group-commit.ts";
import { readPage } from "../../platform/db/paging.ts";
import {
	AppError,
	ConflictError,
	NotFoundError,
	ValidationError,
} from "../../platform/http/errors.ts";
import type { Mailer, MailMessage } from "../../platform/mail/mailer.ts";
import {
	type PaymentEvent,
	type PaymentGateway,
	type PaymentState,
	SHOP_CURRENCY,
} from "../../platform/payments/payment-gateway.ts";
import { returnToolStock, takeToolStock } from "../tools/tools.service.ts";
import {
	countOpenUnpaidOrders,
	countOrderDeletions,
	countOrders,
	countUnpaidHolders,
	findOrder,
	findOrderByIdempotencyKey,
	findOrderByPaymentIntent,
	findOrderDeletionsPage,
	findOrdersPage,
	findOverdueOrders,
	findPaymentIntentId,
	findUnpaidHoldersPage,
	insertOrder,
	insertOrderDeletion,
	isPaymentEventKnown,
	lockCustomer,
	markOrderCancelled,
	markOrderDeleted,
	markOrderPaid,
	markOrderRefunded,
	markUnpaidOrderDeleted,
	type OverdueCursor,
	recordPaymentEvent,
	setPaymentIntent,
} from "./orders.repository.ts";

type OrdersLog = {
	error(object: object, message: string): void;
	warn(object: object, message: string): void;
	info(object: object, message: string): void;
};

export type OrdersDeps = {
	db: Db;
	/** Where orders are placed: grouped into shared commits on SQLite (group-commit.ts). */
	writes: WriteTransactions;
	payments: PaymentGateway;
	mailer: Mailer;
	log: OrdersLog;
	/** Hours after which an unpaid order is cancelled (UNPAID_ORDER_HOURS); 0: never. */
	unpaidOrderHours: number;
	/** Open unpaid orders one account may hold at once (MAX_UNPAID_ORDERS), admins included. */
	maxUnpaidOrders: number;
};

const ORDER_NOT_FOUND = "Order not found";

/**
 * Mail goes out after the change has committed; a mail that fails is logged, never undone. An
 * account's address may not be confirmed, so order mail carries no text the account chose (its
 * name): the shop's mail cannot carry a stranger's message to someone else's mailbox.
 */
function sendInBackground(deps: OrdersDeps, message: MailMessage): void {
	deps.mailer.send(message).catch((error: unknown) => {
		deps.log.error({ err: error, to: message.to }, "order mail failed");
	});
}

/** When an order placed at `placedAt` is cancelled if still unpaid; null: never. */
function payBy(
	{ unpaidOrderHours }: OrdersDeps,
	placedAt: Date,
): string | null {
	return unpaidOrderHours > 0
		? new Date(placedAt.getTime() + unpaidOrderHours * 3_600_000).toISOString()
		: null;
}

/** What the confirmation says about paying: where, and by when. */
function howToPay({ unpaidOrderHours }: OrdersDeps): string {
	return unpaidOrderHours > 0
		? `It is unpaid: pay it from My Orders in your dashboard within ${unpaidOrderHours} hours, or it is cancelled and its pieces go back into stock.`
		: "It is unpaid: pay it from My Orders in your dashboard.";
}

function describeOrder(order: Order): string {
	return [
		`${order.order_quantity} × ${order.tool_name} at ${formatCents(order.price_cents)}`,
		`Total: ${formatCents(order.total_cents)}`,
		`Order: ${order.id}`,
	].join("\n");
}

/**
 * The answer to an order sent again with the Idempotency-Key of an earlier one: that order, if
 * the request is the same and the order still exists; a 409 otherwise, never a second order.
 */
function replay(
	earlier: { order: Order; isDeleted: boolean },
	input: PlaceOrderInput,
): { order: Order; isReplay: true } {
	if (
		earlier.order.tool_id !== input.tool_id ||
		earlier.order.order_quantity !== input.order_quantity
	)
		throw new ConflictError(
			"This Idempotency-Key was used for a different order. Send a new key to place a new order.",
		);
	if (earlier.isDeleted)
		throw new ConflictError(
			"The order placed with this Idempotency-Key was deleted by the shop. Send a new key to order again.",
		);
	return { order: earlier.order, isReplay: true };
}

const unpaidOrders = (count: number) =>
	count === 1 ? "1 unpaid order" : `${count} unpaid orders`;

/**
 * Refuses a new order from a customer who already holds as many open unpaid orders as an account
 * may: one new account must not be able to keep the whole stock out of reach of everyone else.
 */
async function refuseBeyondUnpaidLimit(
	trx: Db,
	{ maxUnpaidOrders }: OrdersDeps,
	userId: string,
	now: Date,
): Promise<void> {
	const held = await countOpenUnpaidOrders(trx, userId, now.toISOString());
	if (held < maxUnpaidOrders) return;
	const holding =
		held === maxUnpaidOrders
			? `You have ${unpaidOrders(held)}, the most an account can hold.`
			: `You have ${unpaidOrders(held)}; an account can hold at most ${maxUnpaidOrders}.`;
	const toSettle = held - maxUnpaidOrders + 1;
	throw new AppError(
		409,
		"TOO_MANY_UNPAID_ORDERS",
		`${holding} Pay or cancel ${toSettle === 1 ? "one" : toSettle} in My Orders to order again.`,
	);
}

/** Refuses an order whose total the payment provider could not take. */
function refuseUnpayableTotal(
	payments: PaymentGateway,
	totalCents: number,
): void {
	const { minCents, maxCents } = payments.totalLimits;
	if (totalCents >= minCents && totalCents <= maxCents) return;
	const message = `Card payments must total between ${formatCents(minCents)} and ${formatCents(maxCents)}; this order would total ${formatCents(totalCents)}.`;
	throw new ConflictError(message, [{ field: "order_quantity", message }]);
}

/**
 * Places an order in one transaction: checks the customer's unpaid orders against the limit,
 * takes the stock with a conditional update (never below zero, never below the minimum order) and
 * records the order with a copy of the tool and the customer. The same Idempotency-Key from the
 * same customer answers with the first order, even when the customer is at the limit now.
 */
export async function placeOrder(
	deps: OrdersDeps,
	viewer: Viewer,
	input: PlaceOrderInput,
	idempotencyKey: string | undefined,
): Promise<{ order: Order; isReplay: boolean }> {
	const { db } = deps;
	if (idempotencyKey) {
		const earlier = await findOrderByIdempotencyKey(
			db,
			viewer.id,
			idempotencyKey,
		);
		if (earlier) return replay(earlier, input);
	}
	let placed: { order: Order; isReplay: boolean };
	const placedAt = new Date();
	try {
		placed = await deps.writes.run(async (trx) => {
			// Held until the commit: this customer's other placements wait here, then count this one.
			await lockCustomer(trx, viewer.id);
			if (idempotencyKey) {
				// The same key sent twice at once: the first may have committed while this one waited.
				const earlier = await findOrderByIdempotencyKey(
					trx,
					viewer.id,
					idempotencyKey,
				);
				if (earlier) return replay(earlier, input);
			}
			await refuseBeyondUnpaidLimit(trx, deps, viewer.id, placedAt);
			const tool = await takeToolStock(
				trx,
				input.tool_id,
				input.order_quantity,
			);
			const totalCents = tool.price_cents * input.order_quantity;
			// Thrown inside the transaction: the stock just taken goes back with it.
			refuseUnpayableTotal(deps.payments, totalCents);
			const order = await insertOrder(trx, {
				id: randomUUID(),
				user_id: viewer.id,
				email: viewer.email,
				user_name: viewer.name,
				tool_id: tool.id,
				tool_name: tool.tool_name,
				img: tool.img,
				description: tool.description,
				price_cents: tool.price_cents,
				order_quantity: input.order_quantity,
				total_cents: totalCents,
				idempotency_key: idempotencyKey ?? null,
				created_at: placedAt.toISOString(),
				pay_by: payBy(deps, placedAt),
			});
			return { order, isReplay: false };
		});
	} catch (error) {
		// The same key sent twice at once: the other request placed the order.
		if (idempotencyKey && isUniqueViolation(error)) {
			const earlier = await findOrderByIdempotencyKey(
				db,
				viewer.id,
				idempotencyKey,
			);
			if (earlier) return replay(earlier, input);
		}
		throw error;
	}
	if (placed.isReplay) return placed;
	const { order } = placed;
	sendInBackground(deps, {
		to: order.email,
		subject: `Tools Gallery: order confirmed, ${order.tool_name}`,
		text: `Thank you for your order.\n\n${describeOrder(order)}\n\n${howToPay(deps)}`,
	});
	return { order, isReplay: false };
}

/** A customer's own order; anyone else's is a 404, as if it did not exist. */
export async function getOwnOrder(
	db: Db,
	viewer: Viewer,
	id: string,
): Promise<Order> {
	const order = await findOrder(db, id, viewer.id);
	if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
	const { user_id: _owner, ...visible } = order;
	return visible;
}

export function listOwnOrders(
	db: Db,
	viewer: Viewer,
	query: PageQuery,
): Promise<Page<Order>> {
	const filter = { userId: viewer.id };
	return readPage(
		query,
		(offset, limit) => findOrdersPage(db, filter, offset, limit),
		() => countOrders(db, filter),
	);
}

/** Every customer's orders for the admins, newest first, by status and part of the email. */
export function listAllOrders(
	db: Db,
	query: OrderListQuery,
): Promise<OrderPage> {
	const filter = {
		status: query.status,
		emailContains: query.email?.toLowerCase() || undefined,
	};
	return readPage(
		query,
		(offset, limit) => findOrdersPage(db, filter, offset, limit),
		() => countOrders(db, filter),
	);
}

/** Why an order that is the caller's could not leave the unpaid state. */
function refuseStateChange(order: Order, action: "cancel" | "pay"): never {
	if (order.status === "paid")
		throw new ConflictError(
			action === "cancel"
				? "A paid order cannot be cancelled"
				: "This order is already paid",
		);
	throw new ConflictError(
		action === "cancel"
			? "This order is already cancelled"
			: "A cancelled order cannot be paid",
	);
}

/**
 * After an unpaid order is cancelled or deleted, stops the payment begun for it, if any, so it can
 * no longer be completed. It runs after the commit and never undoes it: one that cannot be stopped
 * (it completed meanwhile) is refunded when its webhook arrives.
 */
async function abandonPaymentInBackground(
	deps: OrdersDeps,
	orderId: string,
): Promise<void> {
	const paymentIntentId = await findPaymentIntentId(deps.db, orderId);
	if (paymentIntentId) abandonPayment(deps, orderId, paymentIntentId);
}

function abandonPayment(
	deps: OrdersDeps,
	orderId: string,
	paymentIntentId: string,
): void {
	deps.payments.abandon(paymentIntentId).catch((error: unknown) => {
		deps.log.error(
			{ err: error, orderId, paymentIntentId },
			"could not stop the payment of a cancelled order; it is refunded if it completes",
		);
	});
}

/**
 * Cancels an unpaid order and puts its stock back, in one transaction; with `userId`, only that
 * customer's. Returns whether it did (false: it was no longer unpaid).
 */
function cancelAndRestock(
	db: Db,
	order: Order,
	userId?: string,
): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const isCancelled = await markOrderCancelled(
			trx,
			order.id,
			new Date().toISOString(),
			userId,
		);
		if (isCancelled)
			await returnToolStock(trx, order.tool_id, order.order_quantity);
		return isCancelled;
	});
}

/** Cancels the customer's unpaid order and puts its stock back, in one transaction. */
export async function cancelOrder(
	deps: OrdersDeps,
	viewer: Viewer,
	id: string,
): Promise<Order> {
	const { db } = deps;
	const order = await getOwnOrder(db, viewer, id);
	const isCancelled = await cancelAndRestock(db, order, viewer.id);
	const now = await getOwnOrder(db, viewer, id);
	if (!isCancelled) refuseStateChange(now, "cancel");
	await abandonPaymentInBackground(deps, id);
	return now;
}

/** How many overdue orders one pass reads at a time. */
const EXPIRY_BATCH = 100;

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
	deps: OrdersDeps,
	now: Date,
	isStopping: () => boolean = () => false,
): Promise<number> {
	let cancelled = 0;
	let cursor: OverdueCursor | undefined;
	for (;;) {
		const overdue = await findOverdueOrders(
			deps.db,
			now.toISOString(),
			cursor,
			EXPIRY_BATCH,
		);
		for (const { order, paymentIntentId } of overdue) {
			if (isStopping()) return cancelled;
			cursor = { payBy: order.pay_by ?? "", id: order.id };
			if (
				paymentIntentId &&
				(await isPaymentUnderWay(deps, order, paymentIntentId))
			)
				continue;
			// Paid, cancelled or deleted meanwhile: left as it is.
			if (!(await cancelAndRestock(deps.db, order))) continue;
			cancelled += 1;
			if (paymentIntentId) abandonPayment(deps, order.id, paymentIntentId);
			sendInBackground(deps, {
				to: order.email,
				subject: `Tools Gallery: order cancelled, ${order.tool_name}`,
				text: `Your order was not paid in time, so we have cancelled it and its pieces are back in stock. You are welcome to order again.\n\n${describeOrder(order)}`,
			});
		}
		if (overdue.length < EXPIRY_BATCH) return cancelled;
	}
}

/**
 * Whether an overdue order's payment keeps it from being cancelled: it completed (and is recorded
 * now), or it is still under way, or the provider cannot say (asked again next pass).
 */
async function isPaymentUnderWay(
	deps: OrdersDeps,
	order: Order,
	paymentIntentId: string,
): Promise<boolean> {
	let payment: PaymentState;
	try {
		payment = await deps.payments.check(paymentIntentId);
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
			await recordPayment(deps, order, paymentIntentId, "stripe");
		return true;
	}
	return false;
}

/**
 * Pays the customer's unpaid order. With the test provider it is paid at once; with Stripe the
 * answer carries the PaymentIntent's client secret (the same one when asked again). Paying a paid
 * order records nothing new.
 */
export async function payOrder(
	deps: OrdersDeps,
	viewer: Viewer,
	id: string,
): Promise<PaymentStart> {
	const { db, payments } = deps;
	const order = await getOwnOrder(db, viewer, id);
	if (order.status === "paid" && payments.options.provider === "test")
		return { provider: "test", order };
	if (order.status !== "unpaid") refuseStateChange(order, "pay");
	// An order placed under another provider (test mode) may total more or less than this one takes.
	refuseUnpayableTotal(payments, order.total_cents);
	const started = await payments.start(
		order,
		await findPaymentIntentId(db, id),
	);
	if (started.kind === "pending") {
		if (!(await setPaymentIntent(db, id, started.paymentIntentId))) {
			// Cancelled (by the customer, an admin or expiry) while the payment was being made:
			// stop it, so the card form cannot take money for it.
			abandonPayment(deps, id, started.paymentIntentId);
			refuseStateChange(await getOwnOrder(db, viewer, id), "pay");
		}
		// Stripe took the money but its webhook has not paid the order (delayed, lost, or sent
		// to a wrong address): record the payment now, by the webhook's rules.
		if (
			started.received &&
			isWholePayment(deps, order, started.received) &&
			(await recordPayment(deps, order, started.paymentIntentId, "stripe"))
		)
			return {
				provider: "stripe",
				client_secret: started.clientSecret,
				order: await getOwnOrder(db, viewer, id),
			};
		return { provider: "stripe", client_secret: started.clientSecret, order };
	}
	await recordPayment(deps, order, started.paymentId, "test");
	const paid = await getOwnOrder(db, viewer, id);
	if (paid.status !== "paid") refuseStateChange(paid, "pay");
	return { provider: "test", order: paid };
}

/** Marks an unpaid order paid (once) and mails the receipt. */
async function recordPayment(
	deps: OrdersDeps,
	order: Order,
	paymentId: string,
	provider: string,
): Promise<boolean> {
	const isPaid = await markOrderPaid(deps.db, order.id, {
		paymentId,
		provider,
		at: new Date().toISOString(),
	});
	if (isPaid)
		sendInBackground(deps, {
			to: order.email,
			subject: `Tools Gallery: payment received, ${order.tool_name}`,
			text: `We received your payment.\n\n${describeOrder(order)}\nTransaction ID: ${paymentId}`,
		});
	return isPaid;
}

/**
 * Applies a verified webhook event of the payment provider. Each event counts once (by its id);
 * only a succeeded payment of exactly the order's total, in the shop's currency, pays an unpaid
 * order; any other event, or one that arrives late or out of order, changes nothing.
 */
export async function applyPaymentEvent(
	deps: OrdersDeps,
	event: PaymentEvent,
): Promise<{ applied: boolean; reason: string }> {
	const { db } = deps;
	const order = event.succeeded
		? await findOrderByPaymentIntent(db, event.succeeded.paymentIntentId)
		: undefined;
	if (await isPaymentEventKnown(db, event.eventId))
		return { applied: false, reason: "already received" };
	const result = await applyNewPaymentEvent(deps, event, order);
	// Remembered only once applied: an event whose application failed (the webhook answers 500)
	// is applied when the provider delivers it again. Applying one twice, even at once, changes
	// nothing more: each step is a conditional update or an idempotent call to the provider.
	await recordPaymentEvent(db, {
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
	deps: OrdersDeps,
	rawBody: Buffer,
	signature: string | undefined,
): Promise<{ event: PaymentEvent; applied: boolean; reason: string }> {
	let event: PaymentEvent;
	try {
		event = deps.payments.verifyWebhook(rawBody, signature);
	} catch {
		throw new ValidationError("The webhook signature is not valid");
	}
	return { event, ...(await applyPaymentEvent(deps, event)) };
}

/** Whether a completed payment is exactly the order's total, in the shop's currency. */
function isWholePayment(
	deps: OrdersDeps,
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

async function applyNewPaymentEvent(
	deps: OrdersDeps,
	event: PaymentEvent,
	order: Order | undefined,
): Promise<{ applied: boolean; reason: string }> {
	if (!event.succeeded) return { applied: false, reason: "not a payment" };
	if (!order) return { applied: false, reason: "no order has this payment" };
	const { paymentIntentId } = event.succeeded;
	if (!isWholePayment(deps, order, event.succeeded))
		return { applied: false, reason: "amount or currency mismatch" };
	if (await recordPayment(deps, order, paymentIntentId, "stripe"))
		return { applied: true, reason: "paid" };
	// The order was no longer unpaid: paid already by this very payment, or cancelled (by the
	// customer or an admin's deletion) while the payment was on its way. Then the money goes back.
	const now = await findOrderByPaymentIntent(deps.db, paymentIntentId);
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
	deps: OrdersDeps,
	order: Order,
	paymentIntentId: string,
): Promise<void> {
	const refundId = await deps.payments.refund(order, paymentIntentId);
	const at = new Date().toISOString();
	if (!(await markOrderRefunded(deps.db, order.id, { refundId, at }))) return;
	deps.log.warn(
		{ orderId: order.id, paymentIntentId, refundId },
		"a payment completed for a cancelled order and was refunded",
	);
	sendInBackground(deps, {
		to: order.email,
		subject: `Tools Gallery: payment refunded, ${order.tool_name}`,
		text: `Your payment arrived after this order was cancelled, so we have refunded it in full.\n\n${describeOrder(order)}\nTransaction ID: ${paymentIntentId}\nRefund: ${refundId}`,
	});
}

/**
 * Deletes any order for an admin. An unpaid order's stock goes back in the same transaction;
 * every deletion leaves an audit record of who, when and what.
 */
export async function deleteOrder(
	deps: OrdersDeps,
	admin: Viewer,
	id: string,
): Promise<void> {
	const { db } = deps;
	const order = await findOrder(db, id);
	if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
	const { user_id: _owner, ...snapshot } = order;
	const at = new Date().toISOString();
	/** What the deletion did: also cancelled the (unpaid) order, or only deleted it; null: nothing. */
	const outcome = await db.transaction().execute(async (trx) => {
		let restocked = 0;
		if (await markUnpaidOrderDeleted(trx, id, at)) {
			restocked = order.order_quantity;
			await returnToolStock(trx, order.tool_id, restocked);
		} else if (!(await markOrderDeleted(trx, id, at))) return null;
		await insertOrderDeletion(trx, {
			id: randomUUID(),
			order: snapshot,
			deleted_at: at,
			deleted_by_id: admin.id,
			deleted_by_email: admin.email,
			restocked,
		});
		return restocked > 0 ? "cancelled" : "deleted";
	});
	if (!outcome) throw new NotFoundError(ORDER_NOT_FOUND);
	if (outcome === "cancelled") await abandonPaymentInBackground(deps, id);
}

/** Who holds the stock through unpaid orders, for the admins: the largest holders first. */
export function listUnpaidHolders(
	db: Db,
	query: PageQuery,
): Promise<Page<UnpaidHolder>> {
	return readPage(
		query,
		(offset, limit) => findUnpaidHoldersPage(db, offset, limit),
		() => countUnpaidHolders(db),
	);
}

export function listOrderDeletions(
	db: Db,
	query: PageQuery,
): Promise<Page<OrderDeletion>> {
	return readPage(
		query,
		(offset, limit) => findOrderDeletionsPage(db, offset, limit),
		() => countOrderDeletions(db),
	);
}

/** The orders' use cases of one shop instance, as app.ts hands them to the routes. */
export function createOrderUseCases(deps: OrdersDeps) {
	const { db } = deps;
	return {
		paymentOptions: () => deps.payments.options,
		placeOrder: (
			viewer: Viewer,
			input: PlaceOrderInput,
			idempotencyKey: string | undefined,
		) => placeOrder(deps, viewer, input, idempotencyKey),
		listOwnOrders: (viewer: Viewer, query: PageQuery) =>
			listOwnOrders(db, viewer, query),
		getOwnOrder: (viewer: Viewer, id: string) => getOwnOrder(db, viewer, id),
		cancelOrder: (viewer: Viewer, id: string) => cancelOrder(deps, viewer, id),
		payOrder: (viewer: Viewer, id: string) => payOrder(deps, viewer, id),
		listAllOrders: (query: OrderListQuery) => listAllOrders(db, query),
		deleteOrder: (admin: Viewer, id: string) => deleteOrder(deps, admin, id),
		listOrderDeletions: (query: PageQuery) => listOrderDeletions(db, query),
		listUnpaidHolders: (query: PageQuery) => listUnpaidHolders(db, query),
		receivePaymentWebhook: (rawBody: Buffer, signature: string | undefined) =>
			receivePaymentWebhook(deps, rawBody, signature),
	};
}

export type OrderUseCases = ReturnType<typeof createOrderUseCases>;
