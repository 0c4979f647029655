import { sql } from "kysely";
import { expect, test } from "vitest";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { migrateTo, migrateToLatest } from "../../platform/db/migrate.ts";
import { createTestApp } from "../../test-support/test-app.ts";

/** The last migration before tools had part numbers: the database as the previous version left it. */
const BEFORE_PART_NUMBERS = "2026-11-30-1000-shop-settings-and-invoices";

test("tools added before part numbers get TG- numbers in the order they were added, an address, one pack and no volume prices, and stay searchable", async () => {
	const t = await createTestApp();
	await migrateTo(t.db, { legacyImagesDir: undefined }, BEFORE_PART_NUMBERS);
	const old = [
		["Bench Grinder 200 mm", "2026-11-20T10:00:00.000Z", null],
		["Pillar Drill", "2026-11-21T10:00:00.000Z", "2026-11-24T10:00:00.000Z"],
		['Pipe Wrench 18"', "2026-11-22T10:00:00.000Z", null],
	] as const;
	for (const [name, at, deletedAt] of old)
		await sql`
			insert into tools (id, tool_name, description, price_cents, available_quantity,
				minimum_quantity, img, img_large, supplier_name, supplier_email, created_at, updated_at,
				deleted_at, version)
			values (${crypto.randomUUID()}, ${name}, 'An older tool.', 1999, 40, 2, '/images/x.webp',
				'/images/x.webp', 'Old Supplier', null, ${at}, ${at}, ${deletedAt}, 1)`.execute(
			t.db,
		);
	await migrateToLatest(t.db, { legacyImagesDir: undefined });

	const rows = await t.db
		.selectFrom("tools")
		.select(["tool_name", "sku", "slug", "pack_size", "price_breaks"])
		.orderBy("created_at")
		.execute();
	expect(rows).toEqual([
		{
			tool_name: "Bench Grinder 200 mm",
			sku: "TG-000001",
			slug: "bench-grinder-200-mm-tg-000001",
			pack_size: 1,
			price_breaks: "[]",
		},
		{
			tool_name: "Pillar Drill",
			sku: "TG-000002",
			slug: "pillar-drill-tg-000002",
			pack_size: 1,
			price_breaks: "[]",
		},
		{
			tool_name: 'Pipe Wrench 18"',
			sku: "TG-000003",
			slug: "pipe-wrench-18-tg-000003",
			pack_size: 1,
			price_breaks: "[]",
		},
	]);
	for (const q of ["TG-000003", "wrench"]) {
		const page = ToolPageSchema.parse(
			(
				await t.app.inject({ url: `/api/tools?q=${encodeURIComponent(q)}` })
			).json(),
		);
		expect(
			page.items.map((tool) => tool.sku),
			q,
		).toEqual(["TG-000003"]);
	}
});
