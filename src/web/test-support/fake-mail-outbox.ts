import { vi } from "vitest";
import type { OutboxMail } from "../../shared/mail-outbox.schemas.ts";
import { errorResponse, jsonResponse, pageOf } from "./fake-api.ts";
import { admin } from "./fake-catalog.ts";

/** The n-th mail of the outbox (a higher n was enqueued later): pending, not tried yet. */
export function aMail(
	n: number,
	changes: Partial<OutboxMail> = {},
): OutboxMail {
	const created = new Date(Date.UTC(2026, 10, 24, 12, n)).toISOString();
	return {
		id: `40000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		to: `customer${n}@example.com`,
		subject: `Your order ${n} is confirmed`,
		kind: "order-confirmed",
		status: "pending",
		attempts: 0,
		last_error: null,
		created_at: created,
		send_after: created,
		sent_at: null,
		failed_at: null,
		...changes,
	};
}

export type MailRequest = { method: string; url: URL };

/**
 * The outbox's admin API over `mails` (changed by the requests), as the server answers it: newest
 * first, pending and failed unless a status is asked, 20 a page; a retry makes a failed or pending
 * mail pending again with a fresh round of attempts, and refuses a sent one. Returns every
 * request sent, in order.
 */
export function serveMailOutbox(
	mails: OutboxMail[],
	me: object = admin,
): MailRequest[] {
	const sent: MailRequest[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			sent.push({ method, url });
			if (url.pathname === "/api/session") return jsonResponse({ me });
			if (url.pathname === "/api/admin/mail-outbox" && method === "GET") {
				const status = url.searchParams.get("status");
				const listed = mails
					.filter((mail) =>
						status ? mail.status === status : mail.status !== "sent",
					)
					.sort((a, b) => b.created_at.localeCompare(a.created_at));
				return pageOf(listed, url, 20);
			}
			const retried = /^\/api\/admin\/mail-outbox\/([^/]+)\/retry$/.exec(
				url.pathname,
			)?.[1];
			if (retried && method === "POST") {
				const index = mails.findIndex((mail) => mail.id === retried);
				const mail = mails[index];
				if (!mail) return errorResponse(404, "NOT_FOUND", "Mail not found");
				if (mail.status === "sent")
					return errorResponse(409, "CONFLICT", "This mail was sent already");
				const pending: OutboxMail = {
					...mail,
					status: "pending",
					attempts: 0,
					failed_at: null,
					send_after: new Date().toISOString(),
				};
				mails[index] = pending;
				return jsonResponse(pending);
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	return sent;
}
