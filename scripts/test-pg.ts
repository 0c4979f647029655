import { spawnSync } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

// The server tests again, each test on a fresh database of this PostgreSQL server (the web tests
// touch no database). Vitest is run by Node directly, which works the same on every operating system.
const url =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const vitest = path.join(PROJECT_ROOT, "node_modules", "vitest", "vitest.mjs");
const result = spawnSync(
	process.execPath,
	[vitest, "run", "--project", "server", ...process.argv.slice(2)],
	{ stdio: "inherit", env: { ...process.env, TEST_DATABASE_URL: url } },
);
process.exit(result.status ?? 1);
