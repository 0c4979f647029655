import { createRequire } from "node:module";
import type SQLiteDriver from "better-sqlite3";

/**
 * The SQLite driver built for the Node.js that runs the shop (decision 022).
 *
 * better-sqlite3 13 is built on Node-API 10, which Node.js 22.14 and 24 have; on Node.js 20 it
 * crashes as it opens a database. Its predecessor, 12, builds its statements on Node's C++
 * `ObjectWrap`, which aborts the process on Node.js 24.19 and later when compiled against their
 * headers. So Node.js 22 and 24 load 13 (`better-sqlite3`), and Node.js 20, supported until
 * 2027-02-01, loads 12, installed under the alias `better-sqlite3-node20`. Both have the same API.
 */
export const SQLITE_DRIVER_PACKAGE =
	Number(process.versions.napi) >= 10
		? "better-sqlite3"
		: "better-sqlite3-node20";

const require = createRequire(import.meta.url);

type SQLiteDriverClass = typeof SQLiteDriver;

function loadDriver(): SQLiteDriverClass {
	try {
		return require(SQLITE_DRIVER_PACKAGE) as SQLiteDriverClass;
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		throw new Error(
			`the SQLite driver ${SQLITE_DRIVER_PACKAGE} did not load on Node.js ${process.version} (${message}); run npm install again, or use Node.js 22 or 24`,
		);
	}
}

/** The driver's Database class: `new SQLite(file, options)`. */
const SQLite: SQLiteDriverClass = loadDriver();
export default SQLite;

export type SQLiteDatabase = SQLiteDriver.Database;
export type SQLiteStatement = SQLiteDriver.Statement;

/** Where the driver's entry point is, for a worker thread that loads it itself. */
export const SQLITE_DRIVER_PATH = require.resolve(SQLITE_DRIVER_PACKAGE);
