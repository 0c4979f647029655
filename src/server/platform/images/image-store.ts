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
	/**
	 * Deletes the image at this URL path if the shop stored it and nothing shows it any more;
	 * whether it was deleted. A URL elsewhere (a Google profile photo) is left alone.
	 */
	removeIfUnused(url: string): Promise<boolean>;
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
		async removeIfUnused(url) {
			if (!url.startsWith(IMAGE_URL_PREFIX)) return false;
			const name = url.slice(IMAGE_URL_PREFIX.length);
			if (!isValidImageName(name)) return false;
			// Names come from the bytes, so two rows may show one image, and orders keep the photo
			// they were placed with: every place an image URL is kept is checked in the same statement.
			const result = await db
				.deleteFrom("images")
				.where("name", "=", name)
				.where(({ and, not, exists, selectFrom }) =>
					and([
						not(
							exists(selectFrom("users").select("id").where("image", "=", url)),
						),
						not(
							exists(
								selectFrom("tools")
									.select("id")
									.where((tool) =>
										tool.or([
											tool("img", "=", url),
											tool("img_large", "=", url),
										]),
									),
							),
						),
						not(
							exists(selectFrom("orders").select("id").where("img", "=", url)),
						),
						not(
							exists(
								selectFrom("order_deletions")
									.select("id")
									.where("order_snapshot", "like", `%${url}%`),
							),
						),
						not(
							exists(
								selectFrom("reviews").select("id").where("photo_url", "=", url),
							),
						),
						not(
							exists(
								selectFrom("blog_posts")
									.select("id")
									.where("cover_img", "=", url),
							),
						),
					]),
				)
				.executeTakeFirst();
			return Number(result.numDeletedRows) > 0;
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
