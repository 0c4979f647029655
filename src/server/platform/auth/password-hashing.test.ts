import { sql } from "kysely";
import { expect, test } from "vitest";
import { signUp } from "../../test-support/accounts.ts";
import { createTestApp } from "../../test-support/test-app.ts";

test("a password is stored as an argon2id hash with 19 MiB and 2 passes, never as itself", async () => {
	const { app, db } = await createTestApp();
	const customer = await signUp(app);
	const row = await sql<{ password: string }>`
		select password from accounts where user_id = ${customer.userId} and provider_id = 'credential'
	`.execute(db);
	const stored = row.rows[0]?.password ?? "";
	expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
	expect(stored).not.toContain(customer.password);
});
