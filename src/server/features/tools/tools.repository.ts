import {
	type RawBuilder,
	type Selectable,
	type SelectQueryBuilder,
	type SqlBool,
	sql,
} from "kysely";
import type { PriceBreak } from "../../../shared/purchase-rule.ts";
import {
	TOOL_QUANTITY_MAX,
	type Tool,
	toolSlug,
} from "../../../shared/tools.schemas.ts";
import {
	compiledOnce,
	compiledOncePerLength,
} from "../../platform/db/compiled-once.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import { readAtOnce } from "../../platform/db/read-at-once.ts";
import type { Database, ToolsTable } from "../../platform/db/schema.ts";

export type NewTool = Omit<
	ToolsTable,
	| "deleted_at"
	| "updated_at"
	| "img_large"
	| "version"
	| "slug"
	| "pack_size"
	| "price_breaks"
> & {
	updated_at?: string;
	img_large?: string;
	/** Made from the name and the part number when left out (toolSlug). */
	slug?: string;
	pack_size?: number;
	price_breaks?: readonly PriceBreak[];
};

/** What an edit may change; everything else (supplier, id, timestamps) stays. */
export type ToolChanges = Pick<
	ToolsTable,
	| "tool_name"
	| "description"
	| "price_cents"
	| "available_quantity"
	| "minimum_quantity"
	| "sku"
	| "pack_size"
> &
	Partial<Pick<ToolsTable, "img" | "img_large">> & {
		price_breaks: readonly PriceBreak[];
	};

/** The stored JSON of a tool's volume prices, read back. */
export function readPriceBreaks(json: string): PriceBreak[] {
	return JSON.parse(json) as PriceBreak[];
}

function toTool(row: Pick<Selectable<ToolsTable>, keyof Tool>): Tool {
	return {
		id: row.id,
		tool_name: row.tool_name,
		description: row.description,
		price_cents: row.price_cents,
		available_quantity: row.available_quantity,
		minimum_quantity: row.minimum_quantity,
		img: row.img,
		img_large: row.img_large,
		supplier_name: row.supplier_name,
		created_at: row.created_at,
		updated_at: row.updated_at,
		version: row.version,
		sku: row.sku,
		slug: row.slug,
		pack_size: row.pack_size,
		price_breaks: readPriceBreaks(row.price_breaks),
	};
}

const toolColumns = [
	"tools.id",
	"tools.tool_name",
	"tools.description",
	"tools.price_cents",
	"tools.available_quantity",
	"tools.minimum_quantity",
	"tools.img",
	"tools.img_large",
	"tools.supplier_name",
	"tools.created_at",
	"tools.updated_at",
	"tools.version",
	"tools.sku",
	"tools.slug",
	"tools.pack_size",
	"tools.price_breaks",
] as const;

/**
 * A listed tool as the list's answer writes it: the JSON of its fields in the order toTool gives
 * them, without its stock, which is put in apart (the list cache reads it again on its own).
 */
export type ListedToolJson = {
	id: string;
	available_quantity: number;
	json: string;
};

/**
 * The database writes a listed tool's JSON itself, the same text JSON.stringify gives for toTool's
 * answer without its stock (the columns are text and integers, and the price breaks are stored as
 * JSON, compact): a page's rows then come back as three values each, not sixteen, and are not
 * built up as objects only to be serialized again. SQLite's json_object and PostgreSQL's
 * row_to_json both write compact JSON with the keys in the order given and escape text as
 * JSON.stringify does.
 */
const sqliteListedToolJson = sql<string>`json_object(
  'id', tools.id, 'tool_name', tools.tool_name, 'description', tools.description,
  'price_cents', tools.price_cents, 'minimum_quantity', tools.minimum_quantity,
  'img', tools.img, 'img_large', tools.img_large, 'supplier_name', tools.supplier_name,
  'created_at', tools.created_at, 'updated_at', tools.updated_at, 'version', tools.version,
  'sku', tools.sku, 'slug', tools.slug, 'pack_size', tools.pack_size,
  'price_breaks', json(tools.price_breaks))`;
const postgresListedToolJson = sql<string>`row_to_json((select listed from (select
  tools.id, tools.tool_name, tools.description, tools.price_cents, tools.minimum_quantity,
  tools.img, tools.img_large, tools.supplier_name, tools.created_at, tools.updated_at,
  tools.version, tools.sku, tools.slug, tools.pack_size,
  tools.price_breaks::json as price_breaks) as listed))::text`;

/** The columns of a listed tool as the list writes it, for a select from the tools table. */
function listedToolColumns(db: Db) {
	return [
		"tools.id",
		"tools.available_quantity",
		(isPostgres(db) ? postgresListedToolJson : sqliteListedToolJson).as("json"),
	] as const;
}

/** The listed tools a query of the tools table finds, as the list writes them. */
function readListedTools(
	db: Db,
	query: SelectQueryBuilder<Database, "tools", object>,
): Promise<ListedToolJson[]> {
	return query.select(listedToolColumns(db)).execute();
}

/**
 * The listed tools (not deleted), from the tool at `from` (included) onwards, newest first as the
 * listed-tools index orders them; from the newest when `from` is undefined.
 */
function listedFrom<T>(
	query: SelectQueryBuilder<Database, "tools", T>,
	from: ListedToolKey | undefined,
): SelectQueryBuilder<Database, "tools", T> {
	const listed = query.where("deleted_at", "is", null);
	return from
		? listed.where((eb) =>
				eb(
					eb.refTuple("created_at", "id"),
					"<=",
					eb.tuple(from.created_at, from.id),
				),
			)
		: listed;
}

/** A page of the listed tools, newest first, `offset` places from the newest. */
export async function findToolsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<ListedToolJson[]> {
	if (isPostgres(db) && offset + limit <= POSTGRES_PAGE_SCAN_MAX)
		return (await postgresPageFromTop(db, offset, limit)).rows;
	// The page's ids come from the listed-tools index alone; only its rows are then read in full.
	const query = db
		.selectFrom("tools")
		.where("id", "in", (eb) =>
			eb
				.selectFrom("tools")
				.select("id")
				.where("deleted_at", "is", null)
				.orderBy("created_at", "desc")
				.orderBy("id", "desc")
				.limit(limit)
				.offset(offset),
		)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc");
	return readListedTools(db, query);
}

/**
 * A page of the listed tools, newest first, starting `skip` places after `from` (`from` itself
 * is place 0): a range scan of the listed-tools index from a known key, so a deep page reads
 * `skip + limit` index entries rather than every entry above it. `skip` is small (fewer than
 * the list cache's step between keys). SQLite reads the rows straight from the range (it looks up
 * no skipped row); PostgreSQL finds the page's ids in the index alone first, since its index
 * scan would fetch every skipped row.
 */
export async function findToolsPageFrom(
	db: Db,
	from: ListedToolKey,
	skip: number,
	limit: number,
): Promise<ListedToolJson[]> {
	if (isPostgres(db) && skip + limit <= POSTGRES_PAGE_SCAN_MAX)
		return (
			await postgresPageFromKey(db, from.created_at, from.id, skip, limit)
		).rows;
	const range = <T>(
		query: SelectQueryBuilder<Database, "tools", T>,
	): SelectQueryBuilder<Database, "tools", T> =>
		listedFrom(query, from)
			.orderBy("created_at", "desc")
			.orderBy("id", "desc")
			.limit(limit)
			.offset(skip);
	return readListedTools(
		db,
		isPostgres(db)
			? db
					.selectFrom("tools")
					.where("id", "in", (eb) => range(eb.selectFrom("tools").select("id")))
					.orderBy("created_at", "desc")
					.orderBy("id", "desc")
			: range(db.selectFrom("tools")),
	);
}

/**
 * PostgreSQL: the most index entries a page of the list reads through the statements below. The
 * list cache starts every page fewer than 250 places after a key it keeps (or the top), and a page
 * holds at most 100 tools; a page further from its start takes the statements above.
 */
const POSTGRES_PAGE_SCAN_MAX = 512;

/**
 * PostgreSQL: a page of the listed tools, `skip` places after the top or a key, newest first. The
 * page's ids come from the listed-tools index alone, in a scan that stops at `skip + limit`
 * entries; only the page's rows are then read in full. The scan is bounded by a constant
 * (POSTGRES_PAGE_SCAN_MAX) rather than by the page's limit and offset as values, so one plan
 * serves every page: PostgreSQL keeps a prepared statement's generic plan only when it costs no
 * more than the plans made for each run's values, and without knowing how few entries the limit
 * and offset take, that plan reads the whole index; so each page was planned again, which cost as
 * much as reading it. Compiled once (decision 016).
 */
function postgresListedPage(
	db: Db,
	from: ListedToolKey | undefined,
	skip: number,
	limit: number,
) {
	const scanned = listedFrom(
		db.selectFrom("tools").select(["id", "created_at"]),
		from,
	);
	const page = db
		.selectFrom(
			scanned
				.orderBy("created_at", "desc")
				.orderBy("id", "desc")
				.limit(sql.lit(POSTGRES_PAGE_SCAN_MAX))
				.as("scanned"),
		)
		.select(["scanned.id", "scanned.created_at"])
		.orderBy("scanned.created_at", "desc")
		.orderBy("scanned.id", "desc")
		.limit(limit)
		.offset(skip);
	return db
		.selectFrom(page.as("page"))
		.innerJoin("tools", "tools.id", "page.id")
		.select(listedToolColumns(db))
		.orderBy("page.created_at", "desc")
		.orderBy("page.id", "desc");
}

const postgresPageFromTop = compiledOnce(
	(db: Db, skip: number, limit: number) =>
		postgresListedPage(db, undefined, skip, limit),
);

const postgresPageFromKey = compiledOnce(
	(db: Db, createdAt: string, id: string, skip: number, limit: number) =>
		postgresListedPage(db, { created_at: createdAt, id }, skip, limit),
);

/**
 * The keys of the listed tools every `step` places after `from` (place 0; the newest tool when
 * undefined), newest first, `count` of them at most: place step, 2 × step, … Read from the
 * listed-tools index alone, in one pass that stops at the last place asked for.
 */
export async function findListedToolKeysEvery(
	db: Db,
	from: ListedToolKey | undefined,
	step: number,
	count: number,
): Promise<ListedToolKey[]> {
	const numbered = listedFrom(
		db.selectFrom("tools").select(["created_at", "id"]),
		from,
	)
		.select(
			sql<number>`row_number() over (order by created_at desc, id desc)`.as(
				"place",
			),
		)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(step * count + 1);
	const rows = await db
		.selectFrom(numbered.as("numbered"))
		.select(["created_at", "id"])
		.where(sql<SqlBool>`place > 1 and (place - 1) % ${step} = 0`)
		.orderBy("place")
		.execute();
	return rows;
}

/**
 * Listed tools whose own fields changed at or after `since` (a stored time), oldest change first,
 * with how many there are: for another system keeping in step with the catalog.
 */
export async function findToolsChangedSince(
	db: Db,
	since: string,
	offset: number,
	limit: number,
): Promise<{ tools: Tool[]; total: number }> {
	const changed = db
		.selectFrom("tools")
		.where("deleted_at", "is", null)
		.where("updated_at", ">=", since);
	const [rows, counted] = await Promise.all([
		changed
			.select(toolColumns)
			.orderBy("updated_at", "asc")
			.orderBy("id", "asc")
			.limit(limit)
			.offset(offset)
			.execute(),
		changed
			.select((eb) => eb.fn.countAll<number | string>().as("count"))
			.executeTakeFirstOrThrow(),
	]);
	return { tools: rows.map(toTool), total: Number(counted.count) };
}

/** A change of a tool's own fields, as a reader that follows the catalog sees it. */
export type ToolChange = {
	id: string;
	tool_name: string;
	created_at: string;
	updated_at: string;
	deleted_at: string | null;
};

/**
 * Tools whose own fields changed after `after` (a change's time and tool id, in that order) and
 * no later than `before`, oldest change first, deleted ones included.
 */
export async function findToolChangesAfter(
	db: Db,
	after: { updatedAt: string; id: string },
	before: string,
	limit: number,
): Promise<ToolChange[]> {
	return db
		.selectFrom("tools")
		.select(["id", "tool_name", "created_at", "updated_at", "deleted_at"])
		.where((eb) =>
			eb.or([
				eb("updated_at", ">", after.updatedAt),
				eb.and([
					eb("updated_at", "=", after.updatedAt),
					eb("id", ">", after.id),
				]),
			]),
		)
		.where("updated_at", "<=", before)
		.orderBy("updated_at")
		.orderBy("id")
		.limit(limit)
		.execute();
}

/** The last change of any tool so far, as a place to read on from; undefined with no tool. */
export async function findLastToolChange(
	db: Db,
): Promise<{ updatedAt: string; id: string } | undefined> {
	const row = await db
		.selectFrom("tools")
		.select(["updated_at", "id"])
		.orderBy("updated_at", "desc")
		.orderBy("id", "desc")
		.limit(1)
		.executeTakeFirst();
	return row && { updatedAt: row.updated_at, id: row.id };
}

/** Sets a listed tool's stock to a figure; whether there was such a tool. */
export async function setListedToolStock(
	db: Db,
	id: string,
	availableQuantity: number,
): Promise<boolean> {
	const result = await db
		.updateTable("tools")
		.set({ available_quantity: availableQuantity })
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

export async function countTools(db: Db): Promise<number> {
	const row = await db
		.selectFrom("tools")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("deleted_at", "is", null)
		.executeTakeFirstOrThrow();
	// PostgreSQL returns count(*) as a string (bigint).
	return Number(row.count);
}

/**
 * On PostgreSQL, words this long or longer are looked up in the GIN index; shorter ones, when the
 * search has a longer word too, are checked on the rows that word found. A one- or two-letter
 * prefix stands for thousands of words, and collecting every row of each costs more than checking
 * the few rows the longer word leaves.
 */
const INDEXED_TERM_LENGTH = 3;

/**
 * A tsquery of prefixes: every term must start a word. Written into the statement, not bound: a
 * statement with values may be prepared once and then run with a generic plan, and the plan of a
 * search must follow how common its words are. Terms are letters and digits only.
 */
function prefixTsquery(terms: readonly string[]) {
	return sql`to_tsquery('simple', ${sql.lit(terms.map((term) => `${term}:*`).join(" & "))})`;
}

/**
 * PostgreSQL: the terms matched against one of the generated tsvector columns (name, or name,
 * part number and description). Terms are letters and digits only (searchTerms), so they carry
 * no query syntax.
 */
function postgresMatch(
	column: "search_name" | "search_text",
	terms: readonly string[],
) {
	const words = sql.ref(`tools.${column}`);
	const long = terms.filter((term) => [...term].length >= INDEXED_TERM_LENGTH);
	const short = terms.filter((term) => [...term].length < INDEXED_TERM_LENGTH);
	if (long.length === 0 || short.length === 0)
		return sql<SqlBool>`${words} @@ ${prefixTsquery(terms)}`;
	// ts_match_vq is what @@ calls; written as a function, the planner cannot take it to the index.
	return sql<SqlBool>`(${words} @@ ${prefixTsquery(long)} and ts_match_vq(${words}, ${prefixTsquery(short)}))`;
}

/** SQLite: the FTS5 tables have prefix indexes of up to this many characters. */
const PREFIX_INDEX_LENGTH = 3;
/** A longer prefix that starts more indexed words than this is left to FTS5 to merge. */
const WORDS_PER_PREFIX_MAX = 16;

/** The first string after every string that starts with `prefix`, in code point order. */
function afterPrefix(prefix: string): string {
	const points = [...prefix];
	const last = points.pop() ?? "";
	return `${points.join("")}${String.fromCodePoint((last.codePointAt(0) ?? 0) + 1)}`;
}

/**
 * SQLite: an FTS5 query where every term must start a word. A term of up to PREFIX_INDEX_LENGTH
 * characters is a prefix query, read from the prefix index. A longer one becomes the indexed
 * words it starts, any of which may match (from the fts5vocab table, in one statement for all
 * terms): FTS5 reads each word's rows as the page needs them, where a prefix query beyond the
 * prefix index first merges every row of every word it starts (all 50,000 for "this").
 */
async function ftsQuery(db: Db, terms: readonly string[]): Promise<string> {
	const long = terms.filter((term) => [...term].length > PREFIX_INDEX_LENGTH);
	const wordsOf = new Map<string, string[]>(long.map((term) => [term, []]));
	if (long.length > 0) {
		const lookups = long.map(
			(term, index) => sql`select ${index} as term, word from (
        select term as word from tools_search_words where term >= ${term} and term < ${afterPrefix(term)}
        order by term limit ${WORDS_PER_PREFIX_MAX + 1})`,
		);
		const { rows } = await sql<{ term: number; word: string }>`${sql.join(
			lookups,
			sql` union all `,
		)}`.execute(db);
		for (const row of rows) wordsOf.get(long[row.term] ?? "")?.push(row.word);
	}
	return terms
		.map((term) => {
			const words = wordsOf.get(term);
			if (!words || words.length > WORDS_PER_PREFIX_MAX) return `"${term}"*`;
			// No indexed word starts with it: the term itself, which matches nothing.
			if (words.length === 0) return `"${term}"`;
			return `(${words.map((word) => `"${word}"`).join(" OR ")})`;
		})
		.join(" AND ");
}

/** A page of a search, and how many tools match, counted up to a cap. */
export type SearchPage = { tools: ListedToolJson[]; matches: number };

/**
 * Tools matching every term, those matching in their name first, then newest first; `offset` and
 * `limit` of that order, and the number of matches counted up to `countUpTo`. Neither database
 * sorts every match: each reads the name matches, then the other matches, newest first, and stops
 * at the end of the page.
 * - SQLite: the FTS5 tables number each tool by when it was added (migration search-at-scale), so
 *   descending rowids are newest first; tools_search_names holds the names alone.
 * - PostgreSQL: the listed-tools index walked newest first with the match as a filter when the
 *   words are common, or a GIN index and a sort of the few matches when they are rare: the
 *   planner chooses by its statistics of the words.
 */
export async function searchTools(
	db: Db,
	terms: readonly string[],
	offset: number,
	limit: number,
	countUpTo: number,
): Promise<SearchPage> {
	if (isPostgres(db))
		return postgresSearch(db, terms, offset, limit, countUpTo);
	const query = await ftsQuery(db, terms);
	const allMatches = sql`select 1 from tools_search where tools_search match ${query} limit ${countUpTo}`;
	const rows = await sqliteSearchPage(db, query, offset, limit, allMatches);
	const tools = rows.map(({ matches: _, ...tool }) => tool);
	if (isCountKnown(tools.length, offset, limit))
		return { tools, matches: offset + tools.length };
	// A page past the last match has no row to carry the count.
	const matches = rows[0]?.matches ?? (await countMatches(db, allMatches));
	return { tools, matches };
}

/** A page that is not full, and not past the last match, ends with it: no count is needed. */
function isCountKnown(found: number, offset: number, limit: number): boolean {
	return found < limit && (found > 0 || offset === 0);
}

/**
 * PostgreSQL: the name matches of the page, then, when they do not fill it, the other matches.
 * The first of these statements that finds rows also counts the matches up to `countUpTo`, in a
 * subquery PostgreSQL runs once for the statement, so a full page and its count are one round trip
 * and one statement planned; the count is read apart only when no statement found a row. Each
 * statement is small, so planning it is cheap, and the statements a page does not need are never
 * planned. Every value is written into them (see prefixTsquery), so each is planned for these
 * words.
 */
async function postgresSearch(
	db: Db,
	terms: readonly string[],
	offset: number,
	limit: number,
	countUpTo: number,
): Promise<SearchPage> {
	const nameMatch = postgresMatch("search_name", terms);
	const textMatch = postgresMatch("search_text", terms);
	const allMatches = sql`select 1 from tools where tools.deleted_at is null and ${textMatch}
    limit ${sql.lit(countUpTo)}`;
	const newest = (
		where: RawBuilder<SqlBool>,
		skip: number,
		take: number,
		isCounted: boolean,
	) =>
		db
			.selectFrom("tools")
			.select(listedToolColumns(db))
			.$if(isCounted, (query) =>
				query.select(
					sql<string>`(select count(*) from (${allMatches}) as m)`.as(
						"matches",
					),
				),
			)
			.where("tools.deleted_at", "is", null)
			.where(where)
			.orderBy("tools.created_at", "desc")
			.orderBy("tools.id", "desc")
			.limit(sql.lit(take))
			.offset(sql.lit(skip))
			.execute();
	const named = await newest(nameMatch, offset, limit, true);
	let counted = named[0]?.matches;
	let rows = named;
	if (named.length < limit) {
		// The name matches end on this page, or before it: how many there are says where the
		// other matches start.
		const nameMatches =
			named.length > 0 || offset === 0
				? offset + named.length
				: await countMatches(
						db,
						sql`select 1 from tools where tools.deleted_at is null and ${nameMatch}
              limit ${sql.lit(offset)}`,
					);
		const others = await newest(
			sql<SqlBool>`${textMatch} and not (${nameMatch})`,
			Math.max(0, offset - nameMatches),
			limit - named.length,
			counted === undefined,
		);
		counted ??= others[0]?.matches;
		rows = [...named, ...others];
	}
	const tools = rows.map(({ matches: _, ...tool }) => tool);
	if (isCountKnown(tools.length, offset, limit))
		return { tools, matches: offset + tools.length };
	// PostgreSQL returns count(*) as a string (bigint).
	const matches =
		counted === undefined
			? await countMatches(db, allMatches)
			: Number(counted);
	return { tools, matches };
}

/**
 * SQLite: the page's tools, each row also carrying how many rows `allMatches` gives (counted once
 * for the statement, as SQLite runs a subquery that does not depend on the row), so a full page
 * and its count are one statement.
 */
async function sqliteSearchPage(
	db: Db,
	query: string,
	offset: number,
	limit: number,
	allMatches: RawBuilder<unknown>,
): Promise<(ListedToolJson & { matches: number })[]> {
	const end = offset + limit;
	// The search keys never leave SQL: they pass 2^53, where JavaScript numbers stop being exact.
	const matched = sql`
    select key, 0 as phase from (
      select rowid as key from tools_search_names where tools_search_names match ${query}
      order by rowid desc limit ${end})
    union all
    select key, 1 as phase from (
      select rowid as key from tools_search where tools_search match ${query}
        and rowid not in (
          select rowid from tools_search_names where tools_search_names match ${query})
      order by rowid desc limit ${end})
    limit ${limit} offset ${offset}`;
	return db
		.selectFrom(sql`(${matched})`.as("m"))
		.innerJoin(sql`tool_search_keys`.as("k"), (join) =>
			join.on(sql`k.key`, "=", sql`m.key`),
		)
		.innerJoin("tools", (join) => join.on("tools.id", "=", sql`k.tool_id`))
		.where("tools.deleted_at", "is", null)
		.select([
			"tools.id",
			"tools.available_quantity",
			sqliteListedToolJson.as("json"),
			sql<number>`(select count(*) from (${allMatches}))`.as("matches"),
		])
		.orderBy(sql`m.phase`)
		.orderBy(sql`m.key`, "desc")
		.execute();
}

/** How many rows a statement of matches gives (it carries its own limit). */
async function countMatches(db: Db, matches: RawBuilder<unknown>) {
	const row = await db
		.selectFrom(sql`(${matches})`.as("m"))
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
	// PostgreSQL returns count(*) as a string (bigint).
	return Number(row.count);
}

export async function findToolById(
	db: Db,
	id: string,
): Promise<Tool | undefined> {
	const row = await db
		.selectFrom("tools")
		.select(toolColumns)
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return row ? toTool(row) : undefined;
}

/** The listed tools among `ids` (a deleted or unknown id is simply absent). */
export async function findListedToolsByIds(
	db: Db,
	ids: readonly string[],
): Promise<Tool[]> {
	if (ids.length === 0) return [];
	const rows = await db
		.selectFrom("tools")
		.select(toolColumns)
		.where("id", "in", ids)
		.where("deleted_at", "is", null)
		.execute();
	return rows.map(toTool);
}

/** A tool as it was last stored, deleted or not: what an order of it still refers to. */
export async function findToolSnapshot(
	db: Db,
	id: string,
): Promise<(Tool & { deleted_at: string | null }) | undefined> {
	const row = await db
		.selectFrom("tools")
		.select([...toolColumns, "tools.deleted_at"])
		.where("id", "=", id)
		.executeTakeFirst();
	return row ? { ...toTool(row), deleted_at: row.deleted_at } : undefined;
}

export async function insertTools(db: Db, tools: NewTool[]): Promise<void> {
	if (tools.length === 0) return;
	await db
		.insertInto("tools")
		.values(
			tools.map((tool) => ({
				...tool,
				slug: tool.slug ?? toolSlug(tool.tool_name, tool.sku),
				pack_size: tool.pack_size ?? 1,
				price_breaks: JSON.stringify(tool.price_breaks ?? []),
				img_large: tool.img_large ?? tool.img,
				updated_at: tool.updated_at ?? tool.created_at,
				deleted_at: null,
				version: 1,
			})),
		)
		.execute();
}

/**
 * Applies an edit only if the tool is still at `version` and not deleted, and moves it to the
 * next version; the stock moves by `stockChange` (orders change it without a new version). Returns
 * whether it did: false means someone else changed or deleted it first, or the stock would go
 * below 0 or above TOOL_QUANTITY_MAX.
 */
export async function updateToolAtVersion(
	db: Db,
	id: string,
	version: number,
	changes: Omit<ToolChanges, "available_quantity">,
	stockChange: number,
	updatedAt: string,
): Promise<boolean> {
	const result = await db
		.updateTable("tools")
		.set((eb) => ({
			...changes,
			price_breaks: JSON.stringify(changes.price_breaks),
			available_quantity: eb("available_quantity", "+", stockChange),
			updated_at: updatedAt,
			version: eb("version", "+", 1),
		}))
		.where("id", "=", id)
		.where("version", "=", version)
		.where("deleted_at", "is", null)
		// Never below zero (orders may have taken more than the edit removes), never above the
		// largest stock a form can hold (cancels may have put pieces back meanwhile).
		.where("available_quantity", ">=", -stockChange)
		.where("available_quantity", "<=", TOOL_QUANTITY_MAX - stockChange)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** Whether a tool in the catalog has this part number. */
export async function isSkuTaken(db: Db, sku: string): Promise<boolean> {
	const row = await db
		.selectFrom("tools")
		.select("id")
		.where("sku", "=", sku)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return row !== undefined;
}

/** The TG- part number after the highest one given so far: "TG-000124" after "TG-000123". */
export async function nextFreeSku(db: Db): Promise<string> {
	const row = await db
		.selectFrom("tools")
		.select("sku")
		.where("sku", "like", "TG-______")
		.orderBy("sku", "desc")
		.limit(1)
		.executeTakeFirst();
	const last =
		row && /^TG-(\d{6})$/.test(row.sku) ? Number(row.sku.slice(3)) : 0;
	return `TG-${String(last + 1).padStart(6, "0")}`;
}

/** Hides a tool from the catalog; its row stays for the orders that refer to it. */
export async function markToolDeleted(
	db: Db,
	id: string,
	deletedAt: string,
): Promise<boolean> {
	const result = await db
		.updateTable("tools")
		.set({ deleted_at: deletedAt, updated_at: deletedAt })
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/**
 * The sum of the catalog's version shards, which database triggers bump on every change to a
 * tool (migration shard-catalog-version): it changes whenever any tool does.
 */
export async function findCatalogVersion(db: Db): Promise<string> {
	const row = await db
		.selectFrom("catalog_version_shards")
		.select((eb) => eb.fn.sum<number | string>("version").as("version"))
		.modifyEnd(readAtOnce)
		.executeTakeFirstOrThrow();
	return String(row.version);
}

/** What an order copies from its tool when it is placed, and what prices its line. */
export type ToolForOrder = Pick<
	Tool,
	"id" | "tool_name" | "img" | "description" | "price_cents" | "price_breaks"
>;

/** Puts pieces back, for a cancelled or deleted unpaid order (even of a tool deleted since). */
export async function returnStock(
	db: Db,
	id: string,
	quantity: number,
): Promise<void> {
	await db
		.updateTable("tools")
		.set((eb) => ({
			available_quantity: eb("available_quantity", "+", quantity),
		}))
		.where("id", "=", id)
		.execute();
}

/** A tool at its public address, deleted or not, with when it last changed. */
export type ToolAtSlug = Tool & {
	updated_at: string;
	deleted_at: string | null;
};

/** The tool whose public address is `slug`; a deleted tool keeps its address (it answers 410). */
export async function findToolBySlug(
	db: Db,
	slug: string,
): Promise<ToolAtSlug | undefined> {
	const row = await db
		.selectFrom("tools")
		.select([...toolColumns, "tools.deleted_at"])
		.where("slug", "=", slug)
		.executeTakeFirst();
	return (
		row && {
			...toTool(row),
			updated_at: row.updated_at,
			deleted_at: row.deleted_at,
		}
	);
}

/** Where a listed tool stands in the listed-tools index (created_at, id): oldest first. */
export type ListedToolKey = { created_at: string; id: string };

/**
 * The key of the listed tool `offset` places from the oldest, read from the listed-tools index
 * alone (both columns are in it), so a deep sitemap page starts without reading skipped rows.
 */
export async function findListedToolKeyAt(
	db: Db,
	offset: number,
): Promise<ListedToolKey | undefined> {
	return db
		.selectFrom("tools")
		.select(["created_at", "id"])
		.where("deleted_at", "is", null)
		.orderBy("created_at")
		.orderBy("id")
		.limit(1)
		.offset(offset)
		.executeTakeFirst();
}

/** A listed tool's public address, when it last changed, and its place in the index. */
export type ListedToolLink = ListedToolKey & {
	slug: string;
	updated_at: string;
};

/**
 * Up to `limit` listed tools from `key` on (itself included, or only after it), oldest first: a
 * range scan of the listed-tools index, however deep in the catalog `key` is.
 */
export async function findListedToolLinks(
	db: Db,
	key: ListedToolKey,
	isKeyIncluded: boolean,
	limit: number,
): Promise<ListedToolLink[]> {
	return db
		.selectFrom("tools")
		.select(["created_at", "id", "slug", "updated_at"])
		.where("deleted_at", "is", null)
		.where((eb) =>
			eb(
				eb.refTuple("created_at", "id"),
				isKeyIncluded ? ">=" : ">",
				eb.tuple(key.created_at, key.id),
			),
		)
		.orderBy("created_at")
		.orderBy("id")
		.limit(limit)
		.execute();
}

/** The listed tools with these part numbers (a part number no listed tool has is simply absent). */
export async function findListedToolsBySkus(
	db: Db,
	skus: readonly string[],
): Promise<Tool[]> {
	if (skus.length === 0) return [];
	const rows = await db
		.selectFrom("tools")
		.select(toolColumns)
		.where("sku", "in", skus)
		.where("deleted_at", "is", null)
		.execute();
	return rows.map(toTool);
}

/** A listed tool with when it last changed, as the catalog export writes it. */
export type ExportedTool = Tool & { updated_at: string };

/**
 * Up to `limit` listed tools by part number, after `afterSku` (from the first when undefined): a
 * range scan of the part-number index, however far into the catalog.
 */
export async function findListedToolsAfterSku(
	db: Db,
	afterSku: string | undefined,
	limit: number,
): Promise<ExportedTool[]> {
	let query = db
		.selectFrom("tools")
		.select([...toolColumns, "tools.updated_at"])
		.where("deleted_at", "is", null);
	if (afterSku !== undefined) query = query.where("sku", ">", afterSku);
	const rows = await query.orderBy("sku").limit(limit).execute();
	return rows.map((row) => ({ ...toTool(row), updated_at: row.updated_at }));
}

/** Which of these public addresses a tool has (deleted tools keep theirs). */
export async function findTakenSlugs(
	db: Db,
	slugs: readonly string[],
): Promise<string[]> {
	if (slugs.length === 0) return [];
	const rows = await db
		.selectFrom("tools")
		.select("slug")
		.where("slug", "in", slugs)
		.execute();
	return rows.map((row) => row.slug);
}

/**
 * Sets a listed tool's terms and stock to what an import says (the stock as a figure, not a
 * change) and moves it to the next version; false when no listed tool has this id any more.
 */
export async function updateImportedTool(
	db: Db,
	id: string,
	changes: Omit<ToolChanges, "img" | "img_large" | "sku">,
	updatedAt: string,
): Promise<boolean> {
	const result = await db
		.updateTable("tools")
		.set((eb) => ({
			...changes,
			price_breaks: JSON.stringify(changes.price_breaks),
			updated_at: updatedAt,
			version: eb("version", "+", 1),
		}))
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.executeTakeFirst();
	return result.numUpdatedRows === 1n;
}

/** A tool as an order copies it, with its stock terms and the version they were read at. */
export type ToolTermsForOrder = ToolForOrder &
	Pick<Tool, "available_quantity" | "minimum_quantity" | "pack_size"> & {
		version: number;
	};

/** Compiled once per number of lines: every order reads its tools with it. */
const toolsForOrderStatement = compiledOncePerLength(
	(db, ids: readonly string[]) =>
		db
			.selectFrom("tools")
			.select([
				"id",
				"tool_name",
				"img",
				"description",
				"price_cents",
				"price_breaks",
				"available_quantity",
				"minimum_quantity",
				"pack_size",
				"version",
			])
			.where("id", "in", ids)
			.where("deleted_at", "is", null),
);

/** The listed tools among `ids` as orders copy them, read without locking their rows. */
export async function findToolsForOrder(
	db: Db,
	ids: readonly string[],
): Promise<ToolTermsForOrder[]> {
	if (ids.length === 0) return [];
	const { rows } = await toolsForOrderStatement(db, ids);
	return rows.map((row) => ({
		...row,
		price_breaks: readPriceBreaks(row.price_breaks),
	}));
}

/** The statement that takes stock, compiled once: it runs for every line of every order. */
const takeStockStatement = compiledOnce(
	(db, id: string, quantity: number, version: number) =>
		db
			.updateTable("tools")
			.set((eb) => ({
				available_quantity: eb("available_quantity", "-", quantity),
			}))
			.where("id", "=", id)
			.where("version", "=", version)
			.where("deleted_at", "is", null)
			.where("available_quantity", ">=", quantity)
			.where("minimum_quantity", "<=", quantity)
			.where(sql<SqlBool>`${quantity} % pack_size = 0`),
);

/**
 * PostgreSQL: the statement that takes the stock of several lines at once, compiled once per
 * number of lines. Its values are each line's tool id, quantity and version, one after the other.
 * The lines' rows are locked first, in the order of their ids as byte strings (the order
 * inLockOrder gives, so two checkouts of the same tools never deadlock), and with the lock an
 * update takes (`for no key update`: a `for update` would also wait for the key-share locks the
 * order lines' references hold on the tools until their orders commit, in their lines' order, and
 * deadlock); each row is then taken from under the same conditions as takeStockAtVersion's,
 * checked on the row as it is once locked.
 * Answers the ids of the tools it took from.
 */
const takeStocksStatement = compiledOncePerLength(
	(db, values: readonly (string | number)[]) => {
		const ids: unknown[] = [];
		const lines: RawBuilder<unknown>[] = [];
		for (let at = 0; at < values.length; at += 3) {
			ids.push(values[at]);
			lines.push(
				sql`(cast(${values[at]} as text), cast(${values[at + 1]} as integer), cast(${values[at + 2]} as integer))`,
			);
		}
		const query = sql<{ id: string }>`with locked as (
        select tools.id from tools where tools.id in (${sql.join(ids)})
        order by tools.id collate "C" for no key update)
      update tools set available_quantity = tools.available_quantity - line.quantity
      from (values ${sql.join(lines)}) as line (id, quantity, version)
      where tools.id = line.id and tools.id in (select locked.id from locked)
        and tools.version = line.version and tools.deleted_at is null
        and tools.available_quantity >= line.quantity
        and tools.minimum_quantity <= line.quantity
        and line.quantity % tools.pack_size = 0
      returning tools.id`;
		return { compile: () => query.compile(db) };
	},
);

/**
 * Takes `quantity` pieces of a tool in one conditional statement: only while the tool is in the
 * catalog, its stock covers the quantity, the quantity reaches its minimum order in whole packs,
 * and its terms are still at `version` (no edit came between reading them and taking the stock).
 * Two orders racing for the last pieces cannot both succeed: the database re-checks the condition
 * on the row it locks. True when taken.
 */
async function takeStockAtVersion(
	db: Db,
	id: string,
	quantity: number,
	version: number,
): Promise<boolean> {
	const taken = await takeStockStatement(db, id, quantity, version);
	return taken.numAffectedRows === 1n;
}

/**
 * Takes the stock of every line, given in lock order, each at its version and under
 * takeStockAtVersion's conditions; answers the lines it could not take, and the caller's
 * transaction must then roll back. On PostgreSQL two lines or more, each of its own tool, are
 * taken in one statement, one round trip, where a statement per line made one each while the rows
 * taken so far stayed locked; otherwise (one line, SQLite where a statement costs no round trip,
 * a list naming a tool twice) a statement per line, in the order given.
 */
export async function takeStocksAtVersions<
	Line extends { tool_id: string; quantity: number; version: number },
>(db: Db, lines: readonly Line[]): Promise<Line[]> {
	const tools = new Set(lines.map((line) => line.tool_id));
	if (isPostgres(db) && lines.length > 1 && tools.size === lines.length) {
		const { rows } = await takeStocksStatement(
			db,
			lines.flatMap((line) => [line.tool_id, line.quantity, line.version]),
		);
		const taken = new Set(rows.map((row) => row.id));
		return lines.filter((line) => !taken.has(line.tool_id));
	}
	const refused: Line[] = [];
	for (const line of lines)
		if (
			!(await takeStockAtVersion(db, line.tool_id, line.quantity, line.version))
		)
			refused.push(line);
	return refused;
}

/**
 * Compiled once per number of tools: a cached list page reads its tools' stock with it after
 * every order (decision 016).
 */
const stockOfStatement = compiledOncePerLength((db, ids: readonly string[]) =>
	db
		.selectFrom("tools")
		.select(["id", "available_quantity"])
		.where("id", "in", ids)
		.modifyEnd(readAtOnce),
);

/** The stock of each of `ids` that is still a tool, by id. */
export async function findStockOf(
	db: Db,
	ids: readonly string[],
): Promise<Map<string, number>> {
	if (ids.length === 0) return new Map();
	const { rows } = await stockOfStatement(db, ids);
	return new Map(rows.map((row) => [row.id, row.available_quantity]));
}
