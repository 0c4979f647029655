import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh database on the PostgreSQL server of `adminUrl` (whose role may create databases),
 * named `<prefix>_<random>`, empty or a copy of the database `template`: its name, its URL, and
 * how to drop it with whatever is still connected to it.
 */
export async function createPostgresDatabase(
	adminUrl: string,
	prefix: string,
	template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
	const name = `${prefix}_${randomBytes(6).toString("hex")}`;
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	try {
		await admin.query(
			template
				? `create database ${name} template ${pg.escapeIdentifier(template)}`
				: `create database ${name}`,
		);
	} finally {
		await admin.end();
	}
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return {
		name,
		url: url.toString(),
		drop: async () => {
			const client = new pg.Client({ connectionString: adminUrl });
			await client.connect();
			await client.query(`drop database if exists ${name} with (force)`);
			await client.end();
		},
	};
}
