import {
	BackupRefusal,
	restoreDatabase,
} from "../src/server/platform/db/backup.ts";
import { loadConfigOrExit, loadDotEnv } from "../src/server/start-up.ts";

const USAGE =
	"Usage: npm run restore -- <backup file>\n" +
	"Restores a backup made by `npm run backup` into an empty DATA_DIR (SQLite) or an empty database at DATABASE_URL (PostgreSQL); the shop's next start applies any newer migrations.";

const [file, ...extra] = process.argv.slice(2);
if (!file || file.startsWith("--") || extra.length > 0) {
	console.error(USAGE);
	process.exit(1);
}

loadDotEnv();
const config = loadConfigOrExit();
try {
	const restored = await restoreDatabase(config.database, file);
	console.info(
		`Restored ${file} (${restored.database === "sqlite" ? "SQLite" : "PostgreSQL"}, schema ${restored.schema}). Start the shop: it applies the migrations this version adds, if any.`,
	);
} catch (error) {
	if (!(error instanceof BackupRefusal)) throw error;
	console.error(`${error.message}.`);
	process.exitCode = 1;
}
