import { spawnSync } from "node:child_process";

// The whole API suite again, each test file on a fresh database of this PostgreSQL server.
const url =
	process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
	stdio: "inherit",
	env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
