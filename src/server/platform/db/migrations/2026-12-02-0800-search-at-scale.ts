import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Search that stays fast for short and common words at 50,000 tools (decision 016):
// - PostgreSQL: a GIN index on the name's words too, so the tools whose name matches a rare word
//   are found through an index rather than by walking the catalog.
// - SQLite: the FTS5 tables get prefix indexes of 1, 2 and 3 characters (a search for "d" reads one
//   list instead of merging every word that starts with d), a second FTS5 table holds the names
//   alone, so the tools matching in their name are read without looking at descriptions, and an
//   fts5vocab table lists the indexed words, so a longer prefix becomes the few words it starts.
//   Each tool's row in them is numbered by when it was added (its created_at in milliseconds,
//   times 2^20, plus its place among tools added in the same millisecond): reading the matches
//   in descending rowid order reads them newest first, and a page stops after its last row
//   instead of sorting every match. Both tables are contentless: the tools table holds the text.
const TIE_SLOTS = 1_048_576;
/** Unix time 0 as SQLite's julianday() counts it, in milliseconds. */
const UNIX_EPOCH_JULIAN_MS = 210_866_760_000_000;

/** The first search key of tools added at `createdAt` (an SQL expression of a tools row). */
function keyBase(createdAt: string): string {
	return `((cast(round(julianday(${createdAt}) * 86400000) as integer) - ${UNIX_EPOCH_JULIAN_MS}) * ${TIE_SLOTS})`;
}

/** The next free search key among the tools added in the same millisecond as `createdAt`. */
function nextKey(createdAt: string): string {
	const base = keyBase(createdAt);
	return `coalesce((select max(key) + 1 from tool_search_keys where key >= ${base} and key < ${base} + ${TIE_SLOTS}), ${base})`;
}

const NAMES_AND_TEXT = "tool_name, sku, description";

export async function up(db: Kysely<any>): Promise<void> {
	if (isPostgres(db)) {
		await sql`create index tools_search_name_idx on tools using gin (search_name) where deleted_at is null`.execute(
			db,
		);
		return;
	}
	for (const trigger of ["insert", "update", "delete"])
		await sql.raw(`drop trigger tools_search_${trigger}`).execute(db);
	await sql`drop table tools_search`.execute(db);
	await sql`drop table tool_search_keys`.execute(db);

	await sql`create table tool_search_keys (
    key integer primary key,
    tool_id varchar(36) not null unique references tools(id) on delete cascade
  )`.execute(db);
	// Tools added in the same millisecond are numbered by id, as the tool list orders them.
	await sql
		.raw(
			`insert into tool_search_keys (key, tool_id)
       select ${keyBase("created_at")} + row_number() over (
           partition by ${keyBase("created_at")} order by id
         ) - 1, id
       from tools`,
		)
		.execute(db);
	await sql
		.raw(
			`create virtual table tools_search using fts5(${NAMES_AND_TEXT},
         tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3',
         content = '', contentless_delete = 1)`,
		)
		.execute(db);
	await sql
		.raw(
			`create virtual table tools_search_names using fts5(tool_name,
         tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3',
         content = '', contentless_delete = 1)`,
		)
		.execute(db);
	await sql
		.raw(
			`insert into tools_search (rowid, ${NAMES_AND_TEXT})
       select k.key, t.tool_name, t.sku, t.description
       from tools t join tool_search_keys k on k.tool_id = t.id
       where t.deleted_at is null`,
		)
		.execute(db);
	await sql`insert into tools_search_names (rowid, tool_name)
    select k.key, t.tool_name
    from tools t join tool_search_keys k on k.tool_id = t.id
    where t.deleted_at is null`.execute(db);
	for (const table of ["tools_search", "tools_search_names"])
		await sql
			.raw(`insert into ${table} (${table}) values ('optimize')`)
			.execute(db);
	// The words of the index, in order: a search turns a longer prefix into the words it starts,
	// which FTS5 reads one by one as it needs them, where a prefix query would first merge every
	// row of every such word.
	await sql`create virtual table tools_search_words using fts5vocab(tools_search, row)`.execute(
		db,
	);

	const indexNew = `
    insert into tools_search (rowid, ${NAMES_AND_TEXT})
      select key, new.tool_name, new.sku, new.description from tool_search_keys
      where tool_id = new.id and new.deleted_at is null;
    insert into tools_search_names (rowid, tool_name)
      select key, new.tool_name from tool_search_keys
      where tool_id = new.id and new.deleted_at is null;`;
	const forgetOld = `
    delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
    delete from tools_search_names where rowid = (select key from tool_search_keys where tool_id = old.id);`;
	await sql
		.raw(
			`create trigger tools_search_insert after insert on tools begin
         insert into tool_search_keys (key, tool_id) values (${nextKey("new.created_at")}, new.id);
         ${indexNew}
       end`,
		)
		.execute(db);
	// Stock changes (every order) touch none of these columns, so they leave the index alone.
	await sql
		.raw(
			`create trigger tools_search_update after update of ${NAMES_AND_TEXT}, deleted_at, created_at on tools begin
         ${forgetOld}
         update tool_search_keys set key = ${nextKey("new.created_at")}
           where tool_id = new.id and new.created_at is not old.created_at;
         ${indexNew}
       end`,
		)
		.execute(db);
	// Before the row goes, while its key is still there to find its index rows by.
	await sql
		.raw(
			`create trigger tools_search_delete before delete on tools begin
         ${forgetOld}
         delete from tool_search_keys where tool_id = old.id;
       end`,
		)
		.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
	if (isPostgres(db)) {
		await sql`drop index tools_search_name_idx`.execute(db);
		return;
	}
	for (const trigger of ["insert", "update", "delete"])
		await sql.raw(`drop trigger tools_search_${trigger}`).execute(db);
	await sql`drop table tools_search_words`.execute(db);
	await sql`drop table tools_search_names`.execute(db);
	await sql`drop table tools_search`.execute(db);
	await sql`drop table tool_search_keys`.execute(db);
	// The index as migration part-numbers-and-volume-prices left it.
	await sql`create table tool_search_keys (
    key integer primary key autoincrement,
    tool_id varchar(36) not null unique references tools(id) on delete cascade
  )`.execute(db);
	await sql`insert into tool_search_keys (tool_id) select id from tools order by created_at, id`.execute(
		db,
	);
	await sql
		.raw(
			`create virtual table tools_search using fts5(${NAMES_AND_TEXT}, tokenize = 'unicode61 remove_diacritics 0')`,
		)
		.execute(db);
	await sql
		.raw(
			`insert into tools_search (rowid, ${NAMES_AND_TEXT})
       select k.key, t.tool_name, t.sku, t.description
       from tools t join tool_search_keys k on k.tool_id = t.id
       where t.deleted_at is null`,
		)
		.execute(db);
	const values = "new.tool_name, new.sku, new.description";
	await sql
		.raw(
			`create trigger tools_search_insert after insert on tools begin
         insert into tool_search_keys (tool_id) values (new.id);
         insert into tools_search (rowid, ${NAMES_AND_TEXT})
           select key, ${values} from tool_search_keys
           where tool_id = new.id and new.deleted_at is null;
       end`,
		)
		.execute(db);
	await sql
		.raw(
			`create trigger tools_search_update after update of ${NAMES_AND_TEXT}, deleted_at on tools begin
         delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
         insert into tools_search (rowid, ${NAMES_AND_TEXT})
           select key, ${values} from tool_search_keys
           where tool_id = new.id and new.deleted_at is null;
       end`,
		)
		.execute(db);
	await sql`create trigger tools_search_delete after delete on tools begin
    delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
  end`.execute(db);
}

function isPostgres(db: Kysely<any>): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter;
}
