import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject, onTestFinished } from "vitest";
import { type AppDeps, buildApp } from "../app.ts";
import {
	type Config,
	type DatabaseConfig,
	DEFAULT_AUTH_LIMITS,
} from "../config.ts";
import { seedDemoContent } from "../features/demo/seed-demo.ts";
import {
	insertTools,
	type NewTool,
} from "../features/tools/tools.repository.ts";
import type { Clock } from "../platform/clock.ts";
import { createDb, type Db } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import {
	QUOTA_NAMES,
	QUOTA_POLICIES,
	type QuotaName,
	type QuotaPolicy,
	type QuotaTable,
} from "../platform/http/quota-policies.ts";
import {
	createDbImageStore,
	type ImageStore,
} from "../platform/images/image-store.ts";
import type { PaymentGateway } from "../platform/payments/payment-gateway.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

/**
 * A throwaway database for one test (createTestDatabase), migrated to the latest migration, and
 * closed and dropped when the test finishes. Closing it again before that is harmless.
 */
export async function createMigratedTestDatabase(): Promise<{
	db: Db;
	database: DatabaseConfig;
}> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-db-"));
	const { database, drop } = await createTestDatabase(dataDir);
	const db = createDb(database);
	onTestFinished(async () => {
		await db.destroy();
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	await migrateToLatest(db, { legacyImagesDir: undefined });
	return { db, database };
}

/**
 * A throwaway database for one test: a fresh SQLite file by default, or a fresh PostgreSQL
 * database on the server named by TEST_DATABASE_URL (created here, dropped on dispose). Empty,
 * or with `migrated` already at the latest migration where that is quicker (on PostgreSQL, a
 * copy of the run's migrated template); the caller still runs the migrations, which then find
 * nothing left to do.
 */
export async function createTestDatabase(
	dataDir: string,
	{ migrated = false }: { migrated?: boolean } = {},
): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
	const adminUrl = process.env.TEST_DATABASE_URL;
	if (!adminUrl) {
		return {
			database: { kind: "sqlite", file: path.join(dataDir, "test.sqlite") },
			drop: async () => {},
		};
	}
	const { url, drop } = await createPostgresDatabase(
		adminUrl,
		"tools_gallery_test",
		migrated ? inject("postgresTemplateDatabase") : undefined,
	);
	return { database: { kind: "postgres", url }, drop };
}

export function testConfig(
	dataDir: string,
	database: DatabaseConfig,
	overrides: Partial<Config> = {},
): Config {
	return {
		port: 0,
		host: "127.0.0.1",
		publicUrl: "http://localhost:3000",
		dataDir,
		database,
		seedDemo: false,
		logLevel: "silent",
		auth: {
			// A fixed value for throwaway test databases only.
			secret: "test-only-auth-secret-0123456789abcdef",
			adminEmails: [],
			google: undefined,
			limits: DEFAULT_AUTH_LIMITS,
		},
		mail: { smtpUrl: undefined, from: "Tools Gallery <no-reply@localhost>" },
		payments: { stripe: undefined },
		trustProxy: false,
		// Tests' webhook receivers listen on loopback.
		webhooksToPrivateAddresses: true,
		...overrides,
	};
}

/**
 * The quotas of the test app: the real table with room for any test's writes, all from one
 * address. Quota tests pass their own small figures.
 */
export function testQuotas(
	overrides: Partial<Record<QuotaName, QuotaPolicy>> = {},
): QuotaTable {
	const generous = { max: 1_000_000, windowMs: 60_000 };
	const table = Object.fromEntries(
		QUOTA_NAMES.map((name) => [
			name,
			{ ...QUOTA_POLICIES[name], perAccount: generous, perAddress: generous },
		]),
	) as QuotaTable;
	return { ...table, ...overrides };
}

export type TestApp = {
	app: FastifyInstance;
	db: Db;
	images: ImageStore;
	config: Config;
	dataDir: string;
	close: () => Promise<void>;
};

/**
 * A migrated database and a built app for the running test, closed and dropped when that test
 * finishes (pass or fail): each test builds its own, and nothing is shared between tests.
 */
export async function createTestApp(
	options: {
		seed?: boolean;
		config?: Partial<Config>;
		clock?: Clock;
		/** The wall clock of the rate-limit windows, for tests that move it by hand. */
		wallClock?: () => number;
		payments?: PaymentGateway;
		logStream?: AppDeps["logStream"];
		/** Quotas to replace the generous ones of `testQuotas()`, by name. */
		quotas?: Partial<Record<QuotaName, QuotaPolicy>>;
		/** Fills the fresh database before the shop opens it (a restore), as start-up then finds it. */
		fillDatabase?: (database: DatabaseConfig) => Promise<void>;
		/**
		 * Another instance of the shop on that test app's database (as a second server process
		 * would be): its own pool, caches and counters; the database is the first app's to drop.
		 */
		sameDatabaseAs?: TestApp;
		/** How often the webhooks' worker runs; 2 s unless a webhook test wants it sooner. */
		webhookPollIntervalMs?: number;
	} = {},
): Promise<TestApp> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-test-"));
	const { database, drop } = options.sameDatabaseAs
		? { database: options.sameDatabaseAs.config.database, drop: async () => {} }
		: await createTestDatabase(dataDir, {
				// A restore fills an empty database.
				migrated: !options.fillDatabase,
			});
	await options.fillDatabase?.(database);
	const config = testConfig(dataDir, database, options.config);
	const db = createDb(database);
	await migrateToLatest(db, { legacyImagesDir: undefined });
	const images = createDbImageStore(db);
	if (options.seed) await seedDemoContent(db, images);
	const app = await buildApp({
		config,
		db,
		images,
		clock: options.clock,
		wallClock: options.wallClock,
		payments: options.payments,
		logStream: options.logStream,
		quotas: testQuotas(options.quotas),
		webhookPollIntervalMs: options.webhookPollIntervalMs,
	});
	let isClosed = false;
	const close = async () => {
		if (isClosed) return;
		isClosed = true;
		await app.close();
		await db.destroy();
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	};
	onTestFinished(close);
	return { app, db, images, config, dataDir, close };
}

/**
 * Inserts a tool with sensible defaults, one second newer than the newest tool already in this
 * test's database, so tools inserted one after another list in that order.
 */
export async function insertTestTool(
	db: Db,
	overrides: Partial<NewTool> = {},
): Promise<NewTool> {
	const existing = await db
		.selectFrom("tools")
		.select((eb) => [
			eb.fn.max("created_at").as("newest"),
			eb.fn.countAll<number | string>().as("count"),
		])
		.executeTakeFirstOrThrow();
	const number = Number(existing.count) + 1;
	const newestMs = existing.newest
		? Date.parse(existing.newest)
		: Date.UTC(2026, 0, 1);
	const tool: NewTool = {
		id: randomUUID(),
		tool_name: `Test Tool ${number}`,
		description: "A tool made for tests.",
		price_cents: 1999,
		available_quantity: 100,
		minimum_quantity: 10,
		img: "/images/test-tool.webp",
		supplier_name: "Test Supplier",
		supplier_email: "supplier@example.com",
		sku: `TEST-${randomUUID().slice(0, 8).toUpperCase()}`,
		created_at: new Date(newestMs + 1000).toISOString(),
		...overrides,
	};
	await insertTools(db, [tool]);
	return tool;
}

/** Names of every image stored in this test's database. */
export async function listStoredImages(db: Db): Promise<string[]> {
	const rows = await db
		.selectFrom("images")
		.select("name")
		.orderBy("name")
		.execute();
	return rows.map((row) => row.name);
}

/**
 * A second server instance on the test app's database, as a second process behind a load
 * balancer would be: its own connection pool, caches and image store. Closed when the test ends.
 */
export async function createSecondInstance(
	t: TestApp,
): Promise<FastifyInstance> {
	const db = createDb(t.config.database);
	const app = await buildApp({
		config: t.config,
		db,
		images: createDbImageStore(db),
		quotas: testQuotas(),
	});
	onTestFinished(async () => {
		await app.close();
		await db.destroy();
	});
	return app;
}

/** Two instances of the shop on one database, as two server processes behind a balancer. */
export async function createTestInstances(
	options: Parameters<typeof createTestApp>[0] = {},
): Promise<[TestApp, TestApp]> {
	const first = await createTestApp(options);
	const second = await createTestApp({ ...options, sameDatabaseAs: first });
	return [first, second];
}
