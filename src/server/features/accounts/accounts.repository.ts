import type { ExpressionBuilder } from "kysely";
import { type Expression, PostgresAdapter, type SqlBool, sql } from "kysely";
import type {
	Profile,
	ProfileUpdate,
	Role,
	UserListItem,
} from "../../../shared/accounts.schemas.ts";
import type { Db } from "../../platform/db/database.ts";
import type { Database } from "../../platform/db/schema.ts";

type UsersEb = ExpressionBuilder<Database, "users">;

/** Timestamps of the auth tables come back as Date, ISO text or epoch milliseconds. */
export function toIsoTimestamp(value: Date | string | number): string {
	if (value instanceof Date) return value.toISOString();
	const date = typeof value === "number" ? new Date(value) : new Date(value);
	return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** SQL for "this account is an admin", the same rule as isAdminAccount. */
function isAdminSql(
	eb: UsersEb,
	adminEmails: readonly string[],
): Expression<SqlBool> {
	const byRole = eb("users.role", "=", "admin");
	if (adminEmails.length === 0) return byRole;
	return eb.or([
		byRole,
		eb.and([
			eb("users.email", "in", [...adminEmails]),
			sql<SqlBool>`users.email_verified = ${sql.lit(true)}`,
		]),
	]);
}

export type AccountRow = {
	id: string;
	email: string;
	name: string;
	role: Role;
	email_verified: boolean;
	created_at: string;
};

function toAccountRow(row: {
	id: string;
	email: string;
	name: string;
	role: Role;
	email_verified: boolean | number;
	created_at: Date | string | number;
}): AccountRow {
	return {
		id: row.id,
		email: row.email,
		name: row.name,
		role: row.role,
		email_verified: Boolean(row.email_verified),
		created_at: toIsoTimestamp(row.created_at),
	};
}

const accountColumns = [
	"users.id",
	"users.email",
	"users.name",
	"users.role",
	"users.email_verified",
	"users.created_at",
] as const;

export async function findAccountById(
	db: Db,
	id: string,
): Promise<AccountRow | undefined> {
	const row = await db
		.selectFrom("users")
		.select(accountColumns)
		.where("id", "=", id)
		.executeTakeFirst();
	return row && toAccountRow(row);
}

export async function findAccountByEmail(
	db: Db,
	email: string,
): Promise<AccountRow | undefined> {
	const row = await db
		.selectFrom("users")
		.select(accountColumns)
		.where("email", "=", email.toLowerCase())
		.executeTakeFirst();
	return row && toAccountRow(row);
}

/** Whether the account signs in with a second factor; false for an id no account has. */
export async function findTwoFactorEnabled(
	db: Db,
	id: string,
): Promise<boolean> {
	const row = await db
		.selectFrom("users")
		.select("two_factor_enabled")
		.where("id", "=", id)
		.executeTakeFirst();
	return Boolean(row?.two_factor_enabled);
}

function escapeLike(text: string): string {
	return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** Admins first, then everyone else newest first; optionally only emails containing `search`. */
export async function findAccountsPage(
	db: Db,
	{
		offset,
		limit,
		search,
		adminEmails,
	}: {
		offset: number;
		limit: number;
		search?: string;
		adminEmails: readonly string[];
	},
): Promise<{ items: UserListItem[]; total: number }> {
	let query = db.selectFrom("users");
	if (search)
		query = query.where(
			sql<SqlBool>`lower(users.email) like ${`%${escapeLike(search.toLowerCase())}%`} escape '\\'`,
		);
	const [rows, count] = await Promise.all([
		query
			.select(accountColumns)
			.select((eb) =>
				eb
					.case()
					.when(isAdminSql(eb, adminEmails))
					.then(0)
					.else(1)
					.end()
					.as("rank"),
			)
			.orderBy("rank")
			.orderBy("users.created_at", "desc")
			.orderBy("users.id", "desc")
			.limit(limit)
			.offset(offset)
			.execute(),
		query
			.select((eb) => eb.fn.countAll<number | string>().as("count"))
			.executeTakeFirstOrThrow(),
	]);
	return {
		items: rows.map((row) => {
			const account = toAccountRow(row);
			return {
				id: account.id,
				email: account.email,
				name: account.name,
				role: row.rank === 0 || Number(row.rank) === 0 ? "admin" : "customer",
				created_at: account.created_at,
			};
		}),
		total: Number(count.count),
	};
}

/**
 * How many admins there are. On PostgreSQL the admin rows stay locked until the transaction ends,
 * so two admins removing each other at once cannot both pass the last-admin check; SQLite runs one
 * write transaction at a time anyway.
 */
export async function countAdmins(
	db: Db,
	adminEmails: readonly string[],
): Promise<number> {
	const query = db
		.selectFrom("users")
		.select("users.id")
		.where((eb) => isAdminSql(eb, adminEmails));
	const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
	const rows = await (isPostgres ? query.forUpdate() : query).execute();
	return rows.length;
}

export async function updateRole(
	db: Db,
	id: string,
	role: Role,
): Promise<void> {
	await db.updateTable("users").set({ role }).where("id", "=", id).execute();
}

/** Deletes the account; its sessions, sign-in methods and profile go with it (foreign keys). */
export async function deleteAccount(db: Db, id: string): Promise<boolean> {
	const result = await db
		.deleteFrom("users")
		.where("id", "=", id)
		.executeTakeFirst();
	return Number(result.numDeletedRows) === 1;
}

export async function findProfile(
	db: Db,
	userId: string,
): Promise<Profile | undefined> {
	return db
		.selectFrom("users")
		.leftJoin("profiles", "profiles.user_id", "users.id")
		.select([
			"users.name",
			"users.email",
			"users.image",
			"profiles.address",
			"profiles.city",
			"profiles.state",
			"profiles.zip",
			"profiles.username",
			"profiles.website",
			"profiles.bio",
		])
		.where("users.id", "=", userId)
		.executeTakeFirst();
}

/** Writes only the fields given; the others keep their stored values. */
export async function upsertProfile(
	db: Db,
	userId: string,
	fields: ProfileUpdate,
	now: string,
): Promise<void> {
	await db
		.insertInto("profiles")
		.values({ user_id: userId, ...fields, updated_at: now })
		.onConflict((oc) =>
			oc.column("user_id").doUpdateSet({ ...fields, updated_at: now }),
		)
		.execute();
}

export async function updateUserImage(
	db: Db,
	userId: string,
	image: string,
): Promise<void> {
	await db
		.updateTable("users")
		// ISO text: SQLite cannot bind a Date, and PostgreSQL reads the text as a timestamp.
		.set({ image, updated_at: new Date().toISOString() })
		.where("id", "=", userId)
		.execute();
}
