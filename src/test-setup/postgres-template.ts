import type { TestProject } from "vitest/node";
import { createDb } from "../server/platform/db/database.ts";
import { migrateToLatest } from "../server/platform/db/migrate.ts";
import { createPostgresDatabase } from "../server/test-support/postgres-database.ts";

declare module "vitest" {
	export interface ProvidedContext {
		/** A migrated database to copy each test's database from, on a PostgreSQL run only. */
		postgresTemplateDatabase: string | undefined;
	}
}

/**
 * On a PostgreSQL run (TEST_DATABASE_URL), migrates one database once for the whole run: each
 * test's database is then a copy of it, which PostgreSQL makes several times faster than running
 * the migrations again. Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
	const adminUrl = process.env.TEST_DATABASE_URL;
	if (!adminUrl) {
		project.provide("postgresTemplateDatabase", undefined);
		return;
	}
	const template = await createPostgresDatabase(
		adminUrl,
		"tools_gallery_template",
	);
	const db = createDb({ kind: "postgres", url: template.url });
	try {
		await migrateToLatest(db, { legacyImagesDir: undefined });
	} finally {
		// A database is copied only while no one is connected to it.
		await db.destroy();
	}
	project.provide("postgresTemplateDatabase", template.name);
	return template.drop;
}
