import { migrateToLatest } from "../src/server/platform/db/migrate.ts";
import {
	legacyImagesDir,
	loadConfigOrExit,
	loadDotEnv,
	openDatabaseOrExit,
} from "../src/server/start-up.ts";

loadDotEnv();
const config = loadConfigOrExit();
const db = await openDatabaseOrExit(config);
try {
	const applied = await migrateToLatest(db, {
		legacyImagesDir: legacyImagesDir(config),
	});
	console.info(
		applied.length > 0
			? `Applied: ${applied.join(", ")}`
			: "The database is up to date.",
	);
} finally {
	await db.destroy();
}
