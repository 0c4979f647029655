import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
	Kysely,
	PostgresDialect,
	type SqliteDatabase,
	SqliteDialect,
} from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../../config.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

function warnConnectionLost(error: Error): void {
	console.warn(
		`A database connection was lost while idle; the next query opens a new one (${error.message})`,
	);
}

export function createDb(
	config: DatabaseConfig,
	onIdleConnectionError = warnConnectionLost,
): Db {
	if (config.kind === "postgres") {
		const pool = new pg.Pool({ connectionString: config.url, max: 10 });
		// An idle connection that dies (server restart, failover, terminated backend) is reported on
		// the pool; without a listener Node would treat it as an uncaught error and exit.
		pool.on("error", onIdleConnectionError);
		return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
	}
	if (config.file !== ":memory:")
		fs.mkdirSync(path.dirname(config.file), { recursive: true });
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
