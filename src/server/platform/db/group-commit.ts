import { sql, type Transaction } from "kysely";
import { type Db, isPostgres } from "./database.ts";
import type { Database } from "./schema.ts";

/** The work of one write: database statements only, run inside the transaction it is given. */
export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

export type WriteTransactions = {
	/**
	 * Runs `work` in a transaction and resolves with its result once that is durably committed;
	 * when `work` throws, nothing it wrote is kept and the promise rejects with its error.
	 */
	run<T>(work: TransactionWork<T>): Promise<T>;
};

/** More writes than this wait for the next commit, so one commit never grows without bound. */
const MAX_WRITES_PER_COMMIT = 256;

/**
 * Transactions for writes that arrive many at a time (orders).
 *
 * PostgreSQL: one transaction each; the server runs them side by side on its pool.
 *
 * SQLite: group commit. SQLite has one writer, and each commit waits for the disk to flush
 * (synchronous=FULL), which blocks the process because better-sqlite3 is synchronous. So the
 * writes that arrive while the event loop is busy are run together in one transaction, each
 * inside its own savepoint, and committed with one flush. A write that fails is rolled back to
 * its savepoint alone; the others go on. Every promise settles only after the commit, so nothing
 * is acknowledged before it is on disk, and the writes still run one after another, exactly as
 * they would in transactions of their own.
 */
export function createWriteTransactions(db: Db): WriteTransactions {
	if (isPostgres(db)) return { run: (work) => db.transaction().execute(work) };
	return createGroupCommit(db);
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type QueuedWrite = {
	work: TransactionWork<unknown>;
	settle: (outcome: Outcome) => void;
};

function createGroupCommit(db: Db): WriteTransactions {
	const queue: QueuedWrite[] = [];
	let isCommitting = false;

	async function commitQueued(): Promise<void> {
		try {
			while (queue.length > 0) {
				const batch = queue.splice(0, MAX_WRITES_PER_COMMIT);
				const settleAll: (() => void)[] = [];
				try {
					await db.transaction().execute(async (trx) => {
						for (const write of batch) {
							const outcome = await runAlone(trx, write);
							settleAll.push(() => write.settle(outcome));
						}
					});
				} catch (error) {
					// The commit itself failed: none of the batch was written.
					for (const write of batch) write.settle({ ok: false, error });
					continue;
				}
				for (const settle of settleAll) settle();
			}
		} finally {
			isCommitting = false;
		}
	}

	return {
		run<T>(work: TransactionWork<T>): Promise<T> {
			return new Promise<T>((resolve, reject) => {
				queue.push({
					work,
					settle: (outcome) =>
						outcome.ok ? resolve(outcome.value as T) : reject(outcome.error),
				});
				if (isCommitting) return;
				isCommitting = true;
				// After the requests read in this turn of the event loop have queued their writes.
				setImmediate(() => void commitQueued());
			});
		},
	};
}

/** One write inside the shared transaction, undone alone when it fails. */
async function runAlone(
	trx: Transaction<Database>,
	write: QueuedWrite,
): Promise<Outcome> {
	await sql`savepoint one_write`.execute(trx);
	try {
		const value = await write.work(trx);
		await sql`release savepoint one_write`.execute(trx);
		return { ok: true, value };
	} catch (error) {
		await sql`rollback to savepoint one_write`.execute(trx);
		await sql`release savepoint one_write`.execute(trx);
		return { ok: false, error };
	}
}
