import { expect, test } from "vitest";
import { ToolPageSchema } from "../../../shared/tools.schemas.ts";
import { createTestApp, insertTestTool } from "../../test-support/test-app.ts";
import {
	createToolListCache,
	forgetCatalogVersion,
	listToolsSerialized,
	type ToolsDeps,
} from "./tools.service.ts";

test("a writer that forgets the catalog version shows its change on the very next list read", async () => {
	const t = await createTestApp();
	// The clock never moves: only forgetting the version can make the change show.
	const tools: ToolsDeps = {
		db: t.db,
		images: t.images,
		listCache: createToolListCache(() => 0),
	};
	const list = async () =>
		ToolPageSchema.parse(
			JSON.parse(
				(await listToolsSerialized(tools, { page: 1, page_size: 12 })).toString(
					"utf8",
				),
			),
		);
	const tool = await insertTestTool(t.db, { available_quantity: 40 });
	expect((await list()).items[0]?.available_quantity).toBe(40);

	await t.db
		.updateTable("tools")
		.set({ available_quantity: 25 })
		.where("id", "=", tool.id)
		.execute();
	expect((await list()).items[0]?.available_quantity).toBe(40);
	forgetCatalogVersion(tools.listCache);
	expect((await list()).items[0]?.available_quantity).toBe(25);
});
