import { vi } from "vitest";
import type { Profile } from "../../shared/accounts.schemas.ts";
import {
	CART_LINES_MAX,
	type Cart,
	type CartLine,
	type CartLineInput,
} from "../../shared/cart.schemas.ts";
import {
	type CheckoutInput,
	checkoutLineField,
} from "../../shared/checkout.schemas.ts";
import type { Order } from "../../shared/orders.schemas.ts";
import {
	checkPurchase,
	lineTotalCents,
	unitPriceCents,
} from "../../shared/purchase-rule.ts";
import type {
	ReceivingPoint,
	ReceivingPointInput,
} from "../../shared/receiving-points.schemas.ts";
import type { Me } from "../../shared/session.schemas.ts";
import type { Tool } from "../../shared/tools.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { anOrder, customer } from "./fake-orders.ts";

export { customer };

/** The n-th receiving point of the shop. */
export function aPoint(
	n: number,
	changes: Partial<ReceivingPoint> = {},
): ReceivingPoint {
	return {
		id: `20000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		name: `Depot ${String(n).padStart(2, "0")}`,
		address: `${n} Harbour Road, Portside`,
		opening_hours: "Mon–Fri 8:00–18:00",
		...changes,
	};
}

/** What the fake shop holds for the cart and the checkout; tests read and change it. */
export type CartShop = {
	/** Who is signed in; null: a visitor. Signing in through the fake sets it to `account`. */
	me: Me | null;
	/** The account the sign-in pages sign in to. */
	account: Me;
	/** The catalog; a tool not in it is one deleted. */
	tools: Tool[];
	/** The signed-in customer's cart, kept by the server. */
	cart: CartLineInput[];
	points: ReceivingPoint[];
	orders: Order[];
	profile: Profile;
};

export function aCartShop(changes: Partial<CartShop> = {}): CartShop {
	return {
		me: customer,
		account: customer,
		tools: [],
		cart: [],
		points: [],
		orders: [],
		profile: {
			name: customer.name,
			email: customer.email,
			image: null,
			address: "12 Mill Lane",
			city: "Springfield",
			state: "IL",
			zip: "62701",
			username: null,
			website: null,
			bio: null,
		},
		...changes,
	};
}

export type SentRequest = {
	method: string;
	url: URL;
	headers: Record<string, string>;
	body: unknown;
};

const NO_LONGER_SOLD = "This tool is no longer sold. Remove it from your cart.";
const conflict = (
	message: string,
	details?: { field: string; message: string }[],
) => errorResponse(409, "CONFLICT", message, details);
const notSignedIn = () =>
	errorResponse(401, "UNAUTHORIZED", "Please sign in to continue.");

/** Lines priced against the catalog as the server does: each tool now, its total, its problem. */
export function priceCart(shop: CartShop, lines: CartLineInput[]): Cart {
	const priced: CartLine[] = lines.map(({ tool_id, quantity }) => {
		const tool = shop.tools.find((candidate) => candidate.id === tool_id);
		if (!tool)
			return {
				tool_id,
				quantity,
				tool: null,
				unit_price_cents: 0,
				line_total_cents: 0,
				problem: NO_LONGER_SOLD,
			};
		const check = checkPurchase(tool, quantity);
		return {
			tool_id,
			quantity,
			tool: {
				tool_name: tool.tool_name,
				img: tool.img,
				sku: tool.sku,
				price_cents: tool.price_cents,
				available_quantity: tool.available_quantity,
				minimum_quantity: tool.minimum_quantity,
				pack_size: tool.pack_size,
				price_breaks: tool.price_breaks,
				supplier_name: tool.supplier_name,
			},
			unit_price_cents: unitPriceCents(tool, quantity),
			line_total_cents: lineTotalCents(tool, quantity),
			problem: check.canOrder ? null : check.message,
		};
	});
	return {
		lines: priced,
		total_cents: priced
			.filter((line) => line.problem === null)
			.reduce((sum, line) => sum + line.line_total_cents, 0),
		pieces: priced.reduce((sum, line) => sum + line.quantity, 0),
		can_check_out:
			priced.length > 0 && priced.every((line) => line.problem === null),
	};
}

function setLine(shop: CartShop, toolId: string, quantity: number): Response {
	const tool = shop.tools.find((candidate) => candidate.id === toolId);
	if (!tool) return errorResponse(404, "NOT_FOUND", "Tool not found");
	const check = checkPurchase(tool, quantity);
	if (!check.canOrder)
		return conflict(check.message, [
			{ field: "quantity", message: check.message },
		]);
	const index = shop.cart.findIndex((line) => line.tool_id === toolId);
	if (index === -1) {
		if (shop.cart.length >= CART_LINES_MAX)
			return conflict(
				`A cart holds at most ${CART_LINES_MAX} different tools. Check out or remove a line first.`,
			);
		shop.cart.push({ tool_id: toolId, quantity });
	} else shop.cart[index] = { tool_id: toolId, quantity };
	return jsonResponse(priceCart(shop, shop.cart));
}

function merge(shop: CartShop, lines: CartLineInput[]): Response {
	for (const line of lines) {
		if (!shop.tools.some((tool) => tool.id === line.tool_id)) continue;
		const held = shop.cart.find((mine) => mine.tool_id === line.tool_id);
		if (held) held.quantity += line.quantity;
		else if (shop.cart.length < CART_LINES_MAX) shop.cart.push({ ...line });
	}
	return jsonResponse(priceCart(shop, shop.cart));
}

/** A checkout as the server answers it: every line must fit, or 409 with one detail a line. */
function checkOut(shop: CartShop, input: CheckoutInput): Response {
	if (!shop.me) return notSignedIn();
	const problems = input.lines.flatMap(({ tool_id, quantity }) => {
		const tool = shop.tools.find((candidate) => candidate.id === tool_id);
		if (!tool)
			return [{ field: checkoutLineField(tool_id), message: NO_LONGER_SOLD }];
		const check = checkPurchase(tool, quantity);
		return check.canOrder
			? []
			: [
					{
						field: checkoutLineField(tool_id),
						message: `${tool.tool_name}: ${check.message}`,
					},
				];
	});
	if (problems.length > 0)
		return conflict(
			"Some tools in your cart cannot be ordered as they are. Nothing was ordered.",
			problems,
		);
	const fulfilment = input.fulfilment;
	let orderFulfilment: Order["fulfilment"];
	if (fulfilment.kind === "delivery") orderFulfilment = fulfilment;
	else {
		const point = shop.points.find(
			(candidate) => candidate.id === fulfilment.receiving_point_id,
		);
		if (!point) {
			const message =
				"This receiving point is no longer on the list. Choose another one.";
			return conflict(message, [
				{ field: "fulfilment.receiving_point_id", message },
			]);
		}
		orderFulfilment = { kind: "collection", receiving_point: point };
	}
	const lines = input.lines.map(({ tool_id, quantity }) => {
		const index = shop.tools.findIndex((tool) => tool.id === tool_id);
		const tool = shop.tools[index] as Tool;
		shop.tools[index] = {
			...tool,
			available_quantity: tool.available_quantity - quantity,
		};
		return {
			tool_id,
			tool_name: tool.tool_name,
			img: tool.img,
			description: tool.description,
			price_cents: tool.price_cents,
			quantity,
			line_total_cents: tool.price_cents * quantity,
			refunded_quantity: 0,
		};
	});
	const [first] = lines as [(typeof lines)[number]];
	const order = anOrder(shop.orders.length + 100, {
		lines,
		fulfilment: orderFulfilment,
		purchase_order: input.purchase_order || null,
		note: input.note || null,
		tool_id: first.tool_id,
		tool_name: first.tool_name,
		img: first.img,
		price_cents: first.price_cents,
		order_quantity: first.quantity,
		total_cents: lines.reduce((sum, line) => sum + line.line_total_cents, 0),
		email: shop.me.email,
		user_name: shop.me.name,
	});
	shop.orders.push(order);
	shop.cart = shop.cart.filter(
		(line) => !lines.some((ordered) => ordered.tool_id === line.tool_id),
	);
	return jsonResponse(order, 201);
}

const byName = (points: ReceivingPoint[]) =>
	[...points].sort((a, b) => a.name.localeCompare(b.name));

function answerPoints(
	shop: CartShop,
	method: string,
	url: URL,
	body: unknown,
): Response | undefined {
	const { pathname, searchParams } = url;
	if (pathname === "/api/receiving-points/count")
		return jsonResponse({ total: shop.points.length });
	if (pathname === "/api/receiving-points" && method === "GET") {
		const q = (searchParams.get("q") ?? "").toLowerCase();
		return pageOf(
			byName(shop.points).filter(
				(point) =>
					point.name.toLowerCase().includes(q) ||
					point.address.toLowerCase().includes(q),
			),
			url,
			20,
		);
	}
	if (pathname === "/api/receiving-points" && method === "POST") {
		const point = {
			...aPoint(shop.points.length + 100),
			...(body as ReceivingPointInput),
		};
		shop.points.push(point);
		return jsonResponse(point, 201);
	}
	const pointId = /^\/api\/receiving-points\/([^/]+)$/.exec(pathname)?.[1];
	if (!pointId) return undefined;
	const index = shop.points.findIndex((point) => point.id === pointId);
	if (index === -1)
		return errorResponse(404, "NOT_FOUND", "Receiving point not found");
	if (method === "PUT") {
		const point = { id: pointId, ...(body as ReceivingPointInput) };
		shop.points[index] = point;
		return jsonResponse(point);
	}
	if (method === "DELETE") {
		shop.points.splice(index, 1);
		return new Response(null, { status: 204 });
	}
	return undefined;
}

function answerCart(
	shop: CartShop,
	method: string,
	pathname: string,
	body: unknown,
): Response | undefined {
	if (pathname === "/api/cart/preview" && method === "POST")
		return jsonResponse(
			priceCart(shop, (body as { lines: CartLineInput[] }).lines),
		);
	if (!pathname.startsWith("/api/cart") && pathname !== "/api/checkout")
		return undefined;
	if (!shop.me) return notSignedIn();
	if (pathname === "/api/cart" && method === "GET")
		return jsonResponse(priceCart(shop, shop.cart));
	if (pathname === "/api/cart" && method === "DELETE") {
		shop.cart = [];
		return new Response(null, { status: 204 });
	}
	if (pathname === "/api/cart/merge" && method === "POST")
		return merge(shop, (body as { lines: CartLineInput[] }).lines);
	if (pathname === "/api/checkout" && method === "POST")
		return checkOut(shop, body as CheckoutInput);
	const toolId = /^\/api\/cart\/lines\/([^/]+)$/.exec(pathname)?.[1];
	if (toolId && method === "PUT")
		return setLine(shop, toolId, (body as { quantity: number }).quantity);
	if (toolId && method === "DELETE") {
		shop.cart = shop.cart.filter((line) => line.tool_id !== toolId);
		return jsonResponse(priceCart(shop, shop.cart));
	}
	return undefined;
}

/**
 * The shop's cart, checkout, receiving-point, profile and sign-in API over `shop` (kept in
 * memory, changed by the requests), as the server answers it. `answer` may answer a request
 * first, to stage a failure. Returns every request sent, in order.
 */
export function serveCartShop(
	shop: CartShop,
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
			const { pathname } = url;
			if (pathname === "/api/session") return jsonResponse({ me: shop.me });
			if (pathname === "/api/sign-in-options")
				return jsonResponse({ google: false });
			if (pathname === "/api/auth/sign-up/email")
				return jsonResponse({ token: null, user: shop.account });
			if (pathname === "/api/auth/sign-in/email") {
				shop.me = shop.account;
				return jsonResponse({ redirect: false, user: shop.account });
			}
			if (pathname === "/api/profile")
				return shop.me ? jsonResponse(shop.profile) : notSignedIn();
			if (pathname === "/api/payment-options")
				return jsonResponse({ provider: "test" });
			if (pathname === "/api/tools" && method === "GET")
				return pageOf(
					[...shop.tools].sort((a, b) =>
						b.created_at.localeCompare(a.created_at),
					),
					url,
				);
			const toolId = /^\/api\/tools\/([^/]+)$/.exec(pathname)?.[1];
			if (toolId && method === "GET") {
				const tool = shop.tools.find((candidate) => candidate.id === toolId);
				return tool
					? jsonResponse(tool)
					: errorResponse(404, "NOT_FOUND", "Tool not found");
			}
			if (pathname === "/api/me/orders")
				return pageOf(
					[...shop.orders].sort((a, b) =>
						b.created_at.localeCompare(a.created_at),
					),
					url,
				);
			const answered =
				answerCart(shop, method, pathname, request.body) ??
				answerPoints(shop, method, url, request.body);
			if (answered) return answered;
			throw new Error(`No answer for ${method} ${pathname}`);
		},
	);
	return sent;
}
