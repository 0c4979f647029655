import { sql } from "kysely";

/**
 * What ends a read that SQLite answers at once on the event loop's own connection, never on a read
 * thread (docs/decisions/016-reads-beside-writes.md). It is for a lookup of a few rows by their
 * key: sending one to a thread and taking its rows back costs the event loop about what the read
 * itself costs, and under load its answer then waits a turn of the loop (milliseconds) instead of
 * coming back at once. PostgreSQL sees a comment.
 */
export const READ_AT_ONCE_MARK = "/* read at once */";

/** Ends a select with READ_AT_ONCE_MARK: `.modifyEnd(readAtOnce)`. */
export const readAtOnce = sql.raw(READ_AT_ONCE_MARK);
