import {
	type Kysely,
	type Migration,
	type MigrationProvider,
	Migrator,
} from "kysely";
import * as createCatalog from "./migrations/2026-11-21-0800-create-catalog.ts";
import * as addCatalogVersion from "./migrations/2026-11-21-0900-add-catalog-version.ts";
import * as createAccounts from "./migrations/2026-11-23-0900-create-accounts.ts";

// Listed by hand rather than read from disk: the list is the migration history, and it works the
// same under tsx, a bundler or compiled output.
const migrations: Record<string, Migration> = {
	"2026-11-21-0800-create-catalog": createCatalog,
	"2026-11-21-0900-add-catalog-version": addCatalogVersion,
	"2026-11-23-0900-create-accounts": createAccounts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
	const migrator = new Migrator({ db, provider });
	const { error, results } = await migrator.migrateToLatest();
	if (error) throw error instanceof Error ? error : new Error(String(error));
	return (results ?? [])
		.filter((result) => result.status === "Success")
		.map((result) => result.migrationName);
}
