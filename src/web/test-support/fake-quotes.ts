import { vi } from "vitest";
import type { AdminQuote } from "../../shared/quotes.schemas.ts";
import { dollarsToCents } from "../../shared/tools.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";

/**
 * The n-th quote request of the shop (a higher n was asked later): 50 pieces of tool n, asked
 * and not answered yet, as the admins see it; a customer's view is the same without the customer.
 */
export function aQuote(
	n: number,
	changes: Partial<AdminQuote> = {},
): AdminQuote {
	const created = new Date(Date.UTC(2026, 10, 24, 12, n)).toISOString();
	return {
		id: `50000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		tool_id: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		tool_name: `Tool ${n}`,
		sku: `TG-${String(n).padStart(6, "0")}`,
		quantity: 50,
		wanted_price_cents: null,
		needed_by: null,
		customer_note: null,
		status: "requested",
		unit_price_cents: null,
		total_cents: null,
		valid_until: null,
		admin_note: null,
		answered_at: null,
		order_id: null,
		accepted_at: null,
		created_at: created,
		updated_at: created,
		email: `buyer${n}@example.com`,
		user_name: `Buyer ${n}`,
		has_account: true,
		answered_by_email: null,
		...changes,
	};
}

export type QuoteRequest = { method: string; url: URL; body: unknown };

const isOpen = (quote: AdminQuote) =>
	["requested", "answered", "lapsed"].includes(quote.status);

/**
 * The quotes API over `quotes` (changed by the requests), as the server answers it to `me`: the
 * customer's list (every quote is theirs here) and withdraw, the admins' list by status, answer
 * and decline; newest first. Returns every request sent, in order.
 */
export function serveQuotes(quotes: AdminQuote[], me: object): QuoteRequest[] {
	const sent: QuoteRequest[] = [];
	const newestFirst = () =>
		[...quotes].sort((a, b) => b.created_at.localeCompare(a.created_at));
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const body =
				typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
			sent.push({ method, url, body });
			if (url.pathname === "/api/session") return jsonResponse({ me });
			if (url.pathname === "/api/quotes" && method === "GET")
				return pageOf(newestFirst(), url, 9);
			if (url.pathname === "/api/admin/quotes" && method === "GET") {
				const status = url.searchParams.get("status");
				return pageOf(
					newestFirst().filter((quote) => !status || quote.status === status),
					url,
					20,
				);
			}
			const step = /^\/api\/(?:admin\/)?quotes\/([^/]+)\/(\w+)$/.exec(
				url.pathname,
			);
			const quote = quotes.find((candidate) => candidate.id === step?.[1]);
			if (step && quote && method === "POST") {
				if (!isOpen(quote))
					return errorResponse(409, "CONFLICT", "This request was closed.");
				const at = "2026-11-25T09:00:00.000Z";
				if (step[2] === "withdraw") quote.status = "withdrawn";
				if (step[2] === "decline") {
					quote.status = "declined";
					quote.admin_note = (body as { note?: string }).note ?? null;
				}
				if (step[2] === "answer") {
					const answer = body as {
						unit_price: string;
						valid_until: string;
						note?: string;
					};
					quote.status = "answered";
					quote.unit_price_cents = dollarsToCents(answer.unit_price);
					quote.total_cents = quote.unit_price_cents * quote.quantity;
					quote.valid_until = answer.valid_until;
					quote.admin_note = answer.note ?? null;
					quote.answered_at = at;
					quote.answered_by_email = "ada@example.com";
				}
				quote.updated_at = at;
				return jsonResponse(quote);
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	return sent;
}
