import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import {
	DemoSeedError,
	seedDemoContentInChildProcess,
} from "./features/demo/seed-demo-process.ts";
import { DatabaseOpenError, type Db, openDb } from "./platform/db/database.ts";
import { isUnmigrated, migrateToLatest } from "./platform/db/migrate.ts";
import {
	createDbImageStore,
	type ImageStore,
} from "./platform/images/image-store.ts";
import { createTestPaymentGateway } from "./platform/payments/payment-gateway.ts";
import { createStripePaymentGateway } from "./platform/payments/stripe-gateway.ts";
import {
	ensureWritableFolder,
	FolderError,
} from "./platform/writable-folder.ts";

/** A setting that stops the server from starting; printed as one line that names it. */
export class StartUpError extends Error {
	constructor(
		readonly key: string,
		reason: string,
	) {
		super(`${key}: ${reason}`);
		this.name = "StartUpError";
	}
}

/** Reads `.env` from the working directory when there is one; real environment variables win. */
export function loadDotEnv(): void {
	if (fs.existsSync(".env")) process.loadEnvFile(".env");
}

/** Loads the configuration, or prints every bad key and exits non-zero. */
export function loadConfigOrExit(): Config {
	try {
		return loadConfig();
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
}

/** Where images were kept as files before they moved into the database; only a migration reads it. */
export function legacyImagesDir(config: Config): string {
	return path.join(config.dataDir, "images");
}

function checkDataDir(config: Config): void {
	try {
		ensureWritableFolder(config.dataDir);
	} catch (error) {
		if (!(error instanceof FolderError)) throw error;
		throw new StartUpError(
			"DATA_DIR",
			`${error.message}; point DATA_DIR at a folder the server may write to`,
		);
	}
}

async function openConfiguredDb(config: Config): Promise<Db> {
	try {
		return await openDb(config.database);
	} catch (error) {
		if (!(error instanceof DatabaseOpenError)) throw error;
		const key =
			config.database.kind === "postgres" ? "DATABASE_URL" : "DATA_DIR";
		throw new StartUpError(key, error.message);
	}
}

/**
 * Checks DATA_DIR, opens the database, applies migrations and, on an empty database, seeds the
 * demo content in a child process (features/demo/seed-demo-process.ts), which on a new database
 * applies the migrations too. A bad DATA_DIR, a
 * database out of reach or a seed that fails is a StartUpError.
 */
export async function prepareData(
	config: Config,
): Promise<{ db: Db; images: ImageStore }> {
	checkDataDir(config);
	const db = await openConfiguredDb(config);
	try {
		// A new shop's tables and demo content are both made in the seeding child, so the memory
		// the migrations take leaves with it; here they then find nothing left to apply.
		const isNew = config.seedDemo && (await isUnmigrated(db));
		if (isNew) await seedDemo(db, config, { migrateFirst: true });
		await migrateToLatest(db, { legacyImagesDir: legacyImagesDir(config) });
		if (config.seedDemo && !isNew) await seedDemo(db, config);
		return { db, images: createDbImageStore(db) };
	} catch (error) {
		await db.destroy();
		throw error;
	}
}

async function seedDemo(
	db: Db,
	config: Config,
	options: { migrateFirst?: boolean } = {},
): Promise<void> {
	try {
		await seedDemoContentInChildProcess(db, config.database, options);
	} catch (error) {
		if (!(error instanceof DemoSeedError)) throw error;
		throw new StartUpError(
			"SEED_DEMO",
			`the demo content could not be seeded (${error.message}); fix the cause, or set SEED_DEMO=false to start without it`,
		);
	}
}

/** Runs a start-up step; a StartUpError is printed as its one line and the process exits 1. */
async function exitOnStartUpError<T>(step: () => Promise<T>): Promise<T> {
	try {
		return await step();
	} catch (error) {
		if (error instanceof StartUpError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
}

/** Builds the server, or prints the one setting that stops it and exits non-zero. */
export function createServerOrExit(
	config: Config,
): Promise<{ app: FastifyInstance; db: Db }> {
	return exitOnStartUpError(() => createServer(config));
}

/** Opens the configured database for a shell command, with the same checks as the server. */
export function openDatabaseOrExit(config: Config): Promise<Db> {
	return exitOnStartUpError(async () => {
		checkDataDir(config);
		return openConfiguredDb(config);
	});
}

const AUTH_SECRET_FILE = "auth-secret";

/**
 * AUTH_SECRET signs session cookies. Production must set it (several instances need the same one);
 * elsewhere a random one is made once and kept in DATA_DIR, so sessions survive a restart.
 */
export function resolveAuthSecret(
	config: Config,
	env: NodeJS.ProcessEnv = process.env,
): Config {
	if (config.auth.secret) return config;
	if (env.NODE_ENV === "production")
		throw new StartUpError(
			"AUTH_SECRET",
			"must be set in production (at least 32 characters, e.g. openssl rand -hex 32)",
		);
	const file = path.join(config.dataDir, AUTH_SECRET_FILE);
	let secret = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
	if (secret.length < 32) {
		secret = randomBytes(32).toString("hex");
		fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
	}
	return { ...config, auth: { ...config.auth, secret } };
}

/**
 * Production starts with test payments or the outbox only when asked to (PAYMENTS=test,
 * MAIL_TRANSPORT=outbox, checked by loadConfig); each start still says so, once.
 */
function warnOfDemoSettings(app: FastifyInstance, config: Config): void {
	if (!config.payments.stripe)
		app.log.warn(
			"Payments are in test mode (PAYMENTS=test): orders are marked paid and no money is taken. Set the STRIPE_* keys to take real payments.",
		);
	if (!config.mail.smtpUrl)
		app.log.warn(
			"Mail goes to the outbox file in DATA_DIR (MAIL_TRANSPORT=outbox): no customer receives it. Set SMTP_URL to send it.",
		);
}

export async function createServer(
	givenConfig: Config,
): Promise<{ app: FastifyInstance; db: Db }> {
	const { db, images } = await prepareData(givenConfig);
	try {
		const config = resolveAuthSecret(givenConfig);
		const payments = config.payments.stripe
			? createStripePaymentGateway(config.payments.stripe)
			: createTestPaymentGateway();
		const app = await buildApp({ config, db, images, payments });
		if (process.env.NODE_ENV === "production") warnOfDemoSettings(app, config);
		return { app, db };
	} catch (error) {
		await db.destroy();
		throw error;
	}
}
