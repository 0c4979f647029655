import { createHash } from "node:crypto";
import type { Db } from "../db/database.ts";

/** Public URL prefix under which stored images are served. */
export const IMAGE_URL_PREFIX = "/images/";

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.webp$/;

export function isValidImageName(name: string): boolean {
	return IMAGE_NAME.test(name);
}

/**
 * Where images live. Names are content-addressed, so a stored image never changes and can be
 * cached for a year. One small interface, so the store can move without its callers noticing.
 */
export type ImageStore = {
	/** Stores WebP bytes under a name made from `prefix` and their hash; returns the public URL path. */
	putWebp(prefix: string, bytes: Buffer): Promise<string>;
	/** The bytes of a stored image, or null when there is none by that name. */
	open(name: string): Promise<Buffer | null>;
};

/**
 * Images in the database (the `images` table), so every server instance on one database serves
 * every image, with no shared folder to mount (docs/decisions/008-catalog-management.md).
 */
export function createDbImageStore(db: Db): ImageStore {
	return {
		async putWebp(prefix, bytes) {
			const name = `${prefix}-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.webp`;
			if (!isValidImageName(name))
				throw new Error(`Not a valid image name prefix: ${prefix}`);
			// The same bytes always get the same name: a second upload of them stores nothing new.
			await db
				.insertInto("images")
				.values({ name, bytes, created_at: new Date().toISOString() })
				.onConflict((conflict) => conflict.column("name").doNothing())
				.execute();
			return `${IMAGE_URL_PREFIX}${name}`;
		},
		async open(name) {
			if (!isValidImageName(name)) return null;
			const row = await db
				.selectFrom("images")
				.select("bytes")
				.where("name", "=", name)
				.executeTakeFirst();
			return row ? Buffer.from(row.bytes) : null;
		},
	};
}
