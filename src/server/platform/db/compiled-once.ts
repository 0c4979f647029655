import {
	type Compilable,
	CompiledQuery,
	PostgresAdapter,
	type QueryResult,
} from "kysely";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

/**
 * Statements built and compiled once per database kind, then run with new values
 * (docs/decisions/016-reads-beside-writes.md, "Later: the order path's statements compiled once").
 *
 * Kysely builds each query as a tree of frozen nodes and walks it to write its SQL, every time it
 * runs: on the order path that was about a tenth of the event loop's time per order, for SQL that
 * never changes. A statement made here is built once with a stand-in (`slot(n)`) where each value
 * goes; its SQL is kept, and each run binds the values in the stand-ins' places. Only for a
 * statement whose SQL does not depend on its values (no clause added for some values only; an
 * `in` list whose length varies is compiled once per length, `compiledOncePerLength`), on a
 * Kysely without plugins (a plugin rewrites each query as it runs, which a statement compiled once
 * would skip).
 */

const SLOT_PREFIX = "\u0000slot:";

/** The stand-in for the `index`th value of a statement compiled once. */
function slot(index: number): string {
	return `${SLOT_PREFIX}${index}`;
}

/** A compiled statement: its SQL, and for each of its parameters a value's index or a constant. */
type Template = {
	sql: string;
	sources: ({ slot: number } | { value: unknown })[];
};

function toTemplate(compiled: CompiledQuery): Template {
	return {
		sql: compiled.sql,
		sources: compiled.parameters.map((parameter) =>
			typeof parameter === "string" && parameter.startsWith(SLOT_PREFIX)
				? { slot: Number(parameter.slice(SLOT_PREFIX.length)) }
				: { value: parameter },
		),
	};
}

/** At most this many templates are kept per statement: the app uses a few fixed shapes. */
const TEMPLATES_KEPT = 100;

/** The template of `key` on the kind of database `db` is, built the first time it is asked for. */
function templateFor(
	templates: Map<string, Template>,
	key: string,
	db: Db,
	build: () => Compilable<unknown>,
): Template {
	const executor = db.getExecutor();
	if (executor.plugins.length > 0)
		throw new Error(
			"a statement compiled once would skip the plugins of this database",
		);
	const kindKey = `${executor.adapter instanceof PostgresAdapter ? "postgres" : "sqlite"}:${key}`;
	const found = templates.get(kindKey);
	if (found) return found;
	const template = toTemplate(build().compile());
	if (templates.size >= TEMPLATES_KEPT) templates.clear();
	templates.set(kindKey, template);
	return template;
}

function runTemplate<R>(
	db: Db,
	template: Template,
	values: readonly unknown[],
): Promise<QueryResult<R>> {
	const parameters = template.sources.map((source) =>
		"slot" in source ? values[source.slot] : source.value,
	);
	return db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters));
}

/**
 * A statement of fixed SQL: `build` makes it on the database it is given from its values (given
 * stand-ins the one time it runs, so it must use each value only as a value); the statement
 * returned runs it with `values`, on a database or in a transaction, and answers its result (its
 * rows, and for a write how many rows it changed).
 */
export function compiledOnce<R, V extends unknown[]>(
	build: (db: Db, ...values: V) => Compilable<R>,
): (db: Db, ...values: V) => Promise<QueryResult<R>> {
	const templates = new Map<string, Template>();
	const slots = Array.from({ length: build.length - 1 }, (_, index) =>
		slot(index),
	) as V;
	return async (db, ...values) =>
		runTemplate<R>(
			db,
			templateFor(templates, "", db, () => build(db, ...slots)),
			values,
		);
}

/**
 * A statement whose SQL depends only on how many values a list holds (an `in` list of ids):
 * compiled once per length of the list, per database kind. `build` gets a stand-in for each of
 * the list's values and must use each only as a value; the statement returned runs it with
 * `values`. Lists come from the app (a page's tools, an order's lines), so the lengths are few.
 */
export function compiledOncePerLength<R, T>(
	build: (db: Db, values: readonly T[]) => Compilable<R>,
): (db: Db, values: readonly T[]) => Promise<QueryResult<R>> {
	const templates = new Map<string, Template>();
	return async (db, values) =>
		runTemplate<R>(
			db,
			templateFor(templates, String(values.length), db, () =>
				build(
					db,
					Array.from({ length: values.length }, (_, index) =>
						slot(index),
					) as unknown as readonly T[],
				),
			),
			values,
		);
}

/**
 * Inserts `rows` into `table`, compiled once per shape: the columns the rows set (a column whose
 * value is undefined is left out, as Kysely leaves it out) and how many rows there are. Every row
 * must set the same columns. With `returning`, answers those columns of the inserted rows.
 */
export function insertCompiledOnce<T extends object, R = never>(
	table: keyof Database & string,
	returning: readonly string[] = [],
): (db: Db, rows: readonly T[]) => Promise<R[]> {
	const templates = new Map<string, Template>();
	return async (db, typedRows) => {
		const rows = typedRows as readonly Record<string, unknown>[];
		const first = rows[0];
		if (!first) return [];
		const columns = Object.keys(first).filter(
			(column) => first[column] !== undefined,
		);
		const values: unknown[] = [];
		for (const row of rows) {
			let set = 0;
			for (const column in row) if (row[column] !== undefined) set++;
			if (set !== columns.length)
				throw new Error(
					`every row inserted into ${table} must set the same columns`,
				);
			for (const column of columns) {
				if (row[column] === undefined)
					throw new Error(
						`every row inserted into ${table} must set ${column}`,
					);
				values.push(row[column]);
			}
		}
		const key = `${rows.length}:${columns.join(",")}`;
		const template = templateFor(templates, key, db, () => {
			const slotted = rows.map((_, row) =>
				Object.fromEntries(
					columns.map((column, at) => [
						column,
						slot(row * columns.length + at),
					]),
				),
			);
			const insert = db.insertInto(table as never).values(slotted as never);
			return returning.length > 0
				? insert.returning(returning as never)
				: insert;
		});
		return (await runTemplate<R>(db, template, values)).rows;
	};
}
