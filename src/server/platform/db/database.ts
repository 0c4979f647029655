import path from "node:path";
import SQLite from "better-sqlite3";
import {
	Kysely,
	PostgresAdapter,
	PostgresDialect,
	type SqliteDatabase,
	SqliteDialect,
} from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../../config.ts";
import { ensureWritableFolder } from "../writable-folder.ts";
import type { Database } from "./schema.ts";

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

export function createDb(
	config: DatabaseConfig,
	onConnectionLost = warnConnectionLost,
): Db {
	if (config.kind === "postgres") {
		// A server that does not answer fails a query after 10 s instead of holding it forever.
		const pool = new pg.Pool({
			connectionString: config.url,
			max: 10,
			connectionTimeoutMillis: 10_000,
		});
		// A connection that dies (server restart, failover, terminated backend) emits an error: on
		// the pool while it is idle, on the connection itself while it is lent out between queries.
		// Without a listener Node treats either as an uncaught error and exits. A dead connection
		// is dropped when it is given back, and the next query opens a new one.
		pool.on("error", onConnectionLost);
		pool.on("connect", (client) => client.on("error", onConnectionLost));
		return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
	}
	if (config.file !== ":memory:")
		ensureWritableFolder(path.dirname(config.file));
	const sqlite = new SQLite(config.file);
	// WAL with synchronous=FULL: an acknowledged write survives a power cut (docs/product.md, data rules).
	sqlite.pragma("journal_mode = WAL");
	sqlite.pragma("synchronous = FULL");
	sqlite.pragma("foreign_keys = ON");
	sqlite.pragma("busy_timeout = 5000");
	return new Kysely<Database>({
		dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
	});
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every SQLite statement anew, which costs more than running it; the queries of
 * the app are few and fixed, so each is prepared once and reused (an LRU of 500). A statement
 * still busy in a streaming read is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
	const statements = new Map<string, SQLite.Statement>();
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
