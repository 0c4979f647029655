import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { SQLITE_DRIVER_PATH } from "./sqlite-driver.ts";

/**
 * Writes before the checkpoints move to their own thread: a shop that writes now and then keeps
 * SQLite's own, and an idle server holds no second thread.
 */
const WRITES_BEFORE_START = 100;

/** How often the thread copies the committed pages from the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 100;

/** How long a stop waits for the thread to close its connection before ending it. */
const STOP_WAIT_MS = 2_000;

// Plain CommonJS, run by the worker thread: its own connection, a passive checkpoint on a timer.
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
const timer = setInterval(() => {
	try {
		db.pragma("wal_checkpoint(PASSIVE)");
	} catch (error) {
		parentPort.postMessage(error instanceof Error ? error.message : String(error));
	}
}, workerData.everyMs);
parentPort.on("message", () => {
	clearInterval(timer);
	db.close();
	parentPort.close();
});
`;

export type Checkpointer = {
	/** Called after each commit of the writer. */
	afterWrite(): void;
	/** Ends the thread, if it runs, once its connection is closed. */
	stop(): Promise<void>;
};

/**
 * Checkpoints of a WAL database on a thread of their own (docs/decisions/016-reads-beside-writes.md).
 *
 * In WAL mode each commit appends pages to the log, and every 1,000 pages SQLite copies them into
 * the database file and flushes it, inside the commit that crossed the mark. With better-sqlite3
 * that copy and its two flushes run on the event loop's thread, so under a stream of orders every
 * few commits stalled the reads and orders waiting behind them. Once the shop writes steadily, a
 * worker thread with a connection of its own runs a passive checkpoint every 100 ms: it copies
 * what readers no longer need without ever blocking the writer or a reader, the log stays short,
 * and SQLite's own checkpoint (still on, as the backstop) finds nothing left to copy.
 */
export function createCheckpointer(
	file: string,
	warn: (message: string) => void,
): Checkpointer {
	let writes = 0;
	let worker: Worker | undefined;
	let hasFailed = false;

	function start(): void {
		const thread = new Worker(CHECKPOINTER_SOURCE, {
			eval: true,
			workerData: {
				driver: SQLITE_DRIVER_PATH,
				file,
				everyMs: CHECKPOINT_EVERY_MS,
			},
		});
		// Never what keeps the process alive.
		thread.unref();
		let isWarned = false;
		thread.on("message", (message) => {
			if (isWarned) return;
			isWarned = true;
			warn(`A background checkpoint of the database failed: ${message}`);
		});
		thread.on("error", (error) => {
			// SQLite's own checkpoints go on; the thread is not started again.
			hasFailed = true;
			worker = undefined;
			warn(`The database's checkpoint thread stopped: ${error.message}`);
		});
		worker = thread;
	}

	return {
		afterWrite() {
			if (worker || hasFailed || ++writes < WRITES_BEFORE_START) return;
			start();
		},
		async stop() {
			const thread = worker;
			if (!thread) return;
			worker = undefined;
			hasFailed = true;
			const exited = once(thread, "exit").catch(() => {});
			thread.postMessage("stop");
			const timer = setTimeout(() => void thread.terminate(), STOP_WAIT_MS);
			await exited;
			clearTimeout(timer);
		},
	};
}
