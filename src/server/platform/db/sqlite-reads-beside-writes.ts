import {
	CompiledQuery,
	type DatabaseConnection,
	type Driver,
	type QueryResult,
	SqliteDialect,
} from "kysely";
import { READ_AT_ONCE_MARK } from "./read-at-once.ts";
import type { SQLiteStatement } from "./sqlite-driver.ts";
import { ReadThreadStopped, type ReadThreads } from "./sqlite-read-threads.ts";

/** What the driver needs of a connection: statements prepared once and reused. */
export type StatementSource = {
	prepare(sql: string): SQLiteStatement;
	close(): void;
};

export type ReadsBesideWritesOptions = {
	/** The one connection every write and every transaction uses, one at a time. */
	writer: StatementSource;
	/** A read-only connection for the reads made outside a transaction. */
	reader: StatementSource;
	/** Threads that take the reader's statements off the event loop once the shop reads steadily. */
	readThreads?: ReadThreads;
	/** Opens a read-only connection of its own for one streamed read (an export). */
	openStreamReader: () => StatementSource;
	/** Called after each commit of the writer (a transaction's, or a single write's). */
	afterWrite?: () => void;
	/**
	 * Resolves once the commits made so far are on disk: awaited after each commit, with the
	 * writer already free for the next transaction, before the write is acknowledged.
	 */
	durable?: () => Promise<void>;
	/** Called when the database is closed, before the connections are. */
	beforeClose?: () => Promise<void>;
};

/**
 * SQLite in WAL mode lets readers run beside the one writer, each reader seeing the last commit
 * when its statement starts (docs/decisions/016-reads-beside-writes.md).
 *
 * Kysely's own SQLite driver has one connection behind a mutex: a write transaction held it
 * across every await of its work and its commit, so every read of the shop, cached list pages
 * included, queued behind the orders. Here a query made outside a transaction that only reads
 * (a select, or a with … select, that SQLite confirms does not write) runs at once on the reader
 * connection; everything else (a transaction, from its begin to its commit or rollback, and any
 * single write) takes the writer in turn, as before. A transaction reads its own writes because
 * all its statements run on the writer. A read that starts after a write's answer sees that
 * write, because the answer is sent after the commit. A commit is acknowledged once `durable`
 * says the log holding it is flushed; the writer is free for the next one meanwhile.
 */
export class ReadsBesideWritesDialect extends SqliteDialect {
	readonly #options: ReadsBesideWritesOptions;
	readonly #writerTurn = new Turns();

	constructor(options: ReadsBesideWritesOptions) {
		super({ database: options.writer as never });
		this.#options = options;
	}

	override createDriver(): Driver {
		return new ReadsBesideWritesDriver(this.#options, this.#writerTurn);
	}

	/** Whether a transaction or a write holds the writer, and how many wait for it. */
	writerUse(): { isBusy: boolean; waiting: number } {
		return {
			isBusy: this.#writerTurn.isTaken,
			waiting: this.#writerTurn.waiting,
		};
	}
}

class ReadsBesideWritesDriver implements Driver {
	readonly #options: ReadsBesideWritesOptions;
	readonly #writerTurn: Turns;

	constructor(options: ReadsBesideWritesOptions, writerTurn: Turns) {
		this.#options = options;
		this.#writerTurn = writerTurn;
	}

	async init(): Promise<void> {}

	async acquireConnection(): Promise<DatabaseConnection> {
		return new RoutedConnection(this.#options, this.#writerTurn);
	}

	async beginTransaction(connection: DatabaseConnection): Promise<void> {
		const routed = connection as RoutedConnection;
		await routed.holdWriter();
		await routed.executeQuery(CompiledQuery.raw("begin"));
	}

	async commitTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw("commit"));
		this.#options.afterWrite?.();
		// The next transaction runs while this one's commit is flushed.
		(connection as RoutedConnection).releaseWriter();
		await this.#options.durable?.();
	}

	async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
		const routed = connection as RoutedConnection;
		// Committed, and only its flush failed: nothing is left to roll back, and the writer may
		// already be running the next transaction.
		if (!routed.holdsWriter) return;
		await routed.executeQuery(CompiledQuery.raw("rollback"));
	}

	// Savepoint names come from the code, never from input (the group commit's one_write).
	async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
	}

	async rollbackToSavepoint(
		connection: DatabaseConnection,
		name: string,
	): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw(`rollback to ${name}`));
	}

	async releaseSavepoint(
		connection: DatabaseConnection,
		name: string,
	): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw(`release ${name}`));
	}

	async releaseConnection(connection: DatabaseConnection): Promise<void> {
		(connection as RoutedConnection).releaseWriter();
	}

	async destroy(): Promise<void> {
		await this.#options.beforeClose?.();
		this.#options.reader.close();
		this.#options.writer.close();
	}
}

const READ_START = /^\s*(select|with)\b/i;

/** One connection as Kysely sees it: the reader for plain reads, the writer in turn otherwise. */
class RoutedConnection implements DatabaseConnection {
	readonly #options: ReadsBesideWritesOptions;
	readonly #writerTurn: Turns;
	#holdsWriter = false;

	constructor(options: ReadsBesideWritesOptions, writerTurn: Turns) {
		this.#options = options;
		this.#writerTurn = writerTurn;
	}

	get holdsWriter(): boolean {
		return this.#holdsWriter;
	}

	async holdWriter(): Promise<void> {
		if (this.#holdsWriter) return;
		await this.#writerTurn.take();
		this.#holdsWriter = true;
	}

	releaseWriter(): void {
		if (!this.#holdsWriter) return;
		this.#holdsWriter = false;
		this.#writerTurn.pass();
	}

	async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
		if (this.#holdsWriter) return run<R>(this.#options.writer, compiledQuery);
		if (READ_START.test(compiledQuery.sql)) {
			const statement = this.#options.reader.prepare(compiledQuery.sql);
			// A with … clause may still write; SQLite knows.
			if (statement.readonly) {
				// A lookup by key marked to be read at once stays on this thread.
				const threaded = compiledQuery.sql.endsWith(READ_AT_ONCE_MARK)
					? undefined
					: this.#options.readThreads?.all(
							compiledQuery.sql,
							compiledQuery.parameters,
						);
				if (threaded)
					return {
						rows: (await threaded.catch((error: unknown) => {
							if (!(error instanceof ReadThreadStopped)) throw error;
							return statement.all(compiledQuery.parameters);
						})) as R[],
					};
				return { rows: statement.all(compiledQuery.parameters) as R[] };
			}
		}
		await this.#writerTurn.take();
		let result: QueryResult<R>;
		try {
			result = run<R>(this.#options.writer, compiledQuery);
			this.#options.afterWrite?.();
		} finally {
			this.#writerTurn.pass();
		}
		await this.#options.durable?.();
		return result;
	}

	async *streamQuery<R>(
		compiledQuery: CompiledQuery,
	): AsyncIterableIterator<QueryResult<R>> {
		// An open iterator keeps its connection busy: a stream reads on a connection of its own.
		const source = this.#holdsWriter
			? this.#options.writer
			: this.#options.openStreamReader();
		try {
			const statement = source.prepare(compiledQuery.sql);
			for (const row of statement.iterate(compiledQuery.parameters))
				yield { rows: [row as R] };
		} finally {
			if (source !== this.#options.writer) source.close();
		}
	}
}

function run<R>(
	source: StatementSource,
	{ sql, parameters }: CompiledQuery,
): QueryResult<R> {
	const statement = source.prepare(sql);
	if (statement.reader) return { rows: statement.all(parameters) as R[] };
	const { changes, lastInsertRowid } = statement.run(parameters);
	return {
		numAffectedRows: BigInt(changes),
		insertId: BigInt(lastInsertRowid),
		rows: [],
	};
}

/** The writer's turns, first come first served. */
class Turns {
	#isTaken = false;
	readonly #waiting: (() => void)[] = [];

	get isTaken(): boolean {
		return this.#isTaken;
	}

	get waiting(): number {
		return this.#waiting.length;
	}

	take(): Promise<void> {
		if (!this.#isTaken) {
			this.#isTaken = true;
			return Promise.resolve();
		}
		return new Promise((resolve) => this.#waiting.push(resolve));
	}

	pass(): void {
		const next = this.#waiting.shift();
		if (next) next();
		else this.#isTaken = false;
	}
}
