import { sql } from "kysely";
import { expect, test } from "vitest";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";

test("the catalog version moves when a tool is added, changed or deleted, but not when only its stock moves", async () => {
	const t = await createTestApp();
	const version = async () =>
		String(
			(
				await sql<{
					v: string | number;
				}>`select sum(version) as v from catalog_version_shards`.execute(t.db)
			).rows[0]?.v,
		);
	const before = await version();
	const tool = await insertTestTool(t.db, { available_quantity: 40 });
	const added = await version();
	expect(added).not.toBe(before);

	await t.db
		.updateTable("tools")
		.set((eb) => ({ available_quantity: eb("available_quantity", "-", 5) }))
		.where("id", "=", tool.id)
		.execute();
	expect(await version()).toBe(added);

	await t.db
		.updateTable("tools")
		.set({ price_cents: 2500 })
		.where("id", "=", tool.id)
		.execute();
	const repriced = await version();
	expect(repriced).not.toBe(added);

	await t.db
		.updateTable("tools")
		.set({ deleted_at: new Date().toISOString() })
		.where("id", "=", tool.id)
		.execute();
	expect(await version()).not.toBe(repriced);
});
