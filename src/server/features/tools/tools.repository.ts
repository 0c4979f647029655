import type { Selectable } from "kysely";
import type { Tool } from "../../../shared/tools.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { ToolsTable } from "../../platform/db/schema.ts";

export type NewTool = Omit<ToolsTable, "deleted_at" | "updated_at"> & {
	updated_at?: string;
};

function toTool(row: Pick<Selectable<ToolsTable>, keyof Tool>): Tool {
	return {
		id: row.id,
		tool_name: row.tool_name,
		description: row.description,
		price_cents: row.price_cents,
		available_quantity: row.available_quantity,
		minimum_quantity: row.minimum_quantity,
		img: row.img,
		supplier_name: row.supplier_name,
		created_at: row.created_at,
	};
}

const toolColumns = [
	"id",
	"tool_name",
	"description",
	"price_cents",
	"available_quantity",
	"minimum_quantity",
	"img",
	"supplier_name",
	"created_at",
] as const;

export async function findToolsPage(
	db: Db,
	offset: number,
	limit: number,
): Promise<Tool[]> {
	const rows = await db
		.selectFrom("tools")
		.select(toolColumns)
		.where("deleted_at", "is", null)
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(limit)
		.offset(offset)
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

export async function insertTools(db: Db, tools: NewTool[]): Promise<void> {
	if (tools.length === 0) return;
	await db
		.insertInto("tools")
		.values(
			tools.map((tool) => ({
				...tool,
				updated_at: tool.updated_at ?? tool.created_at,
				deleted_at: null,
			})),
		)
		.execute();
}

/** Bumped by database triggers on every change to tools (see the add-catalog-version migration). */
export async function findCatalogVersion(db: Db): Promise<string> {
	const row = await db
		.selectFrom("catalog_version")
		.select("version")
		.where("id", "=", 1)
		.executeTakeFirstOrThrow();
	return String(row.version);
}
