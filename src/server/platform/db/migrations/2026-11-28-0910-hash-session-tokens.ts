import { createHash } from "node:crypto";
import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// Session tokens are stored as their SHA-256 (base64url) from now on, so a copy of the database
// signs nobody in. Sessions open before keep working: their cookies carry the token, whose hash is
// what the table holds after this.
const BATCH = 500;

function hashToken(token: string): string {
	return createHash("sha256").update(token).digest("base64url");
}

export async function up(db: Kysely<any>): Promise<void> {
	let after = "";
	for (;;) {
		const rows: { id: string; token: string }[] = await db
			.selectFrom("sessions")
			.select(["id", "token"])
			.where("id", ">", after)
			.orderBy("id")
			.limit(BATCH)
			.execute();
		for (const row of rows)
			await db
				.updateTable("sessions")
				.set({ token: hashToken(row.token) })
				.where("id", "=", row.id)
				.execute();
		const last = rows.at(-1);
		if (!last || rows.length < BATCH) return;
		after = last.id;
	}
}

// A hash cannot be turned back into its token: going down ends every session instead.
export async function down(db: Kysely<any>): Promise<void> {
	await db.deleteFrom("sessions").execute();
}
