import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { type Db, isPostgres } from "./database.ts";

/** The first key of the shop's advisory locks, so they never meet another application's. */
const ADVISORY_LOCK_CLASS = 20_261_121;

export type AloneOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `work` unless another instance of the shop is running the work of the same name right now,
 * in which case it returns at once without running it (background passes: the next tick tries
 * again). PostgreSQL: a session advisory lock on one connection held for the run, which the
 * server releases by itself if this process dies. SQLite: a database has one server process, so
 * the work always runs.
 */
export async function runAloneAcrossInstances<T>(
	db: Db,
	name: string,
	work: () => Promise<T>,
): Promise<AloneOutcome<T>> {
	if (!isPostgres(db)) return { ran: true, value: await work() };
	return db.connection().execute(async (connection) => {
		const { rows } = await sql<{
			locked: boolean;
		}>`select pg_try_advisory_lock(${ADVISORY_LOCK_CLASS}, hashtext(${name})) as locked`.execute(
			connection,
		);
		if (!rows[0]?.locked) return { ran: false };
		try {
			return { ran: true, value: await work() };
		} finally {
			await sql`select pg_advisory_unlock(${ADVISORY_LOCK_CLASS}, hashtext(${name}))`.execute(
				connection,
			);
		}
	});
}

/**
 * Runs `work` every `everyMs` while the server is up, on one instance at a time
 * (runAloneAcrossInstances): a pass still running skips the tick, a failed one is logged and the
 * next tick tries again. Stopping the server waits for a running pass.
 */
export function scheduleAloneAcrossInstances(
	app: FastifyInstance,
	db: Db,
	{
		name,
		everyMs,
		work,
		failure,
	}: {
		name: string;
		everyMs: number;
		work: () => Promise<unknown>;
		/** The log line of a failed pass: "could not delete ended rate-limit windows". */
		failure: string;
	},
): void {
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<unknown> | undefined;
	const tick = () => {
		running ??= runAloneAcrossInstances(db, name, work)
			.catch((error: unknown) => app.log.error({ err: error }, failure))
			.finally(() => {
				running = undefined;
			});
	};
	app.addHook("onReady", async () => {
		timer = setInterval(tick, everyMs);
		timer.unref();
	});
	app.addHook("onClose", async () => {
		clearInterval(timer);
		await running;
	});
}
