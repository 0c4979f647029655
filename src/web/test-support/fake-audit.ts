import { vi } from "vitest";
import type { AuditEvent } from "../../shared/audit.schemas.ts";
import { jsonResponse, pageOf } from "./fake-api.ts";
import { admin } from "./fake-catalog.ts";

export { admin };

/** The n-th event of the log (a higher n happened later): bob@example.com made an admin by Ada. */
export function anAuditEvent(
	n: number,
	changes: Partial<AuditEvent> = {},
): AuditEvent {
	return {
		id: `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
		occurred_at: new Date(Date.UTC(2026, 10, 28, 9, n, 5)).toISOString(),
		kind: "admin.granted",
		actor_user_id: admin.id,
		actor_email: admin.email,
		subject_user_id: "u-bob",
		subject_email: "bob@example.com",
		address: "198.51.100.23",
		details: { via: "dashboard" },
		...changes,
	};
}

/**
 * The security log API over `events`, as the server answers it: newest first, paged, filtered by
 * kind; the signed-in caller is `me`. `answer` may answer a request first, to stage a failure.
 * Returns the URL of every request sent, in order.
 */
export function serveAuditLog(
	events: AuditEvent[],
	{
		me = admin,
		answer = () => undefined,
	}: {
		me?: Omit<typeof admin, "is_admin"> & { is_admin: boolean };
		answer?: (url: URL) => Response | undefined;
	} = {},
): URL[] {
	const sent: URL[] = [];
	vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
		const url = new URL(String(input), window.location.href);
		sent.push(url);
		const staged = answer(url);
		if (staged) return staged;
		if (url.pathname === "/api/session") return jsonResponse({ me });
		if (url.pathname === "/api/admin/audit-events") {
			const kind = url.searchParams.get("kind");
			const newestFirst = [...events]
				.filter((event) => !kind || event.kind === kind)
				.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at));
			return pageOf(newestFirst, url, 20);
		}
		throw new Error(`No answer for ${url.pathname}`);
	});
	return sent;
}
