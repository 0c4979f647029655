import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db/database.ts";
import { type AuditParty, recordAuditEvent } from "./audit.service.ts";

export type AccessRefusal = {
	viewer: AuditParty;
	method: string;
	/** The route as registered (`/api/users/:id`), so probing many ids is one route. */
	route: string;
	address: string;
};

const REFUSAL_WINDOW_MS = 60_000;
const REFUSALS_TRACKED_MAX = 10_000;

/**
 * Records refused role checks, at most one per account, method and route a minute: a script
 * probing admin routes with a customer's session writes a handful of rows, not one per request.
 * What was last recorded is kept in this process's memory (at most 10,000 keys, the oldest
 * dropped first), so each server instance keeps its own minute and a restart starts afresh.
 */
export function createAccessRefusalRecorder({
	db,
	clock,
}: {
	db: Db;
	clock: Clock;
}): (refusal: AccessRefusal) => Promise<void> {
	// Ordered by when each key was last recorded: the oldest come first.
	const lastRecorded = new Map<string, number>();

	function forgetStale(now: number): void {
		for (const [key, at] of lastRecorded) {
			if (
				now - at < REFUSAL_WINDOW_MS &&
				lastRecorded.size < REFUSALS_TRACKED_MAX
			)
				return;
			lastRecorded.delete(key);
		}
	}

	return async (refusal) => {
		const key = `${refusal.viewer.id} ${refusal.method} ${refusal.route}`;
		const now = clock();
		const last = lastRecorded.get(key);
		if (last !== undefined && now - last < REFUSAL_WINDOW_MS) return;
		lastRecorded.delete(key);
		forgetStale(now);
		lastRecorded.set(key, now);
		await recordAuditEvent(db, {
			kind: "access.refused",
			actor: refusal.viewer,
			address: refusal.address,
			details: { method: refusal.method, route: refusal.route },
		});
	};
}
