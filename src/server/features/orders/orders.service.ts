import type {
	CheckoutInput,
	FulfilmentInput,
} from "../../../shared/checkout.schemas.ts";
import { formatCents } from "../../../shared/money.ts";
import type {
	Order,
	OrderDeletion,
	OrderDetail,
	OrderEvent,
	OrderFulfilment,
	OrderListQuery,
	OrderPage,
	OrderStatus,
	PlaceOrderInput,
	RefundInput,
	ShipOrderInput,
	UnpaidHolder,
} from "../../../shared/orders.schemas.ts";
import type { Page, PageQuery } from "../../../shared/paging.schemas.ts";
import { toStoredTime } from "../../../shared/paging.schemas.ts";
import type { PaymentMethod } from "../../../shared/payment-terms.schemas.ts";
import { unitPriceCents } from "../../../shared/purchase-rule.ts";
import type { Viewer } from "../../platform/auth/session-guard.ts";
import { type Db, isUniqueViolation } from "../../platform/db/database.ts";
import type { WriteTransactions } from "../../platform/db/group-commit.ts";
import { readPage } from "../../platform/db/paging.ts";
import {
	AppError,
	ConflictError,
	NotFoundError,
} from "../../platform/http/errors.ts";
import { timeOrderedId } from "../../platform/time-ordered-id.ts";
import { removeOrderedCartLines } from "../cart/cart.service.ts";
import {
	issueCreditNote,
	issueInvoice,
	listInvoicesOfOrders,
} from "../invoices/invoices.service.ts";
import { enqueueMail } from "../mail/mail-outbox.service.ts";
import { findReceivingPointForOrder } from "../receiving-points/receiving-points.service.ts";
import {
	inLockOrder,
	readToolsForLines,
	returnToolStock,
	takeStockAsRead,
} from "../tools/tools.service.ts";
import {
	cancelledMail,
	confirmationMail,
	DEFAULT_SENDER,
	expiredMail,
	latePaymentRefundedMail,
	type MailSender,
	type OrderMail,
	readyForCollectionMail,
	receiptMail,
	refundedMail,
	shippedMail,
} from "./order-mails.ts";
import {
	advanceOrder,
	countOpenUnpaidOrders,
	countOrderDeletions,
	countOrders,
	countRefund,
	countUnpaidHolders,
	type ExportedOrderLine,
	findLastTimelineSeq,
	findOrder,
	findOrderByIdempotencyKey,
	findOrderByPaymentIntent,
	findOrderDeletionsPage,
	findOrderEvents,
	findOrderLinesForExport,
	findOrderRefunds,
	findOrdersPage,
	findOverdueOrders,
	findPaymentIntentId,
	findPendingRefunds,
	findRefund,
	findTimelineAfter,
	findUnpaidHoldersPage,
	insertOrder,
	insertOrderDeletion,
	insertOrderEvent,
	insertRefund,
	lockCustomer,
	markFullyRefunded,
	markOrderCancelled,
	markOrderDeleted,
	markOrderPaid,
	markOrderRefunded,
	markUnpaidOrderDeleted,
	type OverdueCursor,
	REFUNDABLE_STATUSES,
	type StoredRefund,
	setDisputeStatus,
	setPaymentIntent,
	settleRefundRow,
	sumRefunds,
	type TimelineStep,
	uncountRefund,
} from "./orders.repository.ts";
import { dueDateOf, refuseBeyondCreditLimit } from "./payment-terms.service.ts";

type OrdersLog = {
	error(object: object, message: string): void;
	warn(object: object, message: string): void;
	info(object: object, message: string): void;
};

export type OrdersDeps = {
	db: Db;
	/** Where orders are placed: grouped into shared commits on SQLite (group-commit.ts). */
	writes: WriteTransactions;
	log: OrdersLog;
	/** Hours after which an unpaid order is cancelled (UNPAID_ORDER_HOURS); 0: never. */
	unpaidOrderHours: number;
	/** Open unpaid orders one account may hold at once (MAX_UNPAID_ORDERS), admins included. */
	maxUnpaidOrders: number;
	/** The smallest and largest total, in cents, the payment provider can take. */
	paymentLimits: { minCents: number; maxCents: number };
	/** Wakes the mail outbox once a change that wrote mail has committed. */
	notifyMail: () => void;
	/**
	 * Tells the catalog, once a change that may have moved stock has committed and before it is
	 * answered, so the next tool list read sees the stock as it now is (decision 016).
	 */
	onStockChanged: () => void;
	/** Who the order mails come from; the default shop name unless given. */
	sender?: (db: Db) => Promise<MailSender>;
	/** Told the timeline steps of each change once it has committed (the metrics count them). */
	onOrderSteps?: (kinds: readonly OrderEvent["kind"][]) => void;
};

/** Who made a change to an order, as its timeline shows it. */
export type OrderActor =
	| { kind: "customer" }
	| { kind: "admin"; email: string }
	| { kind: "shop" }
	| { kind: "payment provider" };

const ORDER_NOT_FOUND = "Order not found";

/**
 * The timeline steps recorded by the change running in a transaction, kept until it commits. An
 * order's placement shares its transaction with others on SQLite (group commit), but they run one
 * after another, and each starts its own list (`collectSteps`).
 */
const stepsOf = new WeakMap<Db, OrderEvent["kind"][]>();

/** From now on, the steps recorded in `trx` go into the list returned. */
function collectSteps(trx: Db): OrderEvent["kind"][] {
	const steps: OrderEvent["kind"][] = [];
	stepsOf.set(trx, steps);
	return steps;
}

/** A step of an order's timeline, as the change running in `trx` records it. */
function stepOf(
	trx: Db,
	kind: OrderEvent["kind"],
	actor: OrderActor,
	at: string,
	details: OrderEvent["details"] = {},
): OrderEvent {
	stepsOf.get(trx)?.push(kind);
	return {
		at,
		kind,
		actor: actor.kind,
		actor_email: actor.kind === "admin" ? actor.email : null,
		details,
	};
}

/** Adds a step to the order's timeline inside the caller's transaction. */
function recordEvent(
	trx: Db,
	orderId: string,
	kind: OrderEvent["kind"],
	actor: OrderActor,
	at: string,
	details: OrderEvent["details"] = {},
): Promise<void> {
	return insertOrderEvent(trx, {
		...stepOf(trx, kind, actor, at, details),
		order_id: orderId,
	});
}

/** Writes an order mail into the outbox, inside the transaction of the change it tells of. */
async function enqueueOrderMail(
	deps: OrdersDeps,
	trx: Db,
	build: (sender: MailSender) => OrderMail,
): Promise<void> {
	await writeOrderMail(trx, await senderOf(deps, trx), build);
}

function senderOf(deps: OrdersDeps, trx: Db): Promise<MailSender> {
	return deps.sender ? deps.sender(trx) : Promise.resolve(DEFAULT_SENDER);
}

async function writeOrderMail(
	trx: Db,
	sender: MailSender,
	build: (sender: MailSender) => OrderMail,
): Promise<void> {
	const { kind, ...message } = build(sender);
	await enqueueMail(trx, { ...message, kind });
}

/**
 * Runs a change of orders in one transaction with the mail it writes, then wakes the outbox.
 */
async function change<T>(
	deps: OrdersDeps,
	work: (trx: Db) => Promise<T>,
): Promise<T> {
	let steps: OrderEvent["kind"][] = [];
	const result = await deps.db.transaction().execute((trx) => {
		steps = collectSteps(trx);
		return work(trx);
	});
	deps.onStockChanged();
	deps.notifyMail();
	deps.onOrderSteps?.(steps);
	return result;
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

/** What an order is made of, as placing it asks: its lines and where its goods go. */
type OrderRequest = {
	lines: readonly { tool_id: string; quantity: number }[];
	fulfilment?: FulfilmentInput;
	purchase_order?: string;
	note?: string;
};

/**
 * How an order comes about, beyond its lines: from the purchase page (one line, at once), a
 * checkout (the cart's ordered tools leave it), or an accepted quote (its agreed prices, and the
 * quote marked accepted in the same transaction, so a quote becomes one order or none).
 */
type Placement = {
	source: "purchase" | "checkout" | "quote";
	/** Unit prices agreed outside the catalog's (a quote's), by tool id. */
	agreedPrices?: ReadonlyMap<string, number>;
	/** Runs inside the order's transaction once the order and its lines are written. */
	alsoInTransaction?: (trx: Db, order: Order) => Promise<void>;
	/**
	 * "invoice": an approved business customer's order, within their credit limit: accepted
	 * unpaid with a due date and invoiced at once; it neither expires nor counts as a stock hold.
	 */
	payment?: PaymentMethod;
};

/** Whether an earlier order holds exactly the lines asked for now. */
function hasSameLines(order: Order, request: OrderRequest): boolean {
	return (
		order.lines.length === request.lines.length &&
		order.lines.every(
			(line, index) =>
				line.tool_id === request.lines[index]?.tool_id &&
				line.quantity === request.lines[index]?.quantity,
		)
	);
}

/**
 * The answer to an order sent again with the Idempotency-Key of an earlier one: that order, if
 * the request is the same and the order still exists; a 409 otherwise, never a second order.
 */
function replay(
	earlier: { order: Order; isDeleted: boolean },
	request: OrderRequest,
): { order: Order; isReplay: true } {
	if (!hasSameLines(earlier.order, request))
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
export function refuseUnpayableTotal(
	limits: OrdersDeps["paymentLimits"],
	totalCents: number,
	field = "order_quantity",
): void {
	const { minCents, maxCents } = limits;
	if (totalCents >= minCents && totalCents <= maxCents) return;
	const message = `Card payments must total between ${formatCents(minCents)} and ${formatCents(maxCents)}; this order would total ${formatCents(totalCents)}.`;
	throw new ConflictError(message, [{ field, message }]);
}

/**
 * Where the goods of a checkout go, as the order keeps it: the address given, or a copy of the
 * receiving point chosen (read inside the transaction: one deleted meanwhile is refused).
 */
async function resolveFulfilment(
	trx: Db,
	input: FulfilmentInput | undefined,
): Promise<OrderFulfilment> {
	if (!input) return { kind: "none" };
	if (input.kind === "delivery")
		return { kind: "delivery", address: input.address };
	const point = await findReceivingPointForOrder(trx, input.receiving_point_id);
	if (!point) {
		const message =
			"This receiving point is no longer on the list. Choose another one.";
		throw new ConflictError(message, [
			{ field: "fulfilment.receiving_point_id", message },
		]);
	}
	return { kind: "collection", receiving_point: point };
}

/**
 * Places an order in one transaction: checks the customer's unpaid orders against the limit,
 * takes the stock of every line with conditional updates (never below zero, never below the
 * minimum order; one line that does not fit and nothing is taken), records the order and its
 * lines with a copy of each tool and of the customer, its first timeline step and its
 * confirmation mail, and (a checkout) takes the ordered tools out of the customer's cart. The
 * same Idempotency-Key from the same customer answers with the first order, even when the
 * customer is at the limit now.
 */
async function placeLines(
	deps: OrdersDeps,
	viewer: Viewer,
	request: OrderRequest,
	idempotencyKey: string | undefined,
	placement: Placement,
): Promise<{ order: Order; isReplay: boolean }> {
	const { db } = deps;
	if (idempotencyKey) {
		const earlier = await findOrderByIdempotencyKey(
			db,
			viewer.id,
			idempotencyKey,
		);
		if (earlier) {
			const { order } = replay(earlier, request);
			return { order: await withInvoices(db, order), isReplay: true };
		}
	}
	let placed: { order: Order; isReplay: boolean };
	const placedAt = new Date();
	const isOneLine = placement.source === "purchase";
	let steps: OrderEvent["kind"][] = [];
	try {
		placed = await deps.writes.run(async (trx) => {
			steps = collectSteps(trx);
			// Held until the commit: this customer's other placements wait here, then count this one.
			await lockCustomer(trx, viewer.id);
			if (idempotencyKey) {
				// The same key sent twice at once: the first may have committed while this one waited.
				const earlier = await findOrderByIdempotencyKey(
					trx,
					viewer.id,
					idempotencyKey,
				);
				if (earlier) return replay(earlier, request);
			}
			const byInvoice = placement.payment === "invoice";
			if (!byInvoice)
				await refuseBeyondUnpaidLimit(trx, deps, viewer.id, placedAt);
			const fulfilment = await resolveFulfilment(trx, request.fulfilment);
			// Read before the stock is taken: a tool's row stays locked from then until the commit.
			const sender = await senderOf(deps, trx);
			const tools = await readToolsForLines(trx, request.lines, isOneLine);
			const lines = request.lines.map((line, index) => {
				const tool = tools[index] as (typeof tools)[number];
				const unitPrice =
					placement.agreedPrices?.get(tool.id) ??
					unitPriceCents(tool, line.quantity);
				return {
					tool_id: tool.id,
					tool_name: tool.tool_name,
					img: tool.img,
					description: tool.description,
					price_cents: unitPrice,
					quantity: line.quantity,
					line_total_cents: unitPrice * line.quantity,
				};
			});
			const totalCents = lines.reduce(
				(sum, line) => sum + line.line_total_cents,
				0,
			);
			// Thrown inside the transaction: the stock just taken goes back with it.
			const terms = byInvoice
				? await refuseBeyondCreditLimit(trx, viewer.id, totalCents)
				: undefined;
			if (!terms)
				refuseUnpayableTotal(
					deps.paymentLimits,
					totalCents,
					isOneLine ? "order_quantity" : "lines",
				);
			const [first] = lines as [
				(typeof lines)[number],
				...(typeof lines)[number][],
			];
			const at = placedAt.toISOString();
			const order = await insertOrder(
				trx,
				{
					id: timeOrderedId(),
					user_id: viewer.id,
					email: viewer.email,
					user_name: viewer.name,
					tool_id: first.tool_id,
					tool_name: first.tool_name,
					img: first.img,
					description: first.description,
					price_cents: first.price_cents,
					order_quantity: first.quantity,
					pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
					total_cents: totalCents,
					fulfilment,
					purchase_order: request.purchase_order || null,
					note: request.note || null,
					idempotency_key: idempotencyKey ?? null,
					created_at: at,
					pay_by: terms ? null : payBy(deps, placedAt),
					payment_method: terms ? "invoice" : "card",
					due_at: terms ? dueDateOf(placedAt, terms.net_days) : null,
				},
				lines,
				stepOf(trx, "placed", { kind: "customer" }, at),
			);
			await placement.alsoInTransaction?.(trx, order);
			// Paid by invoice: the invoice is the bill, issued with the order (its number last, as
			// the counter stays locked until the commit).
			const invoice = terms
				? await issueInvoice(trx, order, placedAt)
				: undefined;
			if (invoice)
				await recordEvent(
					trx,
					order.id,
					"invoice_issued",
					{ kind: "shop" },
					at,
					{
						number: invoice.number,
					},
				);
			await writeOrderMail(trx, sender, (sender) =>
				confirmationMail(order, sender, deps.unpaidOrderHours, invoice?.number),
			);
			// A checkout empties the cart of what it ordered; the purchase page's order leaves it be.
			if (placement.source === "checkout")
				await removeOrderedCartLines(
					trx,
					viewer.id,
					lines.map((line) => line.tool_id),
				);
			// Last, right before the commit: a tool's row is locked from here on, so orders for one
			// tool wait on each other for as short a time as can be. Refused: all of the above rolls back.
			await takeStockAsRead(
				trx,
				request.lines.map((line, index) => ({
					...line,
					version: (tools[index] as (typeof tools)[number]).version,
				})),
				isOneLine,
			);
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
			if (earlier) return replay(earlier, request);
		}
		throw error;
	}
	if (!placed.isReplay) {
		deps.onStockChanged();
		deps.notifyMail();
		deps.onOrderSteps?.(steps);
	}
	// A replay answers the order as it is now, paid and invoiced perhaps; an order paid by
	// invoice has its invoice from the start.
	return placed.isReplay || placed.order.payment_method === "invoice"
		? { order: await withInvoices(db, placed.order), isReplay: placed.isReplay }
		: placed;
}

/** The spec's purchase: one tool and a quantity, ordered at once from the purchase page. */
export function placeOrder(
	deps: OrdersDeps,
	viewer: Viewer,
	input: PlaceOrderInput,
	idempotencyKey: string | undefined,
): Promise<{ order: Order; isReplay: boolean }> {
	return placeLines(
		deps,
		viewer,
		{ lines: [{ tool_id: input.tool_id, quantity: input.order_quantity }] },
		idempotencyKey,
		{ source: "purchase" },
	);
}

/** Checking out a cart: every line, where the goods go, and the customer's references. */
export function checkOut(
	deps: OrdersDeps,
	viewer: Viewer,
	input: CheckoutInput,
	idempotencyKey: string | undefined,
): Promise<{ order: Order; isReplay: boolean }> {
	return placeLines(deps, viewer, input, idempotencyKey, {
		source: "checkout",
		payment: input.payment_method,
	});
}

/**
 * What accepting a quote orders: its tool and quantity at the quoted unit price, delivered or
 * collected as the customer chooses. `markAccepted` runs in the order's transaction and throws
 * when the quote can no longer be accepted, which undoes the order and its stock.
 */
export type QuotedOrderInput = {
	tool_id: string;
	quantity: number;
	unit_price_cents: number;
	fulfilment: FulfilmentInput;
	purchase_order?: string;
	note?: string;
};

/**
 * Orders what a quote offered, at the price it named, in one transaction with the quote's own
 * change: the stock is taken now (the quote held none), against the tool's stock, minimum and
 * packs as any order is.
 */
export function placeQuotedOrder(
	deps: OrdersDeps,
	viewer: Viewer,
	input: QuotedOrderInput,
	idempotencyKey: string | undefined,
	markAccepted: (trx: Db, order: Order) => Promise<void>,
): Promise<{ order: Order; isReplay: boolean }> {
	return placeLines(
		deps,
		viewer,
		{
			lines: [{ tool_id: input.tool_id, quantity: input.quantity }],
			fulfilment: input.fulfilment,
			purchase_order: input.purchase_order,
			note: input.note,
		},
		idempotencyKey,
		{
			source: "quote",
			agreedPrices: new Map([[input.tool_id, input.unit_price_cents]]),
			alsoInTransaction: markAccepted,
		},
	);
}

/** Orders with their invoices and credit notes (the invoices feature's), in one more query. */
async function withInvoicesAll(db: Db, orders: Order[]): Promise<Order[]> {
	const invoices = await listInvoicesOfOrders(
		db,
		orders.map((order) => order.id),
	);
	return orders.map((order) => ({
		...order,
		invoices: invoices.get(order.id) ?? [],
	}));
}

async function withInvoices(db: Db, order: Order): Promise<Order> {
	const [invoiced] = await withInvoicesAll(db, [order]);
	return invoiced ?? order;
}

/** A page of the orders the filter keeps, newest first, each with its invoices. */
async function readOrdersPage(
	db: Db,
	filter: Parameters<typeof findOrdersPage>[1],
	query: PageQuery,
): Promise<Page<Order>> {
	const page = await readPage(
		query,
		(offset, limit) => findOrdersPage(db, filter, offset, limit),
		() => countOrders(db, filter),
	);
	return { ...page, items: await withInvoicesAll(db, page.items) };
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
	return withInvoices(db, visible);
}

/**
 * The steps of every order's timeline after `afterSeq` and no later than `before`, in the order
 * they were written: for a reader that follows the orders (webhooks).
 */
export function listTimelineAfter(
	db: Db,
	afterSeq: number,
	before: string,
	limit: number,
): Promise<TimelineStep[]> {
	return findTimelineAfter(db, afterSeq, before, limit);
}

/** Where the orders' timeline ends now: a reader that starts now starts after it. */
export function lastTimelineSeq(db: Db): Promise<number> {
	return findLastTimelineSeq(db);
}

/** Any order that is not deleted, for the admins and the payments feature; a 404 otherwise. */
export async function getAnyOrder(db: Db, id: string): Promise<Order> {
	const order = await findOrder(db, id);
	if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
	const { user_id: _owner, ...visible } = order;
	return withInvoices(db, visible);
}

/**
 * An order with its timeline and refunds. The customer's view leaves out which admin did what
 * (their addresses are the shop's own business).
 */
async function withHistory(
	db: Db,
	order: Order,
	forCustomer: boolean,
): Promise<OrderDetail> {
	const [events, refunds] = await Promise.all([
		findOrderEvents(db, order.id),
		findOrderRefunds(db, order.id),
	]);
	return {
		...order,
		events: forCustomer
			? events.map((event) => ({ ...event, actor_email: null }))
			: events,
		refunds: refunds.map(
			({ order_id: _order, provider_refund_id: _provider, ...refund }) =>
				refund,
		),
	};
}

export async function getOwnOrderDetail(
	db: Db,
	viewer: Viewer,
	id: string,
): Promise<OrderDetail> {
	return withHistory(db, await getOwnOrder(db, viewer, id), true);
}

export async function getOrderDetail(db: Db, id: string): Promise<OrderDetail> {
	return withHistory(db, await getAnyOrder(db, id), false);
}

export function listOwnOrders(
	db: Db,
	viewer: Viewer,
	query: PageQuery,
): Promise<Page<Order>> {
	return readOrdersPage(db, { userId: viewer.id }, query);
}

/**
 * Every customer's orders for the admins, newest first, by status and part of the email; with
 * `updated_since`, those changed since then, oldest change first.
 */
export function listAllOrders(
	db: Db,
	query: OrderListQuery,
): Promise<OrderPage> {
	const filter = {
		status: query.status,
		emailContains: query.email?.toLowerCase() || undefined,
		updatedSince:
			query.updated_since === undefined
				? undefined
				: toStoredTime(query.updated_since),
	};
	return readOrdersPage(db, filter, query);
}

/** Why an order could not leave the unpaid state (it is not unpaid any more). */
export function refuseStateChange(
	order: Order,
	action: "cancel" | "pay",
): never {
	if (order.status === "cancelled")
		throw new ConflictError(
			action === "cancel"
				? "This order is already cancelled"
				: "A cancelled order cannot be paid",
		);
	throw new ConflictError(
		action === "cancel"
			? "A paid order cannot be cancelled"
			: "This order is already paid",
	);
}

/**
 * Puts pieces back into stock, inside the caller's transaction, in the order of the tools' ids:
 * the order in which a checkout takes them, so that on PostgreSQL the two never wait for each
 * other's rows. Returns how many pieces went back.
 */
async function returnPieces(
	trx: Db,
	lines: readonly { tool_id: string; quantity: number }[],
): Promise<number> {
	let pieces = 0;
	const byTool = inLockOrder(lines);
	for (const line of byTool) {
		await returnToolStock(trx, line.tool_id, line.quantity);
		pieces += line.quantity;
	}
	return pieces;
}

/** Puts every line's pieces back into stock, inside the caller's transaction. */
function restockLines(trx: Db, order: Order): Promise<number> {
	return returnPieces(trx, order.lines);
}

/**
 * Cancels an unpaid order, puts its stock back and writes its timeline step and mail, in one
 * transaction; with `userId`, only that customer's. Returns whether it did (false: it was no
 * longer unpaid).
 */
/**
 * An order paid by invoice was billed when placed: cancelling it before it is paid credits the
 * whole invoice with a credit note of its own number, inside the cancelling transaction.
 */
async function creditCancelledInvoice(
	trx: Db,
	order: Order,
	at: string,
): Promise<void> {
	if (order.payment_method !== "invoice") return;
	const creditNote = await issueCreditNote(
		trx,
		order,
		{
			refund_id: `cancelled-${order.id}`,
			lines: order.lines.map((line) => ({
				tool_name: line.tool_name,
				quantity: line.quantity,
				price_cents: line.price_cents,
				line_total_cents: line.line_total_cents,
			})),
			amount_cents: order.total_cents,
			reason: "Order cancelled before payment",
		},
		new Date(at),
	);
	await recordEvent(trx, order.id, "credit_note_issued", { kind: "shop" }, at, {
		number: creditNote.number,
	});
}

function cancelAndRestock(
	deps: OrdersDeps,
	order: Order,
	how: "customer" | "expired",
	userId?: string,
): Promise<boolean> {
	return change(deps, async (trx) => {
		const at = new Date().toISOString();
		if (!(await markOrderCancelled(trx, order.id, at, userId))) return false;
		await restockLines(trx, order);
		await creditCancelledInvoice(trx, order, at);
		if (how === "customer") {
			await recordEvent(trx, order.id, "cancelled", { kind: "customer" }, at);
			await enqueueOrderMail(deps, trx, (sender) =>
				cancelledMail({ ...order, status: "cancelled" }, sender),
			);
		} else {
			await recordEvent(trx, order.id, "expired", { kind: "shop" }, at);
			await enqueueOrderMail(deps, trx, (sender) =>
				expiredMail({ ...order, status: "cancelled" }, sender),
			);
		}
		return true;
	});
}

/**
 * Cancels the customer's unpaid order and puts its stock back, in one transaction. Returns the
 * order, and whether the payment begun for it (if any) is to be stopped.
 */
export async function cancelOrder(
	deps: OrdersDeps,
	viewer: Viewer,
	id: string,
): Promise<Order> {
	const { db } = deps;
	const order = await getOwnOrder(db, viewer, id);
	const isCancelled = await cancelAndRestock(
		deps,
		order,
		"customer",
		viewer.id,
	);
	const now = await getOwnOrder(db, viewer, id);
	if (!isCancelled) refuseStateChange(now, "cancel");
	return now;
}

/** Cancels an overdue unpaid order for the expiry sweep; false when it was no longer unpaid. */
export function expireOrder(deps: OrdersDeps, order: Order): Promise<boolean> {
	return cancelAndRestock(deps, order, "expired");
}

/** How many overdue orders one read of the sweep takes. */
export const EXPIRY_BATCH = 100;

/** Unpaid orders whose time to pay was over at `now`, after `cursor`, with their payment intents. */
export function findOverdue(
	deps: OrdersDeps,
	now: Date,
	cursor: OverdueCursor | undefined,
): Promise<{ order: Order; paymentIntentId: string | null }[]> {
	return findOverdueOrders(deps.db, now.toISOString(), cursor, EXPIRY_BATCH);
}

/** The payment intent made for an order, if any (the payments feature keeps it on the order). */
export function findPaymentIntentOf(
	deps: OrdersDeps,
	orderId: string,
): Promise<string | null> {
	return findPaymentIntentId(deps.db, orderId);
}

/** Keeps the payment intent made for an unpaid order; false once it is not unpaid. */
export function keepPaymentIntent(
	deps: OrdersDeps,
	orderId: string,
	paymentIntentId: string,
): Promise<boolean> {
	return setPaymentIntent(deps.db, orderId, paymentIntentId);
}

/** The order a payment intent was made for, deleted or not. */
export function findOrderPaidBy(
	deps: OrdersDeps,
	paymentIntentId: string,
): Promise<Order | undefined> {
	return findOrderByPaymentIntent(deps.db, paymentIntentId);
}

/**
 * Marks an unpaid order paid, once, with its timeline step and receipt, in one transaction.
 * Returns whether it did (false: it was no longer unpaid).
 */
export function recordOrderPayment(
	deps: OrdersDeps,
	order: Order,
	payment: { paymentId: string; provider: string },
	actor: OrderActor = { kind: "payment provider" },
): Promise<boolean> {
	return change(deps, async (trx) => {
		const at = new Date().toISOString();
		const isPaid = await markOrderPaid(trx, order.id, { ...payment, at });
		if (!isPaid) return false;
		const paid: Order = {
			...order,
			status: "paid",
			payment_id: payment.paymentId,
			paid_at: at,
		};
		await recordEvent(trx, order.id, "paid", actor, at, {
			transaction_id: payment.paymentId,
		});
		// The invoice's number is taken last: its counter stays locked until the commit. An order
		// paid by invoice has had its invoice since it was placed: that one is answered.
		const invoice = await issueInvoice(trx, paid, new Date(at));
		if (order.payment_method !== "invoice")
			await recordEvent(trx, order.id, "invoice_issued", { kind: "shop" }, at, {
				number: invoice.number,
			});
		await enqueueOrderMail(deps, trx, (sender) =>
			receiptMail(paid, sender, payment.paymentId, invoice.number),
		);
		return true;
	});
}

/**
 * Keeps the refund of a payment that completed after its order was cancelled, and tells the
 * customer; once (a second report of the same payment changes nothing).
 */
export function recordLatePaymentRefund(
	deps: OrdersDeps,
	order: Order,
	paymentIntentId: string,
	refundId: string,
): Promise<boolean> {
	return change(deps, async (trx) => {
		const at = new Date().toISOString();
		if (!(await markOrderRefunded(trx, order.id, { refundId, at })))
			return false;
		await recordEvent(
			trx,
			order.id,
			"late_payment_refunded",
			{ kind: "shop" },
			at,
			{ refund_id: refundId },
		);
		await enqueueOrderMail(deps, trx, (sender) =>
			latePaymentRefundedMail(order, sender, paymentIntentId, refundId),
		);
		return true;
	});
}

/** The next step an admin marks, and what each needs of the order. */
type Step = {
	from: OrderStatus;
	to: OrderStatus;
	/** Which way the goods go for this step; undefined: either. */
	collection?: boolean;
	/** Held while a dispute is open: the goods must not leave. */
	heldByDispute?: boolean;
	refusal: string;
};

const STEPS = {
	ship: {
		from: "paid",
		to: "shipped",
		collection: false,
		heldByDispute: true,
		refusal: "Only a paid order that has not left yet can be shipped",
	},
	ready: {
		from: "paid",
		to: "ready_for_collection",
		collection: true,
		heldByDispute: true,
		refusal: "Only a paid order that is not ready yet can be made ready",
	},
	deliver: {
		from: "shipped",
		to: "delivered",
		refusal: "Only a shipped order can be marked delivered",
	},
	collect: {
		from: "ready_for_collection",
		to: "collected",
		refusal: "Only an order ready for collection can be marked collected",
	},
} as const satisfies Record<string, Step>;

export type OrderStep = keyof typeof STEPS;

/** Why a step cannot be taken on this order, or nothing when it can. */
function refuseStep(order: Order, step: Step): void {
	const isCollection = order.fulfilment.kind === "collection";
	if (step.collection === false && isCollection)
		throw new ConflictError(
			"This order is collected at a receiving point: mark it ready for collection instead",
		);
	if (step.collection === true && !isCollection)
		throw new ConflictError(
			"This order is not collected at a receiving point: mark it shipped instead",
		);
	if (step.heldByDispute && order.dispute_status === "open")
		throw new ConflictError(
			"The payment of this order is disputed: it stays here until the dispute is closed",
		);
	if (order.status !== step.from) throw new ConflictError(step.refusal);
}

/**
 * An admin moves a paid order on: shipped (with carrier and tracking number) or ready for
 * collection, then delivered or collected. Each step is one conditional update with its timeline
 * step and (ship, ready) mail; a step the order is not at is a 409 that changes nothing.
 */
export async function advanceOrderStep(
	deps: OrdersDeps,
	admin: Viewer,
	id: string,
	stepName: OrderStep,
	tracking?: ShipOrderInput,
): Promise<OrderDetail> {
	const step: Step = STEPS[stepName];
	const order = await getAnyOrder(deps.db, id);
	refuseStep(order, step);
	const actor: OrderActor = { kind: "admin", email: admin.email };
	const isDone = await change(deps, async (trx) => {
		const at = new Date().toISOString();
		const changes = {
			status: step.to,
			updated_at: at,
			...(stepName === "ship"
				? {
						carrier: tracking?.carrier ?? null,
						tracking_number: tracking?.tracking_number ?? null,
						shipped_at: at,
					}
				: {}),
			...(stepName === "ready" ? { ready_at: at } : {}),
			...(stepName === "deliver" || stepName === "collect"
				? { completed_at: at }
				: {}),
		};
		if (
			!(await advanceOrder(trx, id, step.from, changes, {
				unlessDisputed: step.heldByDispute,
			}))
		)
			return false;
		const moved: Order = { ...order, ...changes };
		await recordEvent(
			trx,
			id,
			step.to as OrderEvent["kind"],
			actor,
			at,
			stepName === "ship"
				? {
						carrier: tracking?.carrier ?? "",
						tracking_number: tracking?.tracking_number ?? "",
					}
				: {},
		);
		if (stepName === "ship")
			await enqueueOrderMail(deps, trx, (sender) => shippedMail(moved, sender));
		if (stepName === "ready")
			await enqueueOrderMail(deps, trx, (sender) =>
				readyForCollectionMail(moved, sender),
			);
		return true;
	});
	// Changed by someone else between the read and the update: explained by its state now.
	if (!isDone) refuseStep(await getAnyOrder(deps.db, id), step);
	return getOrderDetail(deps.db, id);
}

/** The pieces and amount a refund gives back, from what the admin asked for. */
function planRefund(
	order: Order,
	input: RefundInput,
): { lines: { tool_id: string; quantity: number }[]; amountCents: number } {
	if (!REFUNDABLE_STATUSES.includes(order.status))
		throw new ConflictError(
			order.status === "refunded"
				? "This order is already refunded in full"
				: "Only a paid order can be refunded",
		);
	const remaining = order.total_cents - order.refunded_cents;
	if (!input.lines) {
		const lines = order.lines
			.map((line) => ({
				tool_id: line.tool_id,
				quantity: line.quantity - line.refunded_quantity,
			}))
			.filter((line) => line.quantity > 0);
		if (remaining <= 0)
			throw new ConflictError("Nothing of this order is left to refund");
		return { lines, amountCents: remaining };
	}
	let amountCents = 0;
	for (const asked of input.lines) {
		const line = order.lines.find((each) => each.tool_id === asked.tool_id);
		if (!line)
			throw new ConflictError("This order has no line of that tool", [
				{
					field: `lines.${asked.tool_id}`,
					message: "This order has no line of that tool",
				},
			]);
		const left = line.quantity - line.refunded_quantity;
		if (asked.quantity > left) {
			const message = `${line.tool_name}: ${left === 0 ? "every piece of this line is refunded already" : `only ${left} ${left === 1 ? "piece is" : "pieces are"} left to refund`}.`;
			throw new ConflictError(message, [
				{ field: `lines.${asked.tool_id}`, message },
			]);
		}
		amountCents += line.price_cents * asked.quantity;
	}
	// Part of the order given back at the provider already counts against what is left.
	return {
		lines: input.lines,
		amountCents: Math.min(amountCents, remaining),
	};
}

/**
 * Reserves a refund an admin asks for, before the payment provider is asked: the pieces and the
 * amount count as refunded at once (two refunds at once cannot give back the same pieces), and
 * the refund is "pending" until `settleRefund` or `releaseRefund` ends it.
 */
export async function reserveRefund(
	deps: OrdersDeps,
	admin: Viewer,
	id: string,
	input: RefundInput,
): Promise<StoredRefund> {
	const order = await getAnyOrder(deps.db, id);
	const plan = planRefund(order, input);
	if (plan.amountCents <= 0)
		throw new ConflictError("Nothing of these lines is left to refund");
	const refundId = timeOrderedId();
	const isReserved = await deps.db
		.transaction()
		.execute(async (trx) => {
			const at = new Date().toISOString();
			if (!(await countRefund(trx, id, plan.amountCents, plan.lines, at))) {
				// Changed meanwhile (another refund, a step): nothing of this one is kept.
				throw new RefundRaceError();
			}
			await insertRefund(trx, {
				id: refundId,
				order_id: id,
				status: "pending",
				amount_cents: plan.amountCents,
				lines: plan.lines,
				reason: input.reason,
				provider_refund_id: null,
				requested_by: "admin",
				requested_by_email: admin.email,
				created_at: at,
			});
			return true;
		})
		.catch((error: unknown) => {
			if (error instanceof RefundRaceError) return false;
			throw error;
		});
	if (!isReserved) {
		// Explained by the order as it is now; if it would fit now, it was a race: try again.
		planRefund(await getAnyOrder(deps.db, id), input);
		throw new ConflictError(
			"The order changed while refunding. Look at it again and retry.",
		);
	}
	const refund = await findRefund(deps.db, refundId);
	if (!refund) throw new NotFoundError("Refund not found");
	return refund;
}

class RefundRaceError extends Error {}

/** A pending refund by its id, for the payments feature. */
export function findRefundById(
	deps: OrdersDeps,
	refundId: string,
): Promise<StoredRefund | undefined> {
	return findRefund(deps.db, refundId);
}

/** Refunds pending since before `before` (the provider was asked, the answer never recorded). */
export function findStalledRefunds(
	deps: OrdersDeps,
	before: Date,
): Promise<StoredRefund[]> {
	return findPendingRefunds(deps.db, before.toISOString(), 100);
}

/** The order's lines whose pieces go back into stock: none once the goods have left. */
function isStillHere(status: OrderStatus): boolean {
	return status === "paid" || status === "ready_for_collection";
}

/**
 * Settles a refund the provider made: once. Restocks its pieces if the goods have not left,
 * marks the order refunded once everything is given back, and writes the timeline step and mail.
 */
export function settleRefund(
	deps: OrdersDeps,
	refund: StoredRefund,
	providerRefundId: string,
	actor: OrderActor,
): Promise<boolean> {
	return change(deps, async (trx) => {
		const at = new Date().toISOString();
		const isSettled = await settleRefundRow(trx, refund.id, {
			status: "succeeded",
			providerRefundId,
			at,
		});
		if (!isSettled) return false;
		await finishRefund(deps, trx, refund, actor, at);
		return true;
	});
}

/** The lines a credit note lists for a refund: its pieces, or the amount when it has none. */
function creditedLines(
	order: Order,
	refund: Pick<StoredRefund, "lines" | "amount_cents">,
) {
	if (refund.lines.length === 0)
		return [
			{
				tool_name: "Amount refunded",
				quantity: 1,
				price_cents: refund.amount_cents,
				line_total_cents: refund.amount_cents,
			},
		];
	return refund.lines.map((refunded) => {
		const line = order.lines.find((each) => each.tool_id === refunded.tool_id);
		const price = line?.price_cents ?? 0;
		return {
			tool_name: line?.tool_name ?? "",
			quantity: refunded.quantity,
			price_cents: price,
			line_total_cents: price * refunded.quantity,
		};
	});
}

/** What every settled refund does to its order, inside the settling transaction. */
async function finishRefund(
	deps: OrdersDeps,
	trx: Db,
	refund: Pick<
		StoredRefund,
		"id" | "order_id" | "lines" | "amount_cents" | "reason"
	>,
	actor: OrderActor,
	at: string,
): Promise<void> {
	const order = await findOrder(trx, refund.order_id);
	if (!order) return;
	if (isStillHere(order.status)) await returnPieces(trx, refund.lines);
	await markFullyRefunded(trx, order.id, at);
	await recordEvent(trx, order.id, "refunded", actor, at, {
		amount_cents: refund.amount_cents,
		pieces: refund.lines.reduce((sum, line) => sum + line.quantity, 0),
		reason: refund.reason,
	});
	// The credit note's number is taken last: its counter stays locked until the commit.
	const creditNote = await issueCreditNote(
		trx,
		order,
		{
			refund_id: refund.id,
			lines: creditedLines(order, refund),
			amount_cents: refund.amount_cents,
			reason: refund.reason,
		},
		new Date(at),
	);
	await recordEvent(trx, order.id, "credit_note_issued", { kind: "shop" }, at, {
		number: creditNote.number,
	});
	await enqueueOrderMail(deps, trx, (sender) =>
		refundedMail(order, sender, {
			amountCents: refund.amount_cents,
			creditNote: creditNote.number,
		}),
	);
}

/** Gives back what a refund the provider refused had counted; once. */
export function releaseRefund(
	deps: OrdersDeps,
	refund: StoredRefund,
	reason: string,
): Promise<boolean> {
	return change(deps, async (trx) => {
		const at = new Date().toISOString();
		const isReleased = await settleRefundRow(trx, refund.id, {
			status: "failed",
			providerRefundId: null,
			at,
		});
		if (!isReleased) return false;
		await uncountRefund(
			trx,
			refund.order_id,
			refund.amount_cents,
			refund.lines,
			at,
		);
		await recordEvent(
			trx,
			refund.order_id,
			"refund_failed",
			{ kind: "payment provider" },
			at,
			{ amount_cents: refund.amount_cents, reason },
		);
		return true;
	});
}

/**
 * A refund made at the payment provider itself (its dashboard): `refundedCents` is everything the
 * provider has refunded of the order's payment. What this shop has not counted yet becomes a
 * refund of its own; when that gives back the whole order, every piece not refunded yet is
 * refunded with it. Returns whether anything was new.
 */
export async function recordProviderRefund(
	deps: OrdersDeps,
	order: Order,
	refundedCents: number,
	providerRefundId: string | null,
): Promise<boolean> {
	return change(deps, async (trx) => {
		const known = await sumRefunds(trx, order.id);
		const amount = Math.min(refundedCents, order.total_cents) - known;
		if (amount <= 0) return false;
		const current = await findOrder(trx, order.id);
		if (!current || !REFUNDABLE_STATUSES.includes(current.status)) return false;
		const isWhole = known + amount >= current.total_cents;
		const lines = isWhole
			? current.lines
					.map((line) => ({
						tool_id: line.tool_id,
						quantity: line.quantity - line.refunded_quantity,
					}))
					.filter((line) => line.quantity > 0)
			: [];
		const at = new Date().toISOString();
		if (!(await countRefund(trx, order.id, amount, lines, at))) return false;
		const refund = {
			id: timeOrderedId(),
			order_id: order.id,
			status: "succeeded" as const,
			amount_cents: amount,
			lines,
			reason: "Refunded at the payment provider",
			provider_refund_id: providerRefundId,
			requested_by: "payment provider" as const,
			requested_by_email: null,
			created_at: at,
		};
		await insertRefund(trx, refund);
		await finishRefund(deps, trx, refund, { kind: "payment provider" }, at);
		return true;
	});
}

/**
 * A dispute of an order's payment at the provider: "open" holds the shipment until it is closed
 * ("won" or "lost"). Returns whether the order's dispute state changed.
 */
export function recordDispute(
	deps: OrdersDeps,
	order: Order,
	status: "open" | "won" | "lost",
): Promise<boolean> {
	return change(deps, async (trx) => {
		const at = new Date().toISOString();
		if (!(await setDisputeStatus(trx, order.id, status, at))) return false;
		await recordEvent(
			trx,
			order.id,
			status === "open" ? "disputed" : "dispute_closed",
			{ kind: "payment provider" },
			at,
			status === "open" ? {} : { outcome: status },
		);
		return true;
	});
}

/**
 * Deletes any order for an admin. An unpaid order's stock goes back in the same transaction;
 * every deletion leaves an audit record of who, when and what. Returns whether the deletion also
 * cancelled the order (its payment, if begun, is then to be stopped).
 */
export async function deleteOrder(
	deps: OrdersDeps,
	admin: Viewer,
	id: string,
): Promise<{ wasUnpaid: boolean }> {
	const { db } = deps;
	const order = await findOrder(db, id);
	if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
	const { user_id: _owner, ...snapshot } = order;
	const at = new Date().toISOString();
	/** What the deletion did: also cancelled the (unpaid) order, or only deleted it; null: nothing. */
	const outcome = await db.transaction().execute(async (trx) => {
		let restocked = 0;
		if (await markUnpaidOrderDeleted(trx, id, at)) {
			restocked = await restockLines(trx, order);
			await creditCancelledInvoice(trx, order, at);
		} else if (!(await markOrderDeleted(trx, id, at))) return null;
		await insertOrderDeletion(trx, {
			id: timeOrderedId(),
			order: snapshot,
			deleted_at: at,
			deleted_by_id: admin.id,
			deleted_by_email: admin.email,
			restocked,
		});
		return restocked > 0 ? "cancelled" : "deleted";
	});
	if (!outcome) throw new NotFoundError(ORDER_NOT_FOUND);
	if (outcome === "cancelled") deps.onStockChanged();
	return { wasUnpaid: outcome === "cancelled" };
}

/**
 * Marks an invoice paid when its money arrived outside the shop (a bank transfer), with the
 * payment's reference as its transaction id. Only for orders paid by invoice: a card payment is
 * the payment provider's to report.
 */
export async function recordInvoicePayment(
	deps: OrdersDeps,
	admin: Viewer,
	id: string,
	reference: string,
): Promise<OrderDetail> {
	const order = await getAnyOrder(deps.db, id);
	if (order.payment_method !== "invoice")
		throw new ConflictError(
			"Only an order paid by invoice is marked paid here; card payments are reported by the payment provider.",
		);
	const isPaid = await recordOrderPayment(
		deps,
		order,
		{ paymentId: reference, provider: "invoice" },
		{ kind: "admin", email: admin.email },
	);
	const now = await getOrderDetail(deps.db, id);
	if (!isPaid)
		throw new ConflictError(
			now.status === "cancelled"
				? "This order was cancelled: its invoice was credited and is not owed."
				: "This invoice is already paid.",
		);
	return now;
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

/**
 * The orders' use cases of one shop instance, as app.ts hands them to the routes. `afterCancel`
 * is told of every unpaid order a customer or an admin cancelled, so that the payment begun for
 * it (the payments feature's) can be stopped.
 */
export function createOrderUseCases(
	deps: OrdersDeps,
	afterCancel: (orderId: string) => Promise<void> = async () => {},
) {
	const { db } = deps;
	return {
		placeOrder: (
			viewer: Viewer,
			input: PlaceOrderInput,
			idempotencyKey: string | undefined,
		) => placeOrder(deps, viewer, input, idempotencyKey),
		checkOut: (
			viewer: Viewer,
			input: CheckoutInput,
			idempotencyKey: string | undefined,
		) => checkOut(deps, viewer, input, idempotencyKey),
		placeQuotedOrder: (
			viewer: Viewer,
			input: QuotedOrderInput,
			idempotencyKey: string | undefined,
			markAccepted: (trx: Db, order: Order) => Promise<void>,
		) => placeQuotedOrder(deps, viewer, input, idempotencyKey, markAccepted),
		listOwnOrders: (viewer: Viewer, query: PageQuery) =>
			listOwnOrders(db, viewer, query),
		getOwnOrderDetail: (viewer: Viewer, id: string) =>
			getOwnOrderDetail(db, viewer, id),
		getOrderDetail: (id: string) => getOrderDetail(db, id),
		cancelOrder: async (viewer: Viewer, id: string) => {
			const order = await cancelOrder(deps, viewer, id);
			await afterCancel(id);
			return order;
		},
		listAllOrders: (query: OrderListQuery) => listAllOrders(db, query),
		advanceOrder: (
			admin: Viewer,
			id: string,
			step: OrderStep,
			tracking?: ShipOrderInput,
		) => advanceOrderStep(deps, admin, id, step, tracking),
		deleteOrder: async (admin: Viewer, id: string) => {
			const { wasUnpaid } = await deleteOrder(deps, admin, id);
			if (wasUnpaid) await afterCancel(id);
		},
		listOrderDeletions: (query: PageQuery) => listOrderDeletions(db, query),
		recordInvoicePayment: (admin: Viewer, id: string, reference: string) =>
			recordInvoicePayment(deps, admin, id, reference),
		listUnpaidHolders: (query: PageQuery) => listUnpaidHolders(db, query),
	};
}

export type OrderUseCases = ReturnType<typeof createOrderUseCases>;

/**
 * The lines of the orders placed in `range` (ISO instants, `until` excluded), deleted orders left
 * out, oldest first, in batches of `batchSize`: each batch is a range scan after the last line,
 * so the whole history is read without holding it.
 */
export async function* listOrderLinesForExport(
	db: Db,
	range: { from?: string; until?: string },
	batchSize: number,
): AsyncGenerator<ExportedOrderLine[]> {
	let after: ExportedOrderLine | undefined;
	for (;;) {
		const lines = await findOrderLinesForExport(db, range, after, batchSize);
		if (lines.length > 0) yield lines;
		if (lines.length < batchSize) return;
		after = lines.at(-1);
	}
}
