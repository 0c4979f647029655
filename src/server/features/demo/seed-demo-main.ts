// The demo seeder as a process of its own: start-up runs it in a child process on a shop's first
// start, so that the drawing of the catalog (libvips, rasters of 1600 × 1200) leaves nothing
// behind in the server. It reads the database settings as JSON on standard input, applies the
// migrations first on a new database, seeds, and exits 0; on failure it prints one line saying why
// and exits 1.
import { openDb } from "../../platform/db/database.ts";
import { migrateToLatest } from "../../platform/db/migrate.ts";
import { createDbImageStore } from "../../platform/images/image-store.ts";
import { seedDemoContent } from "./seed-demo.ts";
import type { DemoSeedRequest } from "./seed-demo-process.ts";

async function readStandardInput(): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

try {
	const { database, migrateFirst } = JSON.parse(
		await readStandardInput(),
	) as DemoSeedRequest;
	const db = await openDb(database);
	try {
		// A new database has no legacy image folder to move in.
		if (migrateFirst) await migrateToLatest(db, { legacyImagesDir: undefined });
		await seedDemoContent(db, createDbImageStore(db));
	} finally {
		await db.destroy();
	}
	process.exit(0);
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error));
	process.exit(1);
}
