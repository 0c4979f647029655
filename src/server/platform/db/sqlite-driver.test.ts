import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import SQLite, {
	SQLITE_DRIVER_PACKAGE,
	SQLITE_DRIVER_PATH,
} from "./sqlite-driver.ts";

const folders: string[] = [];

afterEach(() => {
	for (const folder of folders.splice(0))
		fs.rmSync(folder, { recursive: true, force: true });
});

function newFolder(): string {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-driver-"));
	folders.push(folder);
	return folder;
}

/** The version in the package.json beside the driver's entry point. */
function loadedDriverVersion(): string {
	let folder = path.dirname(SQLITE_DRIVER_PATH);
	while (!fs.existsSync(path.join(folder, "package.json")))
		folder = path.dirname(folder);
	const manifest = JSON.parse(
		fs.readFileSync(path.join(folder, "package.json"), "utf8"),
	) as { name: string; version: string };
	expect(manifest.name).toBe("better-sqlite3");
	return manifest.version;
}

test("the shop loads better-sqlite3 13 on a Node.js with Node-API 10, and 12 on Node.js 20", () => {
	const hasNodeApi10 = Number(process.versions.napi) >= 10;
	expect(SQLITE_DRIVER_PACKAGE).toBe(
		hasNodeApi10 ? "better-sqlite3" : "better-sqlite3-node20",
	);
	expect(loadedDriverVersion().split(".")[0]).toBe(hasNodeApi10 ? "13" : "12");
	if (process.versions.node.startsWith("20."))
		expect(SQLITE_DRIVER_PACKAGE).toBe("better-sqlite3-node20");
	if (/^2[24]\./.test(process.versions.node))
		expect(SQLITE_DRIVER_PACKAGE).toBe("better-sqlite3");
});

test("the loaded driver opens a shop file in WAL mode, writes and reads it back", () => {
	const file = path.join(newFolder(), "shop.sqlite");
	const db = new SQLite(file);
	try {
		expect(db.pragma("journal_mode = wal", { simple: true })).toBe("wal");
		db.exec("create table notes (id integer primary key, body text not null)");
		const insert = db.prepare("insert into notes (body) values (?)");
		db.transaction(() => {
			for (const body of ["first", "second"]) insert.run(body);
		})();
		expect(
			db.prepare("select body from notes order by id").pluck().all(),
		).toEqual(["first", "second"]);
	} finally {
		db.close();
	}
});

test("a process that lets thousands of statements be collected, then exits, ends cleanly", () => {
	// better-sqlite3 12 compiled against Node.js 24.19's headers aborts here, as a collection or
	// the process's exit frees a statement. The driver loaded for this Node.js must not.
	const file = path.join(newFolder(), "collected.sqlite");
	const script = `
		const SQLite = require(${JSON.stringify(SQLITE_DRIVER_PATH)});
		const db = new SQLite(${JSON.stringify(file)});
		db.pragma("journal_mode = wal");
		db.exec("create table t (n integer)");
		for (let round = 0; round < 4; round += 1) {
			for (let i = 0; i < 5000; i += 1) db.prepare("select ? + " + (i % 50)).get(i);
			globalThis.gc();
		}
		db.prepare("insert into t values (1)").run();
		console.log("rows", db.prepare("select count(*) from t").pluck().get());
		setTimeout(() => { globalThis.gc(); console.log("ended"); }, 20);
	`;
	const output = execFileSync(process.execPath, ["--expose-gc", "-e", script], {
		encoding: "utf8",
		timeout: 60_000,
	});
	expect(output).toBe("rows 1\nended\n");
});
