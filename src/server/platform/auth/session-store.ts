import { createHmac, timingSafeEqual } from "node:crypto";
import { compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { readAtOnce } from "../db/read-at-once.ts";
import { hashSessionToken } from "./session-token-hashing.ts";

export type StoredSession = {
	expiresAt: number;
	createdAt: number;
	user: {
		id: string;
		name: string;
		email: string;
		emailVerified: boolean;
		image: string | null;
		role: string;
		twoFactorEnabled: boolean;
	};
};

function toMillis(value: Date | string | number): number {
	return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Ends every session of an account at once: each of its devices must sign in again. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
	await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** The session behind a token's hash and its user: one indexed lookup, compiled once. */
const sessionByTokenHash = compiledOnce((db, tokenHash: string) =>
	db
		.selectFrom("sessions")
		.innerJoin("users", "users.id", "sessions.user_id")
		.select([
			"sessions.expires_at",
			"sessions.created_at",
			"users.id",
			"users.name",
			"users.email",
			"users.email_verified",
			"users.image",
			"users.role",
			"users.two_factor_enabled",
		])
		.where("sessions.token", "=", tokenHash)
		.modifyEnd(readAtOnce),
);

/** The session behind a token and its user, in one indexed query; undefined when none. */
export async function findSessionByToken(
	db: Db,
	token: string,
): Promise<StoredSession | undefined> {
	const [row] = (await sessionByTokenHash(db, hashSessionToken(token))).rows;
	if (!row) return undefined;
	return {
		expiresAt: toMillis(row.expires_at),
		createdAt: toMillis(row.created_at),
		user: {
			id: row.id,
			name: row.name,
			email: row.email,
			emailVerified: Boolean(row.email_verified),
			image: row.image,
			role: row.role,
			twoFactorEnabled: Boolean(row.two_factor_enabled),
		},
	};
}

/**
 * The session token a signed cookie value carries (`token.signature`, HMAC-SHA256 with
 * AUTH_SECRET, as the auth library signs it), or undefined when the signature does not hold.
 */
export function readSignedToken(
	value: string,
	secret: string,
): string | undefined {
	let decoded: string;
	try {
		decoded = decodeURIComponent(value);
	} catch {
		return undefined;
	}
	const at = decoded.lastIndexOf(".");
	if (at < 1) return undefined;
	const token = decoded.slice(0, at);
	const signature = Buffer.from(decoded.slice(at + 1), "base64");
	const expected = createHmac("sha256", secret).update(token).digest();
	if (
		signature.length !== expected.length ||
		!timingSafeEqual(signature, expected)
	)
		return undefined;
	return token;
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string, name: string): string | undefined {
	for (const part of header.split(";")) {
		const at = part.indexOf("=");
		if (at > 0 && part.slice(0, at).trim() === name)
			return part.slice(at + 1).trim();
	}
	return undefined;
}
