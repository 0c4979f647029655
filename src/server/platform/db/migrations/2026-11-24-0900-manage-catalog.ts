import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Catalog management: a large photo and an edit version per tool, image bytes in the database so
// every instance serves every image, and a full-text index of tool names and descriptions kept in
// step by the statement that changes the tool (a generated column and a GIN index on PostgreSQL,
// an FTS5 table and triggers on SQLite).
export async function up(db: Kysely<any>): Promise<void> {
	const postgres = isPostgres(db);
	await db.schema
		.alterTable("tools")
		.addColumn("img_large", "varchar(500)", (col) =>
			col.notNull().defaultTo(""),
		)
		.execute();
	await db.updateTable("tools").set({ img_large: sql`img` }).execute();
	await db.schema
		.alterTable("tools")
		.addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
		.execute();

	await db.schema
		.createTable("images")
		.addColumn("name", "varchar(100)", (col) => col.primaryKey())
		.addColumn("bytes", postgres ? sql`bytea` : "blob", (col) => col.notNull())
		.addColumn("created_at", "varchar(30)", (col) => col.notNull())
		.execute();

	if (postgres) {
		// Letters and digits only, the same words the SQLite tokenizer and the web client see.
		const words = (text: string) =>
			`to_tsvector('simple'::regconfig, regexp_replace(lower(${text}), '[^[:alnum:]]+', ' ', 'g'))`;
		await sql
			.raw(
				`alter table tools add column search_name tsvector generated always as (${words("tool_name")}) stored`,
			)
			.execute(db);
		await sql
			.raw(
				`alter table tools add column search_text tsvector generated always as (${words("tool_name || ' ' || description")}) stored`,
			)
			.execute(db);
		await sql`create index tools_search_idx on tools using gin (search_text) where deleted_at is null`.execute(
			db,
		);
		return;
	}

	// SQLite: the FTS5 row of a tool is keyed by a number of its own, because VACUUM may renumber
	// the rowids of a table without an integer primary key.
	await sql`create table tool_search_keys (
    key integer primary key autoincrement,
    tool_id varchar(36) not null unique references tools(id) on delete cascade
  )`.execute(db);
	await sql`create virtual table tools_search using fts5(
    tool_name, description, tokenize = 'unicode61 remove_diacritics 0'
  )`.execute(db);
	await sql`insert into tool_search_keys (tool_id) select id from tools order by created_at, id`.execute(
		db,
	);
	await sql`insert into tools_search (rowid, tool_name, description)
    select k.key, t.tool_name, t.description
    from tools t join tool_search_keys k on k.tool_id = t.id
    where t.deleted_at is null`.execute(db);
	await sql`create trigger tools_search_insert after insert on tools begin
    insert into tool_search_keys (tool_id) values (new.id);
    insert into tools_search (rowid, tool_name, description)
      select key, new.tool_name, new.description from tool_search_keys
      where tool_id = new.id and new.deleted_at is null;
  end`.execute(db);
	// Stock changes (every order) touch none of these columns, so they leave the index alone.
	await sql`create trigger tools_search_update after update of tool_name, description, deleted_at on tools begin
    delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
    insert into tools_search (rowid, tool_name, description)
      select key, new.tool_name, new.description from tool_search_keys
      where tool_id = new.id and new.deleted_at is null;
  end`.execute(db);
	await sql`create trigger tools_search_delete after delete on tools begin
    delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
	if (isPostgres(db)) {
		await sql`drop index tools_search_idx`.execute(db);
		await db.schema.alterTable("tools").dropColumn("search_text").execute();
		await db.schema.alterTable("tools").dropColumn("search_name").execute();
	} else {
		for (const trigger of ["insert", "update", "delete"])
			await sql.raw(`drop trigger tools_search_${trigger}`).execute(db);
		await sql`drop table tools_search`.execute(db);
		await sql`drop table tool_search_keys`.execute(db);
	}
	await db.schema.dropTable("images").execute();
	await db.schema.alterTable("tools").dropColumn("version").execute();
	await db.schema.alterTable("tools").dropColumn("img_large").execute();
}

function isPostgres(db: Kysely<any>): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter;
}
