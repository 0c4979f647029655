import { createDb } from "../src/server/platform/db/database.ts";
import { migrateToLatest } from "../src/server/platform/db/migrate.ts";
import { loadConfigOrExit, loadDotEnv } from "../src/server/start-up.ts";

loadDotEnv();
const config = loadConfigOrExit();
const db = createDb(config.database);
try {
	const applied = await migrateToLatest(db);
	console.info(
		applied.length > 0
			? `Applied: ${applied.join(", ")}`
			: "The database is up to date.",
	);
} finally {
	await db.destroy();
}
