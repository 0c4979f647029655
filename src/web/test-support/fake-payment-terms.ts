import { vi } from "vitest";
import type {
	OverdueInvoice,
	PaymentTerms,
	PaymentTermsInput,
} from "../../shared/payment-terms.schemas.ts";
import { dollarsToCents } from "../../shared/tools.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { admin } from "./fake-catalog.ts";

export { admin };

/** An account of the shop, by which an admin approves a customer. */
export type Account = { user_id: string; name: string; email: string };

/** The n-th customer's account: customer{n}@example.com. */
export function anAccount(n: number, changes: Partial<Account> = {}): Account {
	return {
		user_id: `user-${String(n).padStart(3, "0")}`,
		name: `Customer ${n}`,
		email: `customer${n}@example.com`,
		...changes,
	};
}

/**
 * The n-th customer approved (a higher n was approved later), by Ada on day n of November 2026:
 * net 30, a $1,000.00 limit, nothing owed.
 */
export function someTerms(
	n: number,
	changes: Partial<PaymentTerms> = {},
): PaymentTerms {
	const account = anAccount(n);
	return {
		user_id: account.user_id,
		email: account.email,
		name: account.name,
		net_days: 30,
		credit_limit_cents: 100_000,
		owed_cents: 0,
		approved_at: new Date(Date.UTC(2026, 10, n, 9)).toISOString(),
		approved_by_email: admin.email,
		...changes,
	};
}

/** The n-th overdue invoice: invoice 2026-00000n of $250.00, due on 1 December 2026, n days late. */
export function anOverdueInvoice(
	n: number,
	changes: Partial<OverdueInvoice> = {},
): OverdueInvoice {
	return {
		order_id: `60000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		invoice_number: `2026-${String(n).padStart(6, "0")}`,
		email: `customer${n}@example.com`,
		user_name: `Customer ${n}`,
		total_cents: 25_000,
		due_at: "2026-12-01T10:00:00.000Z",
		days_overdue: n,
		...changes,
	};
}

/** What the fake shop holds for pay by invoice; tests read and change it. */
export type TermsShop = {
	me: typeof admin;
	accounts: Account[];
	terms: PaymentTerms[];
	overdue: OverdueInvoice[];
};

export function aTermsShop(changes: Partial<TermsShop> = {}): TermsShop {
	return { me: admin, accounts: [], terms: [], overdue: [], ...changes };
}

export type TermsRequest = { method: string; url: URL; body: unknown };

function approve(shop: TermsShop, input: PaymentTermsInput): Response {
	const email = input.email.trim().toLowerCase();
	const account = shop.accounts.find((candidate) => candidate.email === email);
	if (!account)
		return errorResponse(
			404,
			"NOT_FOUND",
			`No account uses ${email}. The customer signs up first, then is approved.`,
		);
	const index = shop.terms.findIndex(
		(terms) => terms.user_id === account.user_id,
	);
	const before = shop.terms[index];
	// The first approval's day stays; a change is by the admin who makes it.
	const saved: PaymentTerms = {
		...account,
		net_days: input.net_days,
		credit_limit_cents: dollarsToCents(input.credit_limit),
		owed_cents: before?.owed_cents ?? 0,
		approved_at: before?.approved_at ?? new Date().toISOString(),
		approved_by_email: shop.me.email,
	};
	if (before) shop.terms[index] = saved;
	else shop.terms.push(saved);
	return jsonResponse(saved);
}

/**
 * The admins' pay-by-invoice API over `shop` (kept in memory, changed by the requests), as the
 * server answers it: approved customers the latest approved first and overdue invoices the longest
 * overdue first, 12 a page; approving by an account's email (404 for none), which changes the
 * terms of one approved already; withdrawing. `answer` may answer a request first, to stage a
 * failure. Returns every request sent, in order.
 */
export function servePaymentTerms(
	shop: TermsShop,
	answer: (request: TermsRequest) => Response | undefined = () => undefined,
): TermsRequest[] {
	const sent: TermsRequest[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const request = {
				method,
				url,
				body:
					typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
			};
			sent.push(request);
			const staged = answer(request);
			if (staged) return staged;
			const { pathname } = url;
			if (pathname === "/api/session") return jsonResponse({ me: shop.me });
			if (pathname === "/api/admin/payment-terms" && method === "GET")
				return pageOf(
					[...shop.terms].sort((a, b) =>
						b.approved_at.localeCompare(a.approved_at),
					),
					url,
				);
			if (pathname === "/api/admin/payment-terms" && method === "POST")
				return approve(shop, request.body as PaymentTermsInput);
			const userId = /^\/api\/admin\/payment-terms\/([^/]+)$/.exec(
				pathname,
			)?.[1];
			if (userId && method === "DELETE") {
				const index = shop.terms.findIndex(
					(terms) => terms.user_id === decodeURIComponent(userId),
				);
				if (index === -1)
					return errorResponse(
						404,
						"NOT_FOUND",
						"This customer has no payment terms",
					);
				shop.terms.splice(index, 1);
				return new Response(null, { status: 204 });
			}
			if (pathname === "/api/admin/overdue-invoices")
				return pageOf(
					[...shop.overdue].sort((a, b) => b.days_overdue - a.days_overdue),
					url,
				);
			throw new Error(`No answer for ${method} ${pathname}`);
		},
	);
	return sent;
}
