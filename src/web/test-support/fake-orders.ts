import { vi } from "vitest";
import type {
	Order,
	OrderDeletion,
	OrderStatus,
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

/** The n-th order of the shop (a higher n was placed later): 5 pieces of tool n, unpaid. */
export function anOrder(n: number, changes: Partial<Order> = {}): Order {
	const tool = aTool(n);
	const quantity = changes.order_quantity ?? 5;
	return {
		id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
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
		paid_at: null,
		cancelled_at: null,
		refund_id: null,
		pay_by: null,
		...changes,
	};
}

/** What the fake shop holds; tests read and change it (Stripe's webhook paying an order). */
export type Shop = {
	me: typeof customer;
	tools: Tool[];
	orders: Order[];
	deletions: OrderDeletion[];
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

function answerOrder(
	shop: Shop,
	order: Order,
	action: string | undefined,
	method: string,
): Response {
	if (method === "GET" && !action) return jsonResponse(order);
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
			const [, orderId, action] =
				/^\/api\/orders\/([^/]+)(?:\/([a-z]+))?$/.exec(pathname) ?? [];
			const order = shop.orders.find((candidate) => candidate.id === orderId);
			if (orderId && !order) return orderNotFound();
			if (order) return answerOrder(shop, order, action, method);
			throw new Error(`No answer for ${method} ${pathname}`);
		},
	);
	return sent;
}
