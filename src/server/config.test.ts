import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { CONFIG_KEYS, ConfigError, loadConfig } from "./config.ts";
import { PROJECT_ROOT } from "./project-paths.ts";

function issuesOf(env: NodeJS.ProcessEnv): { key: string; message: string }[] {
	try {
		loadConfig(env);
	} catch (error) {
		if (error instanceof ConfigError) return error.issues;
		throw error;
	}
	throw new Error("expected the configuration to be rejected");
}

test("defaults give a SQLite shop on port 3000 with demo content", () => {
	const config = loadConfig({});
	expect(config).toMatchObject({
		port: 3000,
		host: "127.0.0.1",
		publicUrl: "http://localhost:3000",
		seedDemo: true,
		database: {
			kind: "sqlite",
			file: path.resolve("data", "tools-gallery.sqlite"),
		},
	});
});

test("a postgres:// DATABASE_URL switches to PostgreSQL", () => {
	const config = loadConfig({
		DATABASE_URL: "postgres://shop@db.internal:5432/shop",
	});
	expect(config.database).toEqual({
		kind: "postgres",
		url: "postgres://shop@db.internal:5432/shop",
	});
	expect(
		loadConfig({ DATABASE_URL: "postgresql://db/shop" }).database.kind,
	).toBe("postgres");
});

test("empty values count as unset", () => {
	expect(
		loadConfig({ PORT: "", DATABASE_URL: "", SEED_DEMO: "" }),
	).toMatchObject({ port: 3000, seedDemo: true });
});

test("SEED_DEMO=false turns the demo content off", () => {
	expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
	expect(loadConfig({ SEED_DEMO: "FALSE" }).seedDemo).toBe(false);
	expect(loadConfig({ SEED_DEMO: "Yes" }).seedDemo).toBe(true);
	expect(issuesOf({ SEED_DEMO: "maybe" })).toEqual([
		{ key: "SEED_DEMO", message: "must be true or false" },
	]);
});

test.each(["mysql://db/shop", "postgres://", "postgres:///shop", "not a url"])(
	"a malformed DATABASE_URL (%s) is rejected by name",
	(value) => {
		expect(issuesOf({ DATABASE_URL: value }).map((issue) => issue.key)).toEqual(
			["DATABASE_URL"],
		);
	},
);

test.each(["abc", "70000", "-1", "3000.5"])(
	"a malformed PORT (%s) is rejected by name",
	(value) => {
		expect(issuesOf({ PORT: value }).map((issue) => issue.key)).toEqual([
			"PORT",
		]);
	},
);

test("requests are logged on errors by default, and time out after 30 s", () => {
	expect(loadConfig({})).toMatchObject({
		logRequests: "errors",
		slowRequestMs: 1000,
		requestTimeoutMs: 30_000,
	});
	expect(
		loadConfig({
			LOG_REQUESTS: "all",
			LOG_SLOW_REQUEST_MS: "250",
			REQUEST_TIMEOUT_MS: "5000",
		}),
	).toMatchObject({
		logRequests: "all",
		slowRequestMs: 250,
		requestTimeoutMs: 5000,
	});
});

test.each([
	["LOG_REQUESTS", "everything", "must be all, errors or none"],
	[
		"REQUEST_TIMEOUT_MS",
		"500",
		"must be a whole number of milliseconds from 1000 to 600000",
	],
	[
		"REQUEST_TIMEOUT_MS",
		"30s",
		"must be a whole number of milliseconds from 1000 to 600000",
	],
	[
		"LOG_SLOW_REQUEST_MS",
		"0",
		"must be a whole number of milliseconds from 1 to 600000",
	],
])("a bad %s (%s) is rejected by name", (key, value, message) => {
	expect(issuesOf({ [key]: value })).toEqual([{ key, message }]);
});

test("every bad key is named at once", () => {
	const error = (() => {
		try {
			loadConfig({
				PORT: "x",
				DATABASE_URL: "sqlite",
				PUBLIC_URL: "ftp://shop",
				LOG_LEVEL: "loud",
			});
		} catch (caught) {
			return caught as ConfigError;
		}
	})();
	expect(error?.issues.map((issue) => issue.key).sort()).toEqual([
		"DATABASE_URL",
		"LOG_LEVEL",
		"PORT",
		"PUBLIC_URL",
	]);
	expect(error?.message).toContain(
		"PORT: must be a whole number between 0 and 65535",
	);
});

test(".env.example documents exactly the keys the server reads", () => {
	const example = fs.readFileSync(
		path.join(PROJECT_ROOT, ".env.example"),
		"utf8",
	);
	const documented = [...example.matchAll(/^([A-Z_]+)=/gm)].map(
		(match) => match[1],
	);
	expect(documented.sort()).toEqual([...CONFIG_KEYS].sort());
});
