import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { seedDemoContent } from "./features/demo/seed-demo.ts";
import { createDb, type Db } from "./platform/db/database.ts";
import { migrateToLatest } from "./platform/db/migrate.ts";
import {
	createLocalImageStore,
	type ImageStore,
} from "./platform/images/image-store.ts";

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

export function imagesDir(config: Config): string {
	return path.join(config.dataDir, "images");
}

/** Opens the database, applies migrations and, on an empty database, seeds the demo content. */
export async function prepareData(
	config: Config,
): Promise<{ db: Db; images: ImageStore }> {
	const db = createDb(config.database);
	try {
		await migrateToLatest(db);
		const images = createLocalImageStore(imagesDir(config));
		if (config.seedDemo) await seedDemoContent(db, images);
		return { db, images };
	} catch (error) {
		await db.destroy();
		throw error;
	}
}

export async function createServer(
	config: Config,
): Promise<{ app: FastifyInstance; db: Db }> {
	const { db, images } = await prepareData(config);
	try {
		return { app: await buildApp({ config, db, images }), db };
	} catch (error) {
		await db.destroy();
		throw error;
	}
}
