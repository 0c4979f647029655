import { sql } from "kysely";
import type { Db } from "../db/database.ts";

/**
 * Confirming an address proves who holds the mailbox, not who made the account: anyone may sign up
 * with someone else's address first. So whatever was set up before the confirmation is not trusted
 * after it (docs/security.md, "First admin and confirmation").
 */

/** Ends every session of the account: each device signs in again, with a password the owner knows. */
export async function endSessionsOf(db: Db, userId: string): Promise<void> {
	await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
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
		await trx
			.updateTable("users")
			.set({
				// Literals: SQLite stores the flags as 1/0, PostgreSQL as booleans.
				email_verified: sql<boolean>`${sql.lit(true)}`,
				two_factor_enabled: sql<boolean>`${sql.lit(false)}`,
			})
			.where("id", "=", userId)
			.execute();
		await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
	});
}
