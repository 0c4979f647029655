import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { buildApp } from "../../app.ts";
import { signUpAdmin } from "../../test-support/accounts.ts";
import {
	createSecondInstance,
	createTestApp,
	createTestDatabase,
	testConfig,
} from "../../test-support/test-app.ts";
import {
	makePng,
	sendToolForm,
	VALID_TOOL_FIELDS,
} from "../../test-support/tools.ts";
import { createDb } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createDbImageStore } from "./image-store.ts";

test("an image is served as WebP for a year, with an ETag answered by 304, nosniff and a sandboxing CSP", async () => {
	const t = await createTestApp();
	const url = await t.images.putWebp("tool", Buffer.from("RIFF....WEBPVP8 "));
	const response = await t.app.inject({ url });
	expect(response.statusCode).toBe(200);
	expect(response.headers["content-type"]).toBe("image/webp");
	expect(response.headers["cache-control"]).toBe(
		"public, max-age=31536000, immutable",
	);
	expect(response.headers["x-content-type-options"]).toBe("nosniff");
	const csp = String(response.headers["content-security-policy"]);
	expect(csp).toContain("default-src 'none'");
	expect(csp).toContain("sandbox");
	const etag = String(response.headers.etag);
	expect(etag).toMatch(/^"tool-[0-9a-f]{16}"$/);

	const again = await t.app.inject({ url, headers: { "if-none-match": etag } });
	expect(again.statusCode).toBe(304);
	expect(again.rawPayload.length).toBe(0);
	const other = await t.app.inject({
		url,
		headers: { "if-none-match": '"something-else"' },
	});
	expect(other.statusCode).toBe(200);
});

test("an unknown or malformed image name is a 404", async () => {
	const t = await createTestApp();
	for (const url of [
		"/images/tool-0000000000000000.webp",
		"/images/UPPER.webp",
		"/images/tool.svg",
	])
		expect((await t.app.inject({ url })).statusCode, url).toBe(404);
});

test("a photo uploaded through one instance is served by another on the same database", async () => {
	const t = await createTestApp();
	const second = await createSecondInstance(t);
	const admin = await signUpAdmin(t.app, t.db);
	const added = await sendToolForm(
		t.app,
		{ method: "POST", url: "/api/tools", cookie: admin.cookie },
		VALID_TOOL_FIELDS,
		[["image", await makePng(), "tool.png", "image/png"]],
	);
	expect(added.statusCode).toBe(201);
	const fromFirst = await t.app.inject({ url: added.json().img });
	const fromSecond = await second.inject({ url: added.json().img });
	expect(fromSecond.statusCode).toBe(200);
	expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
});

test("images kept as files by an older version are moved into the database by the migration", async () => {
	const dataDir = fs.mkdtempSync(
		path.join(os.tmpdir(), "tools-gallery-legacy-"),
	);
	const { database, drop } = await createTestDatabase(dataDir);
	const db = createDb(database);
	onTestFinished(async () => {
		await db.destroy();
		await drop();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});
	const legacyImagesDir = path.join(dataDir, "images");
	fs.mkdirSync(legacyImagesDir);
	const bytes = Buffer.from("RIFF....WEBPVP8 legacy");
	fs.writeFileSync(
		path.join(legacyImagesDir, "tool-0123456789abcdef.webp"),
		bytes,
	);
	fs.writeFileSync(path.join(legacyImagesDir, "notes.txt"), "not an image");
	await migrateToLatest(db, { legacyImagesDir });
	const app = await buildApp({
		config: testConfig(dataDir, database),
		db,
		images: createDbImageStore(db),
	});
	onTestFinished(() => app.close());
	const served = await app.inject({
		url: "/images/tool-0123456789abcdef.webp",
	});
	expect(served.statusCode).toBe(200);
	expect(served.rawPayload.equals(bytes)).toBe(true);
	const names = await db.selectFrom("images").select("name").execute();
	expect(names.map((row) => row.name)).toEqual(["tool-0123456789abcdef.webp"]);
});
