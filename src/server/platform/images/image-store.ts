import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/** Public URL prefix under which stored images are served. */
export const IMAGE_URL_PREFIX = "/images/";

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.webp$/;

export function isValidImageName(name: string): boolean {
	return IMAGE_NAME.test(name);
}

/**
 * Where product images live. Names are content-addressed, so a stored image never changes and can
 * be cached for a year. One small interface so a shared store can replace the local folder when
 * several instances serve the shop.
 */
export type ImageStore = {
	/** Stores WebP bytes and returns the public URL path. */
	putWebp(prefix: string, bytes: Buffer): Promise<string>;
	/** Opens a stored image, or null when there is none by that name. */
	open(name: string): Promise<{ stream: Readable; size: number } | null>;
};

export function createLocalImageStore(dir: string): ImageStore {
	fs.mkdirSync(dir, { recursive: true });
	return {
		async putWebp(prefix, bytes) {
			const name = `${prefix}-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.webp`;
			if (!isValidImageName(name))
				throw new Error(`Not a valid image name prefix: ${prefix}`);
			const target = path.join(dir, name);
			if (!fs.existsSync(target)) {
				const temporary = `${target}.${randomUUID()}.tmp`;
				await fs.promises.writeFile(temporary, bytes);
				await fs.promises.rename(temporary, target);
			}
			return `${IMAGE_URL_PREFIX}${name}`;
		},
		async open(name) {
			if (!isValidImageName(name)) return null;
			const file = path.join(dir, name);
			try {
				const stat = await fs.promises.stat(file);
				return { stream: fs.createReadStream(file), size: stat.size };
			} catch {
				return null;
			}
		},
	};
}
