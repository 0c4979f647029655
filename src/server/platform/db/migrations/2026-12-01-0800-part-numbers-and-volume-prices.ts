import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// Wholesale terms of a tool and its public address:
// - `sku`: the part number, unique among the tools in the catalog (a deleted tool gives its part
//   number back). Existing tools get TG-000001, TG-000002, … in the order they were added.
// - `slug`: the tool's public address (/tools/{slug}), made once from its name and part number and
//   never changed, so links keep working after a rename; deleted tools keep theirs (it answers 410).
// - `pack_size`: orders come in multiples of it (1: any number of pieces).
// - `price_breaks`: JSON array of {min_quantity, price_cents}, increasing quantities at decreasing
//   prices; `price_cents` stays the price below the first break.
// The part number joins the words text search matches (the generated column on PostgreSQL, the
// FTS5 table on SQLite, both rebuilt here with it).
export async function up(db: Kysely<any>): Promise<void> {
	const postgres = isPostgres(db);
	await db.schema
		.alterTable("tools")
		.addColumn("sku", "varchar(40)", (col) => col.notNull().defaultTo(""))
		.execute();
	await db.schema
		.alterTable("tools")
		.addColumn("slug", "varchar(200)", (col) => col.notNull().defaultTo(""))
		.execute();
	await db.schema
		.alterTable("tools")
		.addColumn("pack_size", "integer", (col) =>
			col.notNull().defaultTo(1).check(sql`pack_size between 1 and 1000000`),
		)
		.execute();
	await db.schema
		.alterTable("tools")
		.addColumn("price_breaks", "text", (col) => col.notNull().defaultTo("[]"))
		.execute();

	const tools = await db
		.selectFrom("tools")
		.select(["id", "tool_name"])
		.orderBy("created_at")
		.orderBy("id")
		.execute();
	for (let start = 0; start < tools.length; start += 500) {
		const batch = tools.slice(start, start + 500).map((tool, index) => {
			const sku = `TG-${String(start + index + 1).padStart(6, "0")}`;
			return { id: tool.id as string, sku, slug: slugOf(tool.tool_name, sku) };
		});
		const caseOf = (column: "sku" | "slug") =>
			sql.join(
				batch.map((row) => sql`when ${row.id} then ${row[column]}`),
				sql` `,
			);
		await db
			.updateTable("tools")
			.set({
				sku: sql`case id ${caseOf("sku")} end`,
				slug: sql`case id ${caseOf("slug")} end`,
			})
			.where(
				"id",
				"in",
				batch.map((row) => row.id),
			)
			.execute();
	}
	await sql`create unique index tools_sku_idx on tools (sku) where deleted_at is null`.execute(
		db,
	);
	await sql`create unique index tools_slug_idx on tools (slug)`.execute(db);

	if (postgres) {
		await sql`drop index tools_search_idx`.execute(db);
		await sql`alter table tools drop column search_text`.execute(db);
		await sql`alter table tools add column search_text tsvector generated always as (to_tsvector('simple'::regconfig, regexp_replace(lower(tool_name || ' ' || sku || ' ' || description), '[^[:alnum:]]+', ' ', 'g'))) stored`.execute(
			db,
		);
		await sql`create index tools_search_idx on tools using gin (search_text) where deleted_at is null`.execute(
			db,
		);
		return;
	}
	await rebuildSqliteSearch(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
	if (isPostgres(db)) {
		await sql`drop index tools_search_idx`.execute(db);
		await sql`alter table tools drop column search_text`.execute(db);
		await sql`alter table tools add column search_text tsvector generated always as (to_tsvector('simple'::regconfig, regexp_replace(lower(tool_name || ' ' || description), '[^[:alnum:]]+', ' ', 'g'))) stored`.execute(
			db,
		);
		await sql`create index tools_search_idx on tools using gin (search_text) where deleted_at is null`.execute(
			db,
		);
	} else {
		await rebuildSqliteSearch(db, false);
	}
	await sql`drop index tools_slug_idx`.execute(db);
	await sql`drop index tools_sku_idx`.execute(db);
	for (const column of ["price_breaks", "pack_size", "slug", "sku"])
		await db.schema.alterTable("tools").dropColumn(column).execute();
}

/** The FTS5 table and its triggers, with or without the part number among the words. */
async function rebuildSqliteSearch(
	db: Kysely<any>,
	withSku: boolean,
): Promise<void> {
	for (const trigger of ["insert", "update", "delete"])
		await sql.raw(`drop trigger tools_search_${trigger}`).execute(db);
	await sql`drop table tools_search`.execute(db);
	const columns = withSku
		? "tool_name, sku, description"
		: "tool_name, description";
	const values = withSku
		? "new.tool_name, new.sku, new.description"
		: "new.tool_name, new.description";
	await sql
		.raw(
			`create virtual table tools_search using fts5(${columns}, tokenize = 'unicode61 remove_diacritics 0')`,
		)
		.execute(db);
	await sql
		.raw(
			`insert into tools_search (rowid, ${columns})
       select k.key, ${values.replaceAll("new.", "t.")}
       from tools t join tool_search_keys k on k.tool_id = t.id
       where t.deleted_at is null`,
		)
		.execute(db);
	await sql
		.raw(
			`create trigger tools_search_insert after insert on tools begin
         insert into tool_search_keys (tool_id) values (new.id);
         insert into tools_search (rowid, ${columns})
           select key, ${values} from tool_search_keys
           where tool_id = new.id and new.deleted_at is null;
       end`,
		)
		.execute(db);
	// Stock changes (every order) touch none of these columns, so they leave the index alone.
	await sql
		.raw(
			`create trigger tools_search_update after update of ${columns}, deleted_at on tools begin
         delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
         insert into tools_search (rowid, ${columns})
           select key, ${values} from tool_search_keys
           where tool_id = new.id and new.deleted_at is null;
       end`,
		)
		.execute(db);
	await sql`create trigger tools_search_delete after delete on tools begin
    delete from tools_search where rowid = (select key from tool_search_keys where tool_id = old.id);
  end`.execute(db);
}

/** "Cordless Drill 18V", "TG-000012" → "cordless-drill-18v-tg-000012". */
function slugOf(toolName: string, sku: string): string {
	const words = toolName
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, 80)
		.replace(/-+$/g, "");
	const part = sku.toLowerCase();
	return words ? `${words}-${part}` : part;
}

function isPostgres(db: Kysely<any>): boolean {
	return db.getExecutor().adapter instanceof PostgresAdapter;
}
