import fs from "node:fs";

export type WalSync = {
	/**
	 * Resolves once a flush of the write-ahead log that began after this call has finished, so
	 * that every commit made before the call is on disk. Calls made while a flush runs share the
	 * next one: a burst of commits costs two flushes, not one each.
	 */
	afterCommit(): Promise<void>;
	/** Waits for a flush in progress and closes the log's file. */
	close(): Promise<void>;
};

/**
 * Flushes the write-ahead log of the SQLite database `file` on libuv's thread pool, off the event
 * loop's thread (docs/decisions/023-commits-flushed-off-the-event-loop.md). The writer commits
 * with synchronous=NORMAL, which writes the commit to the log without flushing it; this flush,
 * awaited before the write is acknowledged, makes it as durable as synchronous=FULL would have,
 * while the thread answers other requests meanwhile.
 */
export function createWalSync(file: string): WalSync {
	const walFile = `${file}-wal`;
	let descriptor: number | undefined;
	let running: Promise<void> | undefined;
	let queued: Promise<void> | undefined;

	const flush = (): Promise<void> =>
		new Promise<void>((resolve, reject) => {
			if (descriptor === undefined) {
				try {
					// Writable: some systems flush only a file opened for writing. Never created here.
					descriptor = fs.openSync(walFile, "r+");
				} catch (error) {
					// No log yet: nothing has been written to it, so nothing waits to be flushed.
					if ((error as NodeJS.ErrnoException).code === "ENOENT")
						return resolve();
					return reject(error);
				}
			}
			fs.fdatasync(descriptor, (error) => (error ? reject(error) : resolve()));
		});

	const start = (): Promise<void> => {
		const flushing = flush().finally(() => {
			if (running === flushing) running = undefined;
		});
		running = flushing;
		return flushing;
	};

	return {
		afterCommit() {
			if (!running) return start();
			// A flush already running may have begun before the caller's commit: the next one.
			queued ??= running
				.catch(() => {})
				.then(() => {
					queued = undefined;
					return start();
				});
			return queued;
		},
		async close() {
			await Promise.allSettled([running, queued]);
			if (descriptor !== undefined) fs.closeSync(descriptor);
			descriptor = undefined;
		},
	};
}
