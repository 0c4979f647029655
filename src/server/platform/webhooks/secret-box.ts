import {
	createCipheriv,
	createDecipheriv,
	createHmac,
	randomBytes,
} from "node:crypto";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format of a sealed value, so a later one can be told apart. */
const VERSION = "v1";

/**
 * Seals secrets the shop must read back (a webhook endpoint's signing secret: it signs with it),
 * so a copy of the database alone does not give them away. The key is derived from AUTH_SECRET
 * and a purpose, so no two uses share a key; changing AUTH_SECRET makes sealed values unreadable
 * (the endpoints' secrets are then made again).
 */
export function createSecretBox(authSecret: string, purpose: string) {
	const key = createHmac("sha256", authSecret).update(purpose).digest();
	return {
		seal(plain: string): string {
			const iv = randomBytes(IV_BYTES);
			const cipher = createCipheriv(ALGORITHM, key, iv);
			const sealed = Buffer.concat([
				cipher.update(plain, "utf8"),
				cipher.final(),
			]);
			return [
				VERSION,
				iv.toString("base64url"),
				cipher.getAuthTag().toString("base64url"),
				sealed.toString("base64url"),
			].join(".");
		},
		/** The plain text, or an error when the value was not sealed with this key and purpose. */
		open(sealed: string): string {
			const [version, iv, tag, body] = sealed.split(".");
			if (version !== VERSION || !iv || !tag || body === undefined)
				throw new Error("not a sealed value");
			const authTag = Buffer.from(tag, "base64url");
			if (authTag.length !== TAG_BYTES) throw new Error("not a sealed value");
			const decipher = createDecipheriv(
				ALGORITHM,
				key,
				Buffer.from(iv, "base64url"),
			);
			decipher.setAuthTag(authTag);
			return Buffer.concat([
				decipher.update(Buffer.from(body, "base64url")),
				decipher.final(),
			]).toString("utf8");
		},
	};
}

export type SecretBox = ReturnType<typeof createSecretBox>;
