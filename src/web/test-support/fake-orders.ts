import { vi } from "vitest";
import type { InvoiceSummary } from "../../shared/invoices.schemas.ts";
import type {
	Order,
	OrderDeletion,
	OrderDetail,
	OrderEvent,
	OrderRefund,
	OrderStatus,
	RefundInput,
	ShipOrderInput,
	UnpaidHolder,
} from "../../shared/orders.schemas.ts";
import { checkPurchase } from "../../shared/purchase-rule.ts";
import type { Tool } from "../../shared/tools.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { admin, aTool } from "./fake-catalog.ts";

export { admin };

export const customer = {
	id: "u1",
	name: "Cleo Customer",
	email: "cleo@example.com",
	email_verified: true,
	image: null,
	is_admin: false,
	two_factor_enabled: false,
};

/**
 * The n-th order of the shop (a higher n was placed later): 5 pieces of tool n, unpaid, placed
 * from the purchase page. Its one line follows the tool and quantity `changes` give, unless
 * `changes` gives the lines.
 */
export function anOrder(n: number, changes: Partial<Order> = {}): Order {
	const tool = aTool(n);
	const quantity = changes.order_quantity ?? 5;
	const line = {
		tool_id: changes.tool_id ?? tool.id,
		tool_name: changes.tool_name ?? tool.tool_name,
		img: changes.img ?? tool.img,
		description: changes.description ?? tool.description,
		price_cents: changes.price_cents ?? tool.price_cents,
		quantity,
		line_total_cents: (changes.price_cents ?? tool.price_cents) * quantity,
		refunded_quantity: 0,
	};
	return {
		id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		lines: [line],
		fulfilment: { kind: "none" },
		purchase_order: null,
		note: null,
		payment_method: "card",
		due_at: null,
		tool_id: tool.id,
		tool_name: tool.tool_name,
		img: tool.img,
		description: tool.description,
		price_cents: tool.price_cents,
		order_quantity: quantity,
		total_cents: tool.price_cents * quantity,
		email: customer.email,
		user_name: customer.name,
		status: "unpaid",
		payment_id: null,
		test_payment: false,
		created_at: new Date(Date.UTC(2026, 10, 24, 12, n)).toISOString(),
		updated_at: new Date(Date.UTC(2026, 10, 24, 12, n)).toISOString(),
		paid_at: null,
		cancelled_at: null,
		refund_id: null,
		pay_by: null,
		carrier: null,
		tracking_number: null,
		shipped_at: null,
		ready_at: null,
		completed_at: null,
		dispute_status: null,
		refunded_cents: 0,
		invoices: [],
		...changes,
	};
}

/** The n-th invoice or credit note of the shop, issued on day n of December 2026. */
export function anInvoice(
	n: number,
	changes: Partial<InvoiceSummary> = {},
): InvoiceSummary {
	const kind = changes.kind ?? "invoice";
	const number = String(n).padStart(6, "0");
	return {
		id: `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		number: kind === "invoice" ? `2026-${number}` : `CN-2026-${number}`,
		kind,
		issued_at: new Date(Date.UTC(2026, 11, n, 9)).toISOString(),
		total_cents: 5005,
		...changes,
	};
}

/** One step of an order's timeline, at minute n past noon on 24 November 2026. */
export function anEvent(
	n: number,
	kind: OrderEvent["kind"],
	changes: Partial<OrderEvent> = {},
): OrderEvent {
	return {
		at: new Date(Date.UTC(2026, 10, 24, 12, n)).toISOString(),
		kind,
		actor: "customer",
		actor_email: null,
		details: {},
		...changes,
	};
}

/** What the fake shop holds; tests read and change it (Stripe's webhook paying an order). */
export type Shop = {
	me: typeof customer;
	tools: Tool[];
	orders: Order[];
	deletions: OrderDeletion[];
	/** Each order's timeline and refunds, by its id; the admin steps add to them. */
	events: Record<string, OrderEvent[]>;
	refunds: Record<string, OrderRefund[]>;
	provider: "test" | "stripe";
	/** The Stripe publishable key the shop hands out when its provider is Stripe. */
	stripeKey: string;
};

export function aShop(changes: Partial<Shop> = {}): Shop {
	return {
		me: customer,
		tools: [],
		orders: [],
		deletions: [],
		events: {},
		refunds: {},
		provider: "test",
		stripeKey: "pk_test_shop",
		...changes,
	};
}

export type SentRequest = {
	method: string;
	url: URL;
	headers: Record<string, string>;
	body: unknown;
};

const conflict = (message: string) => errorResponse(409, "CONFLICT", message);
const orderNotFound = () => errorResponse(404, "NOT_FOUND", "Order not found");

const newestFirst = (orders: Order[]) =>
	[...orders].sort((a, b) => b.created_at.localeCompare(a.created_at));

function placeOrder(shop: Shop, body: unknown): Response {
	const { tool_id, order_quantity } = body as {
		tool_id: string;
		order_quantity: number;
	};
	const index = shop.tools.findIndex((tool) => tool.id === tool_id);
	const tool = shop.tools[index];
	if (!tool) return errorResponse(404, "NOT_FOUND", "Tool not found");
	const check = checkPurchase(tool, order_quantity);
	if (!check.canOrder) return conflict(check.message);
	shop.tools[index] = {
		...tool,
		available_quantity: tool.available_quantity - order_quantity,
	};
	const order = anOrder(shop.orders.length + 100, {
		tool_id,
		tool_name: tool.tool_name,
		price_cents: tool.price_cents,
		order_quantity,
		total_cents: tool.price_cents * order_quantity,
	});
	shop.orders.push(order);
	return jsonResponse(order, 201);
}

/** The shop's unpaid orders per customer (by email), the most pieces first, then the most value. */
function unpaidHolders(shop: Shop): UnpaidHolder[] {
	const holders = new Map<string, UnpaidHolder>();
	for (const order of shop.orders) {
		if (order.status !== "unpaid") continue;
		const held = holders.get(order.email);
		const payBy = [held?.oldest_pay_by, order.pay_by]
			.filter((time) => typeof time === "string")
			.sort()[0];
		holders.set(order.email, {
			user_id: `user-${order.email}`,
			name: order.user_name,
			email: order.email,
			unpaid_orders: (held?.unpaid_orders ?? 0) + 1,
			pieces: (held?.pieces ?? 0) + order.order_quantity,
			value_cents: (held?.value_cents ?? 0) + order.total_cents,
			oldest_pay_by: payBy ?? null,
		});
	}
	return [...holders.values()].sort(
		(a, b) => b.pieces - a.pieces || b.value_cents - a.value_cents,
	);
}

/** An order changed in place; every later read sees it. */
function update(shop: Shop, order: Order, changes: Partial<Order>): Order {
	const changed = { ...order, ...changes };
	shop.orders[shop.orders.indexOf(order)] = changed;
	return changed;
}

/** The order with its timeline and refunds; a customer is not told which admin did what. */
function detailOf(shop: Shop, order: Order, forCustomer: boolean): OrderDetail {
	const events = shop.events[order.id] ?? [];
	return {
		...order,
		events: forCustomer
			? events.map((event) => ({ ...event, actor_email: null }))
			: events,
		refunds: shop.refunds[order.id] ?? [],
	};
}

/** A step of the timeline done now by the signed-in admin. */
function recordAdminStep(
	shop: Shop,
	order: Order,
	kind: OrderEvent["kind"],
	details: OrderEvent["details"] = {},
): void {
	shop.events[order.id] = [
		...(shop.events[order.id] ?? []),
		{
			at: new Date().toISOString(),
			kind,
			actor: "admin",
			actor_email: shop.me.email,
			details,
		},
	];
}

/** The admin's steps, as the shop allows them: from which status, and which way the goods go. */
const STEPS: Record<
	string,
	{ from: OrderStatus; to: OrderStatus; collection?: boolean; refusal: string }
> = {
	ship: {
		from: "paid",
		to: "shipped",
		collection: false,
		refusal: "Only a paid order that has not left yet can be shipped",
	},
	ready: {
		from: "paid",
		to: "ready_for_collection",
		collection: true,
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
};

function advance(
	shop: Shop,
	order: Order,
	stepName: string,
	body: unknown,
): Response {
	const step = STEPS[stepName];
	if (!step) throw new Error(`No admin step ${stepName}`);
	const isCollection = order.fulfilment.kind === "collection";
	if (step.collection === false && isCollection)
		return conflict(
			"This order is collected at a receiving point: mark it ready for collection instead",
		);
	if (step.collection === true && !isCollection)
		return conflict(
			"This order is not collected at a receiving point: mark it shipped instead",
		);
	if (step.collection !== undefined && order.dispute_status === "open")
		return conflict(
			"The payment of this order is disputed: it stays here until the dispute is closed",
		);
	if (order.status !== step.from) return conflict(step.refusal);
	const at = new Date().toISOString();
	const tracking = body as ShipOrderInput;
	const moved = update(shop, order, {
		status: step.to,
		...(stepName === "ship"
			? {
					carrier: tracking.carrier,
					tracking_number: tracking.tracking_number,
					shipped_at: at,
				}
			: {}),
		...(stepName === "ready" ? { ready_at: at } : {}),
		...(stepName === "deliver" || stepName === "collect"
			? { completed_at: at }
			: {}),
	});
	recordAdminStep(
		shop,
		moved,
		step.to as OrderEvent["kind"],
		stepName === "ship" ? { ...tracking } : {},
	);
	return jsonResponse(detailOf(shop, moved, false));
}

/**
 * Refunds the pieces asked for (or everything left) at once, as the test provider does: the
 * lines' pieces, the amount from their unit prices, a succeeded refund, a credit note and the
 * timeline's step; the order is refunded once nothing is left.
 */
function refund(shop: Shop, order: Order, body: unknown): Response {
	const input = body as RefundInput;
	if (order.status === "refunded")
		return conflict("This order is already refunded in full");
	if (order.status === "unpaid" || order.status === "cancelled")
		return conflict("Only a paid order can be refunded");
	const asked =
		input.lines ??
		order.lines
			.map((line) => ({
				tool_id: line.tool_id,
				quantity: line.quantity - line.refunded_quantity,
			}))
			.filter((line) => line.quantity > 0);
	let amountCents = 0;
	for (const each of asked) {
		const line = order.lines.find(
			(candidate) => candidate.tool_id === each.tool_id,
		);
		if (!line) return conflict("This order has no line of that tool");
		const left = line.quantity - line.refunded_quantity;
		if (each.quantity > left) {
			const message = `${line.tool_name}: only ${left} pieces are left to refund.`;
			return errorResponse(409, "CONFLICT", message, [
				{ field: `lines.${line.tool_id}`, message },
			]);
		}
		amountCents += line.price_cents * each.quantity;
	}
	const refundedCents = order.refunded_cents + amountCents;
	const lines = order.lines.map((line) => ({
		...line,
		refunded_quantity:
			line.refunded_quantity +
			(asked.find((each) => each.tool_id === line.tool_id)?.quantity ?? 0),
	}));
	const creditNote = anInvoice(order.invoices.length + 50, {
		kind: "credit_note",
		total_cents: amountCents,
		issued_at: new Date().toISOString(),
	});
	const refunded = update(shop, order, {
		lines,
		refunded_cents: refundedCents,
		status: refundedCents >= order.total_cents ? "refunded" : order.status,
		invoices: [...order.invoices, creditNote],
	});
	shop.refunds[order.id] = [
		...(shop.refunds[order.id] ?? []),
		{
			id: `refund-${(shop.refunds[order.id]?.length ?? 0) + 1}`,
			status: "succeeded",
			amount_cents: amountCents,
			lines: asked,
			reason: input.reason,
			created_at: new Date().toISOString(),
		},
	];
	recordAdminStep(shop, refunded, "refunded", {
		amount_cents: amountCents,
		pieces: asked.reduce((sum, line) => sum + line.quantity, 0),
		reason: input.reason,
	});
	return jsonResponse(detailOf(shop, refunded, false));
}

/** The admins' read of any order, and their steps on it. */
function answerAdminOrder(
	shop: Shop,
	order: Order,
	action: string | undefined,
	method: string,
	body: unknown,
): Response {
	if (!shop.me.is_admin) return errorResponse(403, "FORBIDDEN", "Admins only");
	if (method === "GET" && !action)
		return jsonResponse(detailOf(shop, order, false));
	if (method === "POST" && action === "refund")
		return refund(shop, order, body);
	if (method === "POST" && action) return advance(shop, order, action, body);
	throw new Error(`No answer for ${method} admin order ${action ?? ""}`);
}

function answerOrder(
	shop: Shop,
	order: Order,
	action: string | undefined,
	method: string,
): Response {
	if (method === "GET" && !action)
		return jsonResponse(detailOf(shop, order, true));
	if (method === "POST" && action === "cancel") {
		if (order.status === "paid")
			return conflict("A paid order cannot be cancelled");
		return jsonResponse(
			update(shop, order, {
				status: "cancelled",
				cancelled_at: new Date().toISOString(),
			}),
		);
	}
	if (method === "POST" && action === "payment") {
		if (shop.provider === "stripe")
			return jsonResponse({
				provider: "stripe",
				client_secret: `${order.id}_secret`,
				order,
			});
		return jsonResponse({
			provider: "test",
			order: update(shop, order, {
				status: "paid",
				payment_id: `test_${order.id.slice(-4)}`,
				test_payment: true,
				paid_at: new Date().toISOString(),
			}),
		});
	}
	if (method === "DELETE" && !action) {
		shop.orders.splice(shop.orders.indexOf(order), 1);
		shop.deletions.unshift({
			id: `deletion-${shop.deletions.length + 1}`,
			order_id: order.id,
			deleted_at: new Date().toISOString(),
			deleted_by_email: shop.me.email,
			order,
			restocked: order.status === "unpaid" ? order.order_quantity : 0,
			refund_id: null,
		});
		return new Response(null, { status: 204 });
	}
	throw new Error(`No answer for ${method} order ${action ?? ""}`);
}

/**
 * The shop's ordering API over `shop` (kept in memory, changed by the requests), as the server
 * answers it: the purchase rule on placing, newest first, paged, filtered. `answer` may answer a
 * request first, to stage a failure. Returns every request sent, in order.
 */
export function serveOrders(
	shop: Shop,
	answer: (request: SentRequest) => Response | undefined = () => undefined,
): SentRequest[] {
	const sent: SentRequest[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const request = {
				method,
				url,
				headers: Object.fromEntries(new Headers(init?.headers).entries()),
				body:
					typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
			};
			sent.push(request);
			const staged = answer(request);
			if (staged) return staged;
			const { pathname, searchParams } = url;
			if (pathname === "/api/session") return jsonResponse({ me: shop.me });
			if (pathname === "/api/payment-options")
				return jsonResponse(
					shop.provider === "test"
						? { provider: "test" }
						: { provider: "stripe", publishable_key: shop.stripeKey },
				);
			const toolId = /^\/api\/tools\/([^/]+)$/.exec(pathname)?.[1];
			if (toolId && method === "GET") {
				const tool = shop.tools.find((candidate) => candidate.id === toolId);
				return tool
					? jsonResponse(tool)
					: errorResponse(404, "NOT_FOUND", "Tool not found");
			}
			if (pathname === "/api/orders" && method === "POST")
				return placeOrder(shop, request.body);
			if (pathname === "/api/me/orders")
				return pageOf(
					newestFirst(shop.orders).filter(
						(order) => order.email === shop.me.email,
					),
					url,
				);
			if (pathname === "/api/orders" && method === "GET") {
				const status = searchParams.get("status") as OrderStatus | null;
				const email = searchParams.get("email") ?? "";
				return pageOf(
					newestFirst(shop.orders).filter(
						(order) =>
							(!status || order.status === status) &&
							order.email.includes(email),
					),
					url,
					20,
				);
			}
			if (pathname === "/api/order-deletions")
				return pageOf(shop.deletions, url);
			if (pathname === "/api/admin/unpaid-holders")
				return pageOf(unpaidHolders(shop), url, 10);
			const [, admin, orderId, action] =
				/^\/api\/(admin\/)?orders\/([^/]+)(?:\/([a-z]+))?$/.exec(pathname) ??
				[];
			const order = shop.orders.find((candidate) => candidate.id === orderId);
			if (orderId && !order) return orderNotFound();
			if (order && admin)
				return answerAdminOrder(shop, order, action, method, request.body);
			if (order) return answerOrder(shop, order, action, method);
			throw new Error(`No answer for ${method} ${pathname}`);
		},
	);
	return sent;
}
