import {
	DEFAULT_MIGRATION_TABLE,
	type Kysely,
	type Migration,
	type MigrationProvider,
	Migrator,
	sql,
} from "kysely";
import { byCodeUnits } from "../code-unit-order.ts";
import { type Db, isPostgres } from "./database.ts";
import * as createCatalog from "./migrations/2026-11-21-0800-create-catalog.ts";
import * as addCatalogVersion from "./migrations/2026-11-21-0900-add-catalog-version.ts";
import * as createAccounts from "./migrations/2026-11-23-0900-create-accounts.ts";
import * as manageCatalog from "./migrations/2026-11-24-0900-manage-catalog.ts";
import { moveImageFilesIn } from "./migrations/2026-11-24-0910-move-image-files-in.ts";
import * as shardCatalogVersion from "./migrations/2026-11-25-0800-shard-catalog-version.ts";
import * as createOrders from "./migrations/2026-11-25-0900-create-orders.ts";
import * as indexListedTools from "./migrations/2026-11-25-1000-index-listed-tools.ts";
import * as reviewAuthorsAndModeration from "./migrations/2026-11-26-0900-review-authors-and-moderation.ts";
import * as blogAdministration from "./migrations/2026-11-26-0910-blog-administration.ts";
import * as editableContent from "./migrations/2026-11-26-0920-editable-content.ts";
import * as recordRefunds from "./migrations/2026-11-27-0900-record-refunds.ts";
import * as orderPayBy from "./migrations/2026-11-27-0910-order-pay-by.ts";
import * as createAuditEvents from "./migrations/2026-11-28-0900-create-audit-events.ts";
import * as hashSessionTokens from "./migrations/2026-11-28-0910-hash-session-tokens.ts";
import * as seedShopFaqs from "./migrations/2026-11-29-0900-seed-shop-faqs.ts";
import * as orderLinesCartsReceivingPoints from "./migrations/2026-11-30-0800-order-lines-carts-receiving-points.ts";
import * as orderLife from "./migrations/2026-11-30-0810-order-life.ts";
import * as createMailOutbox from "./migrations/2026-11-30-0900-create-mail-outbox.ts";
import * as shopSettingsAndInvoices from "./migrations/2026-11-30-1000-shop-settings-and-invoices.ts";
import * as partNumbersAndVolumePrices from "./migrations/2026-12-01-0800-part-numbers-and-volume-prices.ts";
import * as createQuotes from "./migrations/2026-12-01-0810-create-quotes.ts";
import * as paymentTerms from "./migrations/2026-12-01-0820-payment-terms.ts";
import * as importJobs from "./migrations/2026-12-01-0830-import-jobs.ts";
import * as salesIndexes from "./migrations/2026-12-01-0900-sales-indexes.ts";
import * as searchAtScale from "./migrations/2026-12-02-0800-search-at-scale.ts";
import * as stockOutsideCatalogVersion from "./migrations/2026-12-02-0900-stock-outside-catalog-version.ts";
import * as orderPathIndexes from "./migrations/2026-12-03-0800-order-path-indexes.ts";
import * as sharedCounters from "./migrations/2026-12-04-0800-shared-counters.ts";
import * as idempotencyKeys from "./migrations/2026-12-05-0800-idempotency-keys.ts";
import * as byLastChange from "./migrations/2026-12-05-0810-by-last-change.ts";
import * as apiKeys from "./migrations/2026-12-05-0820-api-keys.ts";
import * as webhooks from "./migrations/2026-12-05-0830-webhooks.ts";

export type MigrationContext = {
	/**
	 * The folder where this instance kept image files before images moved into the database
	 * (DATA_DIR/images); undefined where there never was one.
	 */
	legacyImagesDir: string | undefined;
};

// Listed by hand rather than read from disk: the list is the migration history, and it works the
// same under tsx, a bundler or compiled output.
function listMigrations(context: MigrationContext): Record<string, Migration> {
	return {
		"2026-11-21-0800-create-catalog": createCatalog,
		"2026-11-21-0900-add-catalog-version": addCatalogVersion,
		"2026-11-23-0900-create-accounts": createAccounts,
		"2026-11-24-0900-manage-catalog": manageCatalog,
		"2026-11-24-0910-move-image-files-in": moveImageFilesIn(
			context.legacyImagesDir,
		),
		"2026-11-25-0800-shard-catalog-version": shardCatalogVersion,
		"2026-11-25-0900-create-orders": createOrders,
		"2026-11-25-1000-index-listed-tools": indexListedTools,
		"2026-11-26-0900-review-authors-and-moderation": reviewAuthorsAndModeration,
		"2026-11-26-0910-blog-administration": blogAdministration,
		"2026-11-26-0920-editable-content": editableContent,
		"2026-11-27-0900-record-refunds": recordRefunds,
		"2026-11-27-0910-order-pay-by": orderPayBy,
		"2026-11-28-0900-create-audit-events": createAuditEvents,
		"2026-11-28-0910-hash-session-tokens": hashSessionTokens,
		"2026-11-29-0900-seed-shop-faqs": seedShopFaqs,
		"2026-11-30-0800-order-lines-carts-receiving-points":
			orderLinesCartsReceivingPoints,
		"2026-11-30-0810-order-life": orderLife,
		"2026-11-30-0900-create-mail-outbox": createMailOutbox,
		"2026-11-30-1000-shop-settings-and-invoices": shopSettingsAndInvoices,
		"2026-12-01-0800-part-numbers-and-volume-prices":
			partNumbersAndVolumePrices,
		"2026-12-01-0810-create-quotes": createQuotes,
		"2026-12-01-0820-payment-terms": paymentTerms,
		"2026-12-01-0830-import-jobs": importJobs,
		"2026-12-01-0900-sales-indexes": salesIndexes,
		"2026-12-02-0800-search-at-scale": searchAtScale,
		"2026-12-02-0900-stock-outside-catalog-version": stockOutsideCatalogVersion,
		"2026-12-03-0800-order-path-indexes": orderPathIndexes,
		"2026-12-04-0800-shared-counters": sharedCounters,
		"2026-12-05-0800-idempotency-keys": idempotencyKeys,
		"2026-12-05-0810-by-last-change": byLastChange,
		"2026-12-05-0820-api-keys": apiKeys,
		"2026-12-05-0830-webhooks": webhooks,
	};
}

/** The name of every migration this version of the shop knows, oldest first. */
export function knownMigrationNames(): string[] {
	return Object.keys(listMigrations({ legacyImagesDir: undefined }));
}

/**
 * Brings the database to the state right after the migration named, up or down: how a test
 * builds a database as an earlier version of the shop left it.
 */
export async function migrateTo<T>(
	db: Kysely<T>,
	context: MigrationContext,
	name: string,
): Promise<void> {
	const migrations = listMigrations(context);
	if (!(name in migrations)) throw new Error(`no migration named ${name}`);
	const provider: MigrationProvider = { getMigrations: async () => migrations };
	const { error } = await new Migrator({
		db,
		provider,
		// Migrations run in the order of their dated names; Kysely's default compares by locale.
		nameComparator: byCodeUnits,
	}).migrateTo(name);
	if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Whether no migration has ever run on the database: a new shop's, empty. */
export async function isUnmigrated(db: Db): Promise<boolean> {
	const { rows } = isPostgres(db)
		? await sql<{
				found: unknown;
			}>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) as found`.execute(db)
		: await sql<{
				found: unknown;
			}>`select name as found from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`.execute(
				db,
			);
	return (rows[0]?.found ?? null) === null;
}

export async function migrateToLatest<T>(
	db: Kysely<T>,
	context: MigrationContext,
): Promise<string[]> {
	const migrations = listMigrations(context);
	const provider: MigrationProvider = { getMigrations: async () => migrations };
	const migrator = new Migrator({ db, provider, nameComparator: byCodeUnits });
	const { error, results } = await migrator.migrateToLatest();
	if (error) throw error instanceof Error ? error : new Error(String(error));
	return (results ?? [])
		.filter((result) => result.status === "Success")
		.map((result) => result.migrationName);
}
