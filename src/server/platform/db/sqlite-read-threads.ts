import { once } from "node:events";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { SQLITE_DRIVER_PATH } from "./sqlite-driver.ts";

/**
 * Reads before the threads start: a shop read now and then answers from the event loop's own
 * read connection, and an idle server holds no extra thread.
 */
export const READS_BEFORE_START = 2_000;

/** How long a stop waits for a thread to close its connection before ending it. */
const STOP_WAIT_MS = 2_000;

// Plain CommonJS, run by each read thread: a read-only connection of its own whose prepared
// statements are kept (the app's reads are few and fixed, so 500 is plenty), and one answer a
// message, in order.
const READER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma("query_only = ON");
db.pragma("busy_timeout = 5000");
db.pragma("mmap_size = " + workerData.mmapBytes);
const statements = new Map();
function prepare(sql) {
	let statement = statements.get(sql);
	if (statement) {
		statements.delete(sql);
	} else {
		statement = db.prepare(sql);
		if (statements.size >= 500) statements.delete(statements.keys().next().value);
	}
	statements.set(sql, statement);
	return statement;
}
parentPort.on("message", (message) => {
	if (message === "stop") {
		db.close();
		parentPort.close();
		return;
	}
	const [id, sql, parameters] = message;
	try {
		// A blob crosses as a Uint8Array; the driver binds Buffers.
		const values = parameters.map((value) =>
			value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);
		parentPort.postMessage([id, prepare(sql).all(values)]);
	} catch (error) {
		parentPort.postMessage([id, undefined, {
			message: error instanceof Error ? error.message : String(error),
			code: error && typeof error.code === "string" ? error.code : undefined,
		}]);
	}
});
`;

export type ReadThreadOptions = {
	/** How many threads read; none on a machine with one core. */
	threads?: number;
	/** Reads made on the event loop's thread before the threads start. */
	readsBeforeStart?: number;
	/** The size of each thread's memory map of the database file. */
	mmapBytes: number;
	warn: (message: string) => void;
};

export type ReadThreads = {
	/**
	 * The rows of a read-only statement, read on a thread; undefined when no thread reads (yet),
	 * and the caller reads on its own connection. Each call counts towards the threads' start.
	 */
	all(
		sql: string,
		parameters: readonly unknown[],
	): Promise<unknown[]> | undefined;
	/** Ends the threads, if they run, once their connections are closed. */
	stop(): Promise<void>;
};

/** A read given to a thread that then stopped: it is read again on the event loop's connection. */
export class ReadThreadStopped extends Error {
	constructor(reason: string) {
		super(`the database read thread stopped (${reason})`);
		this.name = "ReadThreadStopped";
	}
}

type Pending = {
	resolve: (rows: unknown[]) => void;
	reject: (error: Error) => void;
};

/** One read thread and the reads it has been given, answered in the order they were sent. */
type ReadThread = { worker: Worker; pending: Map<number, Pending> };

/** A value that crossed from a thread: a blob arrives as a Uint8Array, and leaves as a Buffer. */
function asBuffers(rows: unknown[]): unknown[] {
	for (const row of rows) {
		if (typeof row !== "object" || row === null) continue;
		const record = row as Record<string, unknown>;
		for (const key in record) {
			const value = record[key];
			if (value instanceof Uint8Array && !Buffer.isBuffer(value))
				record[key] = Buffer.from(
					value.buffer,
					value.byteOffset,
					value.byteLength,
				);
		}
	}
	return rows;
}

/** The default: every core but the one the event loop runs on, at most four. */
function defaultThreads(): number {
	return Math.min(4, Math.max(0, os.availableParallelism() - 1));
}

/**
 * Reads of a WAL database on threads of their own (docs/decisions/016-reads-beside-writes.md).
 *
 * better-sqlite3 runs a statement on the thread that calls it. With reads on the event loop's
 * thread, a search's SQL (about half of its answer's cost) and everything else the server does
 * shared one core, while the machine's other cores had nothing to do. Once the shop reads
 * steadily, each read-only statement made outside a transaction is sent to a thread with a
 * read-only connection of its own, the least busy one, and the event loop goes on with other
 * requests meanwhile. Each statement starts after the message that asks for it, so it sees every
 * commit made before it was asked: a read that starts after a write's answer sees that write.
 * A thread that fails is not started again: its reads, and later ones, go back to the event
 * loop's connection.
 */
export function createReadThreads(
	file: string,
	options: ReadThreadOptions,
): ReadThreads {
	const count = options.threads ?? defaultThreads();
	const readsBeforeStart = options.readsBeforeStart ?? READS_BEFORE_START;
	let reads = 0;
	let nextId = 0;
	let threads: ReadThread[] = [];
	let isStopped = count === 0;

	function startThread(): ReadThread {
		const worker = new Worker(READER_SOURCE, {
			eval: true,
			workerData: {
				driver: SQLITE_DRIVER_PATH,
				file,
				mmapBytes: options.mmapBytes,
			},
		});
		// Never what keeps the process alive.
		worker.unref();
		const thread: ReadThread = { worker, pending: new Map() };
		worker.on("message", ([id, rows, error]: [number, unknown[], Error?]) => {
			const pending = thread.pending.get(id);
			if (!pending) return;
			thread.pending.delete(id);
			if (error) pending.reject(Object.assign(new Error(error.message), error));
			else pending.resolve(asBuffers(rows));
		});
		const fail = (reason: string) => {
			if (!threads.includes(thread)) return;
			threads = threads.filter((other) => other !== thread);
			isStopped = true;
			options.warn(
				`A database read thread stopped (${reason}); reads run on the main thread again.`,
			);
			for (const pending of thread.pending.values())
				pending.reject(new ReadThreadStopped(reason));
			thread.pending.clear();
		};
		worker.on("error", (error) => fail(error.message));
		worker.on("exit", (code) => fail(`exit code ${code}`));
		return thread;
	}

	return {
		all(sql, parameters) {
			if (isStopped) return undefined;
			if (threads.length === 0) {
				if (++reads <= readsBeforeStart) return undefined;
				threads = Array.from({ length: count }, startThread);
			}
			let thread = threads[0] as ReadThread;
			for (const other of threads)
				if (other.pending.size < thread.pending.size) thread = other;
			const id = nextId++;
			// Sent first: a value that cannot cross throws here, and leaves nothing pending.
			thread.worker.postMessage([id, sql, parameters]);
			return new Promise<unknown[]>((resolve, reject) =>
				thread.pending.set(id, { resolve, reject }),
			);
		},
		async stop() {
			isStopped = true;
			const stopping = threads;
			threads = [];
			await Promise.all(
				stopping.map(async ({ worker }) => {
					const exited = once(worker, "exit").catch(() => {});
					worker.postMessage("stop");
					const timer = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
					await exited;
					clearTimeout(timer);
				}),
			);
		},
	};
}
