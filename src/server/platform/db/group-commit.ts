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
 * A commit takes no more writes once those it holds have run this long: the rest wait for the
 * next commit, one turn of the event loop later, so that the requests waiting on the loop (catalog
 * reads above all) are answered between commits instead of after every queued order.
 */
const COMMIT_SLICE_MS = 4;

/**
 * Transactions for writes that arrive many at a time (orders).
 *
 * PostgreSQL: one transaction each; the server runs them side by side on its pool.
 *
 * SQLite: group commit. SQLite has one writer, and each commit waits for the disk to flush
 * (off the event loop, decision 023). So the writes that arrive while the event loop is busy are
 * run together in one transaction, each inside its own savepoint, and committed with one flush;
 * the next batch runs while that flush is under way. A write that fails is rolled back to
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

	/** The next batch, once this one has taken its writes: it begins when this one commits. */
	function startNext(): void {
		if (queue.length === 0) isCommitting = false;
		// The event loop's waiting I/O first, then the next commit.
		else setImmediate(commitSome);
	}

	/**
	 * Runs the writes at the head of the queue in one transaction, for up to a slice of time, takes
	 * them off the queue and lets the next batch start, commits, and settles them once the commit
	 * is on disk. The next batch waits for the writer until this one has committed, and runs while
	 * this one's commit is flushed.
	 */
	async function commitSome(): Promise<void> {
		const outcomes: Outcome[] = [];
		let batch: QueuedWrite[] | undefined;
		try {
			await db.transaction().execute(async (trx) => {
				const startedAt = performance.now();
				while (
					outcomes.length < queue.length &&
					outcomes.length < MAX_WRITES_PER_COMMIT &&
					(outcomes.length === 0 ||
						performance.now() - startedAt < COMMIT_SLICE_MS)
				)
					outcomes.push(
						await runAlone(trx, queue[outcomes.length] as QueuedWrite),
					);
				batch = queue.splice(0, outcomes.length);
				startNext();
			});
		} catch (error) {
			// The transaction could not begin or commit: none of its writes was written. (One that
			// did not begin fails its first write, so a lasting fault cannot keep the queue going.)
			const failed = batch ?? queue.splice(0, Math.max(outcomes.length, 1));
			for (const write of failed) write.settle({ ok: false, error });
			if (!batch) startNext();
			return;
		}
		(batch ?? []).forEach((write, index) => {
			write.settle(outcomes[index] as Outcome);
		});
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
				setImmediate(commitSome);
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
