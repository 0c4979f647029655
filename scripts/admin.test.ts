import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { expect, onTestFinished, test } from "vitest";
import { buildApp } from "../src/server/app.ts";
import type { DatabaseConfig } from "../src/server/config.ts";
import { createDb, type Db } from "../src/server/platform/db/database.ts";
import { migrateToLatest } from "../src/server/platform/db/migrate.ts";
import { createDbImageStore } from "../src/server/platform/images/image-store.ts";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";
import {
	bearerHeaders,
	makeAdminInDb,
	meStatus,
	signIn,
	signUp,
	uniqueEmail,
	verifyEmailInDb,
} from "../src/server/test-support/accounts.ts";
import { readSecurityLog } from "../src/server/test-support/audit.ts";
import {
	createTestDatabase,
	testConfig,
} from "../src/server/test-support/test-app.ts";

const run = promisify(execFile);
// Each run starts Node and compiles the command: several seconds a test on a busy machine.
const SLOW = { timeout: 60_000 };
const SCRIPT = path.join(PROJECT_ROOT, "scripts", "admin.ts");

/**
 * A shop's data folder with the accounts given, made through the real sign-up, and the database
 * where `npm run admin` finds it: DATA_DIR's SQLite file, or a fresh PostgreSQL database when the
 * tests run on one.
 */
async function createShop(names: string[]) {
	const dataDir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-admin-"),
	);
	const { database: testDatabase, drop } = await createTestDatabase(dataDir);
	const database: DatabaseConfig =
		testDatabase.kind === "postgres"
			? testDatabase
			: { kind: "sqlite", file: path.join(dataDir, "tools-gallery.sqlite") };
	const db = createDb(database);
	onTestFinished(async () => {
		await db.destroy();
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	await migrateToLatest(db, { legacyImagesDir: undefined });
	const config = testConfig(dataDir, database);
	const app = await buildApp({ config, db, images: createDbImageStore(db) });
	const accounts = [];
	// Confirmed, as the owner's own accounts are; the unconfirmed case has its own test.
	for (const name of names) {
		const account = await signUp(app, { name, email: uniqueEmail(name) });
		await verifyEmailInDb(db, account.userId);
		accounts.push(account);
	}
	await app.close();
	const env = {
		...process.env,
		DATA_DIR: dataDir,
		DATABASE_URL: database.kind === "postgres" ? database.url : "",
		ADMIN_EMAILS: "",
		LOG_LEVEL: "silent",
	};
	return { db, dataDir, env, accounts, config };
}

/** The shop's server again, on the same database and secret: the sessions made above still work. */
async function openShop(shop: Awaited<ReturnType<typeof createShop>>) {
	const app = await buildApp({
		config: shop.config,
		db: shop.db,
		images: createDbImageStore(shop.db),
	});
	onTestFinished(() => app.close());
	return app;
}

/** Runs the real command, from a folder without a .env, and reports what a shell would see. */
async function runAdmin(env: NodeJS.ProcessEnv, args: string[]) {
	try {
		const { stdout, stderr } = await run(
			process.execPath,
			["--import", import.meta.resolve("tsx"), SCRIPT, ...args],
			{ cwd: env.DATA_DIR, env },
		);
		return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
	} catch (error) {
		const failed = error as { code: number; stdout: string; stderr: string };
		return {
			code: failed.code,
			stdout: failed.stdout.trim(),
			stderr: failed.stderr.trim(),
		};
	}
}

async function roleOf(db: Db, userId: string) {
	const row = await db
		.selectFrom("users")
		.select("role")
		.where("id", "=", userId)
		.executeTakeFirstOrThrow();
	return row.role;
}

test(
	"grant makes a signed-up account an admin, whatever the letter case of the email",
	SLOW,
	async () => {
		const shop = await createShop(["ann"]);
		const [ann] = shop.accounts;
		if (!ann) throw new Error("no account");

		const granted = await runAdmin(shop.env, [
			"grant",
			ann.email.toUpperCase(),
		]);
		expect(granted).toEqual({
			code: 0,
			stdout: `${ann.email} is now an admin.`,
			stderr: "",
		});
		expect(await roleOf(shop.db, ann.userId)).toBe("admin");

		const again = await runAdmin(shop.env, ["grant", ann.email]);
		expect(again.code).toBe(0);
		expect(again.stdout).toBe(
			`${ann.email} is already an admin; nothing changed.`,
		);
	},
);

test(
	"grant refuses an account whose email is not confirmed, unless told --unconfirmed",
	SLOW,
	async () => {
		const shop = await createShop(["ann"]);
		const [ann] = shop.accounts;
		if (!ann) throw new Error("no account");
		await shop.db
			.updateTable("users")
			.set({ email_verified: sql<boolean>`${sql.lit(false)}` })
			.where("id", "=", ann.userId)
			.execute();

		const refused = await runAdmin(shop.env, ["grant", ann.email]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toBe(
			`${ann.email} is not confirmed, so whoever signed up with it may not own it; have the owner follow the mailed link (or Forgot password) first, or add --unconfirmed if you know the account is theirs.`,
		);
		expect(await roleOf(shop.db, ann.userId)).toBe("customer");

		const granted = await runAdmin(shop.env, [
			"grant",
			ann.email,
			"--unconfirmed",
		]);
		expect(granted).toMatchObject({
			code: 0,
			stdout: `${ann.email} is now an admin.`,
		});
		expect(await roleOf(shop.db, ann.userId)).toBe("admin");
	},
);

test(
	"grant of an email no account uses fails with a clear message",
	SLOW,
	async () => {
		const shop = await createShop([]);
		const result = await runAdmin(shop.env, ["grant", "nobody@example.com"]);
		expect(result).toEqual({
			code: 1,
			stdout: "",
			stderr: "No account uses nobody@example.com; sign up first.",
		});
	},
);

test(
	"revoke takes the role away, but never from the last admin",
	SLOW,
	async () => {
		const shop = await createShop(["ann", "bob"]);
		const [ann, bob] = shop.accounts;
		if (!ann || !bob) throw new Error("no accounts");
		await makeAdminInDb(shop.db, ann.userId);
		await makeAdminInDb(shop.db, bob.userId);

		const revoked = await runAdmin(shop.env, ["revoke", bob.email]);
		expect(revoked).toEqual({
			code: 0,
			stdout: `${bob.email} is no longer an admin and is signed out everywhere.`,
			stderr: "",
		});
		expect(await roleOf(shop.db, bob.userId)).toBe("customer");

		const last = await runAdmin(shop.env, ["revoke", ann.email]);
		expect(last).toEqual({
			code: 1,
			stdout: "",
			stderr: "The last admin cannot be demoted; make another admin first.",
		});
		expect(await roleOf(shop.db, ann.userId)).toBe("admin");

		const notAdmin = await runAdmin(shop.env, ["revoke", bob.email]);
		expect(notAdmin.code).toBe(0);
		expect(notAdmin.stdout).toBe(
			`${bob.email} is not an admin; nothing changed.`,
		);
	},
);

test(
	"revoke signs the ex-admin out of every session at once; grant and revoke are in the security log as done from the shell",
	SLOW,
	async () => {
		const shop = await createShop(["ann", "bob"]);
		const [ann, bob] = shop.accounts;
		if (!ann || !bob) throw new Error("no accounts");
		await makeAdminInDb(shop.db, ann.userId);
		await makeAdminInDb(shop.db, bob.userId);
		const app = await openShop(shop);
		const bobElsewhere = await signIn(app, bob);
		expect(await meStatus(app, { cookie: bob.cookie })).toBe(200);

		const revoked = await runAdmin(shop.env, ["revoke", bob.email]);
		expect(revoked.code).toBe(0);
		expect(await meStatus(app, { cookie: bob.cookie })).toBe(401);
		expect(await meStatus(app, { cookie: bobElsewhere.cookie })).toBe(401);
		expect(await meStatus(app, bearerHeaders(bobElsewhere.token))).toBe(401);
		const bobSessions = await shop.db
			.selectFrom("sessions")
			.select("id")
			.where("user_id", "=", bob.userId)
			.execute();
		expect(bobSessions).toEqual([]);
		expect(await meStatus(app, { cookie: ann.cookie })).toBe(200);

		const granted = await runAdmin(shop.env, ["grant", bob.email]);
		expect(granted.code).toBe(0);
		const log = await readSecurityLog(app, ann.cookie);
		const fromTheShell = {
			actor_user_id: null,
			actor_email: null,
			subject_user_id: bob.userId,
			subject_email: bob.email,
			address: null,
			details: { via: "shell" },
		};
		expect(log.items).toEqual([
			expect.objectContaining({ kind: "admin.granted", ...fromTheShell }),
			expect.objectContaining({ kind: "admin.revoked", ...fromTheShell }),
		]);
	},
);

test(
	"revoke warns when ADMIN_EMAILS still makes the account an admin",
	SLOW,
	async () => {
		const shop = await createShop(["ann", "bob"]);
		const [ann, bob] = shop.accounts;
		if (!ann || !bob) throw new Error("no accounts");
		await makeAdminInDb(shop.db, ann.userId);
		await makeAdminInDb(shop.db, bob.userId);
		await verifyEmailInDb(shop.db, bob.userId);

		const result = await runAdmin({ ...shop.env, ADMIN_EMAILS: bob.email }, [
			"revoke",
			bob.email,
		]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe(
			`${bob.email} no longer has the admin role and is signed out everywhere, but ADMIN_EMAILS still lists it, which makes the account an admin once its email is verified: remove it there too.`,
		);
		expect(await roleOf(shop.db, bob.userId)).toBe("customer");
	},
);

test(
	"a wrong command or a missing email prints the usage and changes nothing",
	SLOW,
	async () => {
		const shop = await createShop(["ann"]);
		const [ann] = shop.accounts;
		if (!ann) throw new Error("no account");
		for (const args of [
			[],
			["grant"],
			["promote", ann.email],
			["grant", ann.email, "extra"],
		]) {
			const result = await runAdmin(shop.env, args);
			expect(result.code, args.join(" ")).toBe(1);
			expect(result.stderr).toMatch(/^Usage: npm run admin -- grant <email>/);
		}
		expect(await roleOf(shop.db, ann.userId)).toBe("customer");
	},
);

test("a bad setting is named and nothing runs", SLOW, async () => {
	const shop = await createShop(["ann"]);
	const [ann] = shop.accounts;
	if (!ann) throw new Error("no account");
	const result = await runAdmin({ ...shop.env, ADMIN_EMAILS: "not-an-email" }, [
		"grant",
		ann.email,
	]);
	expect(result.code).toBe(1);
	expect(result.stderr).toContain("ADMIN_EMAILS");
	expect(await roleOf(shop.db, ann.userId)).toBe("customer");
});
