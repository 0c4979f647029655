import fs from "node:fs";
import path from "node:path";
import type { Kysely, Migration } from "kysely";

// Frozen in time: never import application code here.
//
// Images used to be files in DATA_DIR/images, which only the instance holding them could serve.
// This copies every stored image of this instance into the images table. The folder is left as it
// was (the server no longer reads it), so nothing is lost if the migration is rolled back.
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.webp$/;

export function moveImageFilesIn(imagesDir: string | undefined): Migration {
	return {
		async up(db: Kysely<any>) {
			if (!imagesDir || !fs.existsSync(imagesDir)) return;
			const createdAt = new Date().toISOString();
			for (const name of fs.readdirSync(imagesDir)) {
				if (!IMAGE_NAME.test(name)) continue;
				const file = path.join(imagesDir, name);
				if (!fs.statSync(file).isFile()) continue;
				await db
					.insertInto("images")
					.values({ name, bytes: fs.readFileSync(file), created_at: createdAt })
					.onConflict((conflict) => conflict.column("name").doNothing())
					.execute();
			}
		},
	};
}
