import path from "node:path";
import {
	Kysely,
	PostgresAdapter,
	PostgresDialect,
	type SqliteDatabase,
	SqliteDialect,
} from "kysely";
import type pg from "pg";
import type { DatabaseConfig } from "../../config.ts";
import { lazyPackage } from "../lazy-package.ts";
import { ensureWritableFolder } from "../writable-folder.ts";
import type { Database } from "./schema.ts";
import { createCheckpointer } from "./sqlite-checkpointer.ts";
import SQLite, {
	type SQLiteDatabase,
	type SQLiteStatement,
} from "./sqlite-driver.ts";
import {
	createReadThreads,
	type ReadThreadOptions,
} from "./sqlite-read-threads.ts";
import {
	ReadsBesideWritesDialect,
	type StatementSource,
} from "./sqlite-reads-beside-writes.ts";
import { createWalSync } from "./sqlite-wal-sync.ts";

export type Db = Kysely<Database>;

/** For the few queries that use a database's own features (text search, row locks). */
export function isPostgres(db: Db): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A write refused by a unique index, on either database. */
export function isUniqueViolation(error: unknown): boolean {
	const { code, message } = error as { code?: unknown; message?: unknown };
	// PostgreSQL: unique_violation; SQLite: SQLITE_CONSTRAINT_UNIQUE.
	return (
		code === "23505" ||
		code === "SQLITE_CONSTRAINT_UNIQUE" ||
		(typeof message === "string" && message.includes("UNIQUE constraint"))
	);
}

function warnConnectionLost(error: Error): void {
	console.warn(
		`A database connection was lost; the next query opens a new one (${error.message})`,
	);
}

const POOL_CONNECTIONS = 10;

/** How a database's connections are used at one moment, for the metrics. */
export type DatabaseUse = {
	/** Connections open: the pool's on PostgreSQL; the writer and the reader on SQLite. */
	open: number;
	/** Connections running a query or a transaction (on SQLite, the writer only). */
	busy: number;
	/** Queries and transactions waiting for a connection (on SQLite, for the writer). */
	waiting: number;
};

const uses = new WeakMap<Db, () => DatabaseUse>();

/** How the connections of a database made by `createDb` are used now. */
export function databaseUse(db: Db): DatabaseUse {
	return uses.get(db)?.() ?? { open: 1, busy: 0, waiting: 0 };
}

/** The PostgreSQL driver, loaded only by a shop that uses PostgreSQL (about 15 MB otherwise idle). */
const loadPg = lazyPackage<typeof pg>("pg");

/** Each SQLite read connection maps up to this much of the database file into memory. */
const READER_MMAP_BYTES = 256 * 1024 * 1024;

/** For tests: when SQLite's read threads start, and how many. */
export type SqliteOptions = {
	readThreads?: Pick<ReadThreadOptions, "threads" | "readsBeforeStart">;
};

export function createDb(
	config: DatabaseConfig,
	onConnectionLost = warnConnectionLost,
	sqliteOptions: SqliteOptions = {},
): Db {
	if (config.kind === "postgres") {
		// A server that does not answer fails a query after 10 s instead of holding it forever.
		// Ten connections, by measurement (decision 016): 50 customers ordering at once on 2 cores
		// placed 472 orders/s through 5, 479 through 10 and 363 through 20, where the database's
		// processes and the server's share the cores.
		const pool = new (loadPg().Pool)({
			connectionString: config.url,
			max: POOL_CONNECTIONS,
			connectionTimeoutMillis: 10_000,
		});
		// A connection that dies (server restart, failover, terminated backend) emits an error on
		// itself, idle or lent out between queries, and once more when its socket ends; the pool
		// repeats it for an idle one. Without a listener Node treats it as an uncaught error and
		// exits. Each lost connection is reported once; a dead one is dropped from the pool (idle)
		// or when it is given back (lent), and the next query opens a new one.
		pool.on("error", () => {});
		pool.on("connect", (client) => {
			prepareParameterisedStatements(client);
			let isReported = false;
			client.on("error", (error) => {
				if (isReported) return;
				isReported = true;
				onConnectionLost(error);
			});
		});
		const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
		uses.set(db, () => ({
			open: pool.totalCount,
			busy: pool.totalCount - pool.idleCount,
			waiting: pool.waitingCount,
		}));
		return db;
	}
	if (config.file !== ":memory:")
		ensureWritableFolder(path.dirname(config.file));
	const sqlite = new SQLite(config.file);
	sqlite.pragma("journal_mode = WAL");
	// An acknowledged write survives a power cut (docs/product.md, data rules): a file database's
	// commits are written with synchronous=NORMAL and the log is flushed off the event loop before
	// the write is acknowledged (createWalSync); one in memory has nothing to flush.
	sqlite.pragma(
		config.file === ":memory:" ? "synchronous = FULL" : "synchronous = NORMAL",
	);
	sqlite.pragma("foreign_keys = ON");
	sqlite.pragma("busy_timeout = 5000");
	// One database in memory has one connection: a second one would open another database.
	if (config.file === ":memory:")
		return new Kysely<Database>({
			dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
		});
	const openReader = () => {
		const reader = new SQLite(config.file);
		reader.pragma("query_only = ON");
		reader.pragma("busy_timeout = 5000");
		reader.pragma(`mmap_size = ${READER_MMAP_BYTES}`);
		return reader;
	};
	// Reads outside transactions run beside the writer, and checkpoints beside both, once the shop
	// writes steadily (docs/decisions/016-reads-beside-writes.md).
	const checkpointer = createCheckpointer(config.file, console.warn);
	const readThreads = createReadThreads(config.file, {
		...sqliteOptions.readThreads,
		mmapBytes: READER_MMAP_BYTES,
		warn: console.warn,
	});
	const walSync = createWalSync(config.file);
	const dialect = new ReadsBesideWritesDialect({
		writer: withStatementCache(sqlite),
		reader: withStatementCache(openReader()),
		readThreads,
		openStreamReader: openReader,
		afterWrite: checkpointer.afterWrite,
		durable: walSync.afterCommit,
		beforeClose: async () => {
			await readThreads.stop();
			await checkpointer.stop();
			await walSync.close();
		},
	});
	const db = new Kysely<Database>({ dialect });
	uses.set(db, () => {
		const writer = dialect.writerUse();
		return { open: 2, busy: writer.isBusy ? 1 : 0, waiting: writer.waiting };
	});
	return db;
}

const STATEMENT_CACHE_SIZE = 500;

/** The statement texts given a name, for every connection of the process; later ones go unnamed. */
const statementNames = new Map<string, string>();

/**
 * PostgreSQL plans a named statement once per connection and then only binds and runs it, which
 * spares the parse and plan of every order's statements. Kysely sends text and values, so each
 * connection names a statement with values by its text; the first STATEMENT_CACHE_SIZE texts of
 * the process get names (the app's queries are few and fixed), so a query built from input can
 * never grow the server's prepared statements without bound. Statements without values (DDL,
 * several statements in one text) keep the simple protocol.
 */
function prepareParameterisedStatements(client: pg.PoolClient): void {
	const query = client.query.bind(client) as (...args: unknown[]) => unknown;
	(client as { query: unknown }).query = (...args: unknown[]) => {
		const [text, values] = args;
		if (
			args.length === 2 &&
			typeof text === "string" &&
			Array.isArray(values) &&
			values.length > 0
		) {
			let name = statementNames.get(text);
			if (!name && statementNames.size < STATEMENT_CACHE_SIZE) {
				name = `tg_${statementNames.size}`;
				statementNames.set(text, name);
			}
			if (name) return query({ name, text, values });
		}
		return query(...args);
	};
}

/**
 * Kysely prepares every SQLite statement anew, which costs more than running it; the queries of
 * the app are few and fixed, so each is prepared once and reused (an LRU of 500). A statement
 * still busy in a streaming read is never handed out twice.
 */
function withStatementCache(
	sqlite: SQLiteDatabase,
): SqliteDatabase & StatementSource {
	const statements = new Map<string, SQLiteStatement>();
	return {
		close: () => sqlite.close(),
		prepare(sql) {
			const cached = statements.get(sql);
			if (cached && !cached.busy) {
				statements.delete(sql);
				statements.set(sql, cached);
				return cached;
			}
			const statement = sqlite.prepare(sql);
			if (cached) return statement;
			statements.set(sql, statement);
			if (statements.size > STATEMENT_CACHE_SIZE) {
				const oldest = statements.keys().next().value;
				if (oldest !== undefined) statements.delete(oldest);
			}
			return statement;
		},
	};
}

export async function isDbReachable(db: Db): Promise<boolean> {
	try {
		await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
		return true;
	} catch {
		return false;
	}
}

const NETWORK_REASONS: Record<string, string> = {
	ECONNREFUSED: "connection refused",
	ECONNRESET: "connection reset",
	ENOTFOUND: "no such host",
	EAI_AGAIN: "the host name could not be resolved",
	ETIMEDOUT: "timed out",
	EHOSTUNREACH: "host unreachable",
	ENETUNREACH: "network unreachable",
};

/** The database cannot be opened or reached; the message says where and what to check. */
export class DatabaseOpenError extends Error {
	constructor(message: string, options: { cause: unknown }) {
		super(message, options);
		this.name = "DatabaseOpenError";
	}
}

/** Opens the database and runs one query, so a database out of reach fails now, with a reason. */
export async function openDb(config: DatabaseConfig): Promise<Db> {
	let db: Db | undefined;
	try {
		db = createDb(config);
		await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
		return db;
	} catch (error) {
		await db?.destroy().catch(() => {});
		throw new DatabaseOpenError(describeOpenFailure(error, config), {
			cause: error,
		});
	}
}

/** One sentence for the operator: where the database is (never the password), what went wrong. */
function describeOpenFailure(error: unknown, config: DatabaseConfig): string {
	const code = (error as { code?: unknown }).code;
	const message = error instanceof Error ? error.message : String(error);
	if (config.kind === "sqlite") {
		return `cannot open the SQLite database ${config.file} (${message}); move the file away or point DATA_DIR at another folder`;
	}
	const url = new URL(config.url);
	const password = decodeURIComponent(url.password);
	let reason =
		(typeof code === "string" ? NETWORK_REASONS[code] : undefined) ?? message;
	if (password) reason = reason.replaceAll(password, "***");
	return `cannot connect to PostgreSQL at ${url.hostname}:${url.port || "5432"} (${reason}); check that the server is running and the URL is right`;
}
