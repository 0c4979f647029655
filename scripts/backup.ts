import {
	BackupRefusal,
	backUpDatabase,
} from "../src/server/platform/db/backup.ts";
import { loadConfigOrExit, loadDotEnv } from "../src/server/start-up.ts";

const USAGE =
	"Usage: npm run backup                  (into ./backups)\n" +
	"       npm run backup -- --to <folder>\n" +
	"Backs the shop's database up while it runs: SQLite through its online backup API, PostgreSQL through pg_dump.";

const args = process.argv.slice(2);
const toIndex = args.indexOf("--to");
const folder = toIndex >= 0 ? args[toIndex + 1] : "backups";
if (
	!folder ||
	folder.startsWith("--") ||
	args.length !== (toIndex >= 0 ? 2 : 0)
) {
	console.error(USAGE);
	process.exit(1);
}

loadDotEnv();
const config = loadConfigOrExit();
try {
	const made = await backUpDatabase(config.database, folder);
	const megabytes = (made.bytes / 1_048_576).toFixed(1);
	console.info(
		`Backed up to ${made.file} (${made.database === "sqlite" ? "SQLite" : "PostgreSQL"}, ${megabytes} MB, schema ${made.schema}).`,
	);
} catch (error) {
	if (!(error instanceof BackupRefusal)) throw error;
	console.error(`${error.message}.`);
	process.exitCode = 1;
}
