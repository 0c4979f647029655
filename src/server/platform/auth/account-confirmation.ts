import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { deleteSessionsOf } from "./session-store.ts";

/**
 * Confirming an address proves who holds the mailbox, not who made the account: anyone may sign up
 * with someone else's address first. So whatever was set up before the confirmation is not trusted
 * after it (docs/security.md, "First admin and confirmation").
 */

/**
 * Ends every session of the account, and drops every sign-in identity other than the password (an
 * OpenID issuer that vouched for nothing may have made the account): each device signs in again.
 */
export async function endSessionsOf(db: Db, userId: string): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await dropUnprovenIdentities(trx, userId);
		await deleteSessionsOf(trx, userId);
	});
}

/** Sign-in identities made before the address was proved: an issuer's link, never the password. */
async function dropUnprovenIdentities(db: Db, userId: string): Promise<void> {
	await db
		.deleteFrom("accounts")
		.where("user_id", "=", userId)
		.where("provider_id", "<>", "credential")
		.execute();
}

/**
 * A password chosen through a mailed link on an account whose address was not confirmed yet: the
 * address is now proved, and two-factor sign-in set up before (by whoever signed up) is removed, so
 * the mailbox owner cannot be locked out of their own account by someone else's authenticator.
 * The sessions go too (the auth library ends them right after a reset).
 */
export async function confirmByChosenPassword(
	db: Db,
	userId: string,
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		await sql`delete from two_factors where user_id = ${userId}`.execute(trx);
		await dropUnprovenIdentities(trx, userId);
		await trx
			.updateTable("users")
			.set({
				// Literals: SQLite stores the flags as 1/0, PostgreSQL as booleans.
				email_verified: sql<boolean>`${sql.lit(true)}`,
				two_factor_enabled: sql<boolean>`${sql.lit(false)}`,
			})
			.where("id", "=", userId)
			.execute();
		await deleteSessionsOf(trx, userId);
	});
}

/**
 * What a password sign-in relies on, as one string: the stored password hash and whether the
 * address is confirmed. A sign-in that checked the password while the owner was choosing a new one
 * sees it change, and is undone (the auth bridge).
 */
export async function credentialStampOf(
	db: Db,
	email: string,
): Promise<string | undefined> {
	const result = await sql<{
		password: string | null;
		email_verified: unknown;
	}>`
		select accounts.password, users.email_verified
		from users join accounts on accounts.user_id = users.id
		where users.email = ${email} and accounts.provider_id = 'credential'`.execute(
		db,
	);
	const row = result.rows[0];
	return row ? `${row.password}|${Boolean(row.email_verified)}` : undefined;
}
