import { type ColumnDataType, type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen in time: never import application code here.
//
// better-auth's models (users, sessions, accounts, verifications, two_factors) in our naming, as
// its schema generator asks for them (timestamps as that adapter stores them on each database),
// plus the role column and the profile table of our own.
export async function up(db: Kysely<any>): Promise<void> {
	const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
	const timestamp: ColumnDataType = postgres ? "timestamptz" : "date";
	const flag: ColumnDataType = postgres ? "boolean" : "integer";

	await db.schema
		.createTable("users")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("name", "text", (col) => col.notNull())
		.addColumn("email", "text", (col) => col.notNull().unique())
		.addColumn("email_verified", flag, (col) => col.notNull())
		.addColumn("image", "text")
		.addColumn("created_at", timestamp, (col) => col.notNull())
		.addColumn("updated_at", timestamp, (col) => col.notNull())
		.addColumn("two_factor_enabled", flag)
		.addColumn("role", "text", (col) =>
			col
				.notNull()
				.defaultTo("customer")
				.check(sql`role in ('admin', 'customer')`),
		)
		.execute();
	await db.schema
		.createIndex("users_role_created_idx")
		.on("users")
		.columns(["role", "created_at", "id"])
		.execute();

	await db.schema
		.createTable("sessions")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("expires_at", timestamp, (col) => col.notNull())
		.addColumn("token", "text", (col) => col.notNull().unique())
		.addColumn("created_at", timestamp, (col) => col.notNull())
		.addColumn("updated_at", timestamp, (col) => col.notNull())
		.addColumn("ip_address", "text")
		.addColumn("user_agent", "text")
		.addColumn("user_id", "text", (col) =>
			col.notNull().references("users.id").onDelete("cascade"),
		)
		.execute();
	await db.schema
		.createIndex("sessions_user_id_idx")
		.on("sessions")
		.column("user_id")
		.execute();

	await db.schema
		.createTable("accounts")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("account_id", "text", (col) => col.notNull())
		.addColumn("provider_id", "text", (col) => col.notNull())
		.addColumn("user_id", "text", (col) =>
			col.notNull().references("users.id").onDelete("cascade"),
		)
		.addColumn("access_token", "text")
		.addColumn("refresh_token", "text")
		.addColumn("id_token", "text")
		.addColumn("access_token_expires_at", timestamp)
		.addColumn("refresh_token_expires_at", timestamp)
		.addColumn("scope", "text")
		.addColumn("password", "text")
		.addColumn("created_at", timestamp, (col) => col.notNull())
		.addColumn("updated_at", timestamp, (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("accounts_user_id_idx")
		.on("accounts")
		.column("user_id")
		.execute();
	await db.schema
		.createIndex("accounts_provider_account_idx")
		.on("accounts")
		.columns(["provider_id", "account_id"])
		.execute();

	await db.schema
		.createTable("verifications")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("identifier", "text", (col) => col.notNull())
		.addColumn("value", "text", (col) => col.notNull())
		.addColumn("expires_at", timestamp, (col) => col.notNull())
		.addColumn("created_at", timestamp, (col) => col.notNull())
		.addColumn("updated_at", timestamp, (col) => col.notNull())
		.execute();
	await db.schema
		.createIndex("verifications_identifier_idx")
		.on("verifications")
		.column("identifier")
		.execute();

	await db.schema
		.createTable("two_factors")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("secret", "text", (col) => col.notNull())
		.addColumn("backup_codes", "text", (col) => col.notNull())
		.addColumn("user_id", "text", (col) =>
			col.notNull().references("users.id").onDelete("cascade"),
		)
		.addColumn("verified", flag)
		.addColumn("failed_verification_count", "integer")
		.addColumn("locked_until", timestamp)
		.execute();
	await db.schema
		.createIndex("two_factors_secret_idx")
		.on("two_factors")
		.column("secret")
		.execute();
	await db.schema
		.createIndex("two_factors_user_id_idx")
		.on("two_factors")
		.column("user_id")
		.execute();

	await db.schema
		.createTable("profiles")
		.addColumn("user_id", "text", (col) =>
			col.primaryKey().references("users.id").onDelete("cascade"),
		)
		.addColumn("address", "text")
		.addColumn("city", "text")
		.addColumn("state", "text")
		.addColumn("zip", "text")
		.addColumn("username", "text")
		.addColumn("website", "text")
		.addColumn("bio", "text")
		.addColumn("updated_at", "varchar(30)", (col) => col.notNull())
		.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
	for (const table of [
		"profiles",
		"two_factors",
		"verifications",
		"accounts",
		"sessions",
		"users",
	]) {
		await db.schema.dropTable(table).execute();
	}
}
