import { type Selectable, type SqlBool, sql } from "kysely";
import { TOOL_QUANTITY_MAX, type Tool } from "../../../shared/tools.schemas.ts";
import { type Db, isPostgres } from "../../platform/db/database.ts";
import type { ToolsTable } from "../../platform/db/schema.ts";

export type NewTool = Omit<
	ToolsTable,
	"deleted_at" | "updated_at" | "img_large" | "version"
> & {
	updated_at?: string;
	img_large?: string;
};

/** What an edit may change; everything else (supplier, id, timestamps) stays. */
export type ToolChanges = Pick<
	ToolsTable,
	| "tool_name"
	| "description"
	| "price_cents"
	| "available_quantity"
	| "minimum_quantity"
> &
	Partial<Pick<ToolsTable, "img" | "img_large">>;

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
		version: row.version,
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
	"tools.version",
] as const;

export async function findToolsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<Tool[]> {
	// The page's ids come from the listed-tools index alone, however deep the page; only its rows
	// are then read in full.
	const rows = await db
		.selectFrom("tools")
		.select(toolColumns)
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
		.orderBy("id", "desc")
		.execute();
	return rows.map(toTool);
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
 * A text-search query over the tools: every term must start a word of the name or the
 * description. Terms are letters and digits only (searchTerms), so they carry no query syntax.
 * PostgreSQL: a tsquery of prefixes against the generated tsvector columns (GIN index); SQLite:
 * an FTS5 match against the tools_search table its triggers keep (migration manage-catalog).
 */
function matchingTools(db: Db, terms: string[]) {
	if (isPostgres(db)) {
		const query = terms.map((term) => `${term}:*`).join(" & ");
		return db
			.selectFrom("tools")
			.where(sql<SqlBool>`tools.search_text @@ to_tsquery('simple', ${query})`)
			.where("tools.deleted_at", "is", null)
			.select(
				sql<SqlBool>`tools.search_name @@ to_tsquery('simple', ${query})`.as(
					"in_name",
				),
			);
	}
	const all = terms.map((term) => `"${term}"*`).join(" ");
	const inName = `tool_name : (${all})`;
	return db
		.selectFrom(sql`tools_search`.as("s"))
		.innerJoin(sql`tool_search_keys`.as("k"), (join) =>
			join.on(sql`k.key`, "=", sql`s.rowid`),
		)
		.innerJoin("tools", (join) => join.on("tools.id", "=", sql`k.tool_id`))
		.where(sql<SqlBool>`tools_search match ${all}`)
		.where("tools.deleted_at", "is", null)
		.select(
			sql<SqlBool>`s.rowid in (select rowid from tools_search where tools_search match ${inName})`.as(
				"in_name",
			),
		);
}

/** Tools matching every term, those matching in their name first, then newest first. */
export async function searchToolsPage(
	db: Db,
	terms: string[],
	offset: number,
	limit: number,
): Promise<Tool[]> {
	const rows = await matchingTools(db, terms)
		.select(toolColumns)
		.orderBy("in_name", "desc")
		.orderBy("tools.created_at", "desc")
		.orderBy("tools.id", "desc")
		.limit(limit)
		.offset(offset)
		.execute();
	return rows.map(toTool);
}

export async function countToolMatches(
	db: Db,
	terms: string[],
): Promise<number> {
	const row = await matchingTools(db, terms)
		.clearSelect()
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.executeTakeFirstOrThrow();
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
		.executeTakeFirstOrThrow();
	return String(row.version);
}

/** What an order copies from its tool when it is placed. */
export type ToolForOrder = Pick<
	Tool,
	"id" | "tool_name" | "img" | "description" | "price_cents"
>;

/**
 * Takes `quantity` pieces of a tool in one conditional statement: only while the tool is in the
 * catalog, its stock covers the quantity and the quantity reaches its minimum order. Two orders
 * racing for the last pieces cannot both succeed: the database re-checks the condition on the row
 * it locks. Returns the tool as the order copies it, or undefined when nothing was taken.
 */
export async function takeStock(
	db: Db,
	id: string,
	quantity: number,
): Promise<ToolForOrder | undefined> {
	return db
		.updateTable("tools")
		.set((eb) => ({
			available_quantity: eb("available_quantity", "-", quantity),
		}))
		.where("id", "=", id)
		.where("deleted_at", "is", null)
		.where("available_quantity", ">=", quantity)
		.where("minimum_quantity", "<=", quantity)
		.returning(["id", "tool_name", "img", "description", "price_cents"])
		.executeTakeFirst();
}

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
