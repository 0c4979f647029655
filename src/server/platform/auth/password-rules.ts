import fs from "node:fs";
import path from "node:path";
import { PasswordSchema } from "../../../shared/accounts.schemas.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { lazyPackage } from "../lazy-package.ts";

// Read from the source tree, which the bundled server (dist/server) runs beside as well.
const COMMON_PASSWORDS_FILE = path.join(
	PROJECT_ROOT,
	"src/server/platform/auth/common-passwords.txt",
);

export const COMMON_PASSWORD_MESSAGE =
	"This password is one of the most common ones and easy to guess; choose another";

let commonPasswords: Set<string> | undefined;

/**
 * The 10,000 most used passwords of a public breach corpus (docs/decisions/007-accounts.md),
 * compared case-insensitively, so "Password1" is as refused as "password1".
 */
function loadCommonPasswords(): Set<string> {
	if (!commonPasswords) {
		const text = fs.readFileSync(COMMON_PASSWORDS_FILE, "utf8");
		commonPasswords = new Set(
			text
				.split("\n")
				.map((line) => line.trim().toLowerCase())
				.filter((line) => line.length > 0),
		);
	}
	return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
	return loadCommonPasswords().has(password.toLowerCase());
}

/** The first reason a new password is refused, or undefined when it is acceptable. */
export function findPasswordProblem(password: unknown): string | undefined {
	const parsed = PasswordSchema.safeParse(password);
	if (!parsed.success) return parsed.error.issues[0]?.message;
	if (isCommonPassword(parsed.data)) return COMMON_PASSWORD_MESSAGE;
	return undefined;
}

// argon2id (algorithm 2) with OWASP's minimum: 19 MiB, 2 passes, one lane.
const ARGON2_OPTIONS = {
	algorithm: 2,
	memoryCost: 19_456,
	timeCost: 2,
	parallelism: 1,
} as const;

/** argon2, loaded with the first password hashed or checked: a restart serves pages without it. */
const loadArgon2 =
	lazyPackage<typeof import("@node-rs/argon2")>("@node-rs/argon2");

export function hashPassword(password: string): Promise<string> {
	return loadArgon2().hash(password, ARGON2_OPTIONS);
}

export function verifyPassword({
	hash: stored,
	password,
}: {
	hash: string;
	password: string;
}): Promise<boolean> {
	return loadArgon2()
		.verify(stored, password)
		.catch(() => false);
}
