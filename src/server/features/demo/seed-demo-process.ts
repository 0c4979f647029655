import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { DatabaseConfig } from "../../config.ts";
import type { Db } from "../../platform/db/database.ts";
import { PROJECT_ROOT } from "../../project-paths.ts";
import { isContentEmpty } from "./demo.repository.ts";

/** The seeder did not finish; the message is its own reason, on one line. */
export class DemoSeedError extends Error {
	constructor(reason: string) {
		super(reason);
		this.name = "DemoSeedError";
	}
}

/** What the seeder reads on its standard input. */
export type DemoSeedRequest = {
	database: DatabaseConfig;
	/** A new database: the seeder applies the migrations before it seeds. */
	migrateFirst: boolean;
};

/** The most of the seeder's error output kept, its end: the reason and a stack trace fit. */
const MAX_ERROR_OUTPUT = 4096;

/**
 * How to run the seeder: the file built beside the bundled server (dist/server/seed-demo.js), or
 * its TypeScript source through tsx when the server itself runs from source (development, tests).
 */
function seederArguments(): string[] {
	if (!import.meta.url.endsWith(".ts"))
		return [fileURLToPath(new URL("./seed-demo.js", import.meta.url))];
	const tsx = pathToFileURL(
		path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "loader.mjs"),
	).href;
	return [
		"--import",
		tsx,
		fileURLToPath(new URL("./seed-demo-main.ts", import.meta.url)),
	];
}

/**
 * Seeds the demo content when the shop has none, in a child process the start waits for: the
 * drawing of the catalog needs libvips and large rasters, and a process that ends gives all of it
 * back, where the server would keep most of it for its whole life. With `migrateFirst` (a new
 * database, with no tables yet) the child applies the migrations first, for the same reason: the
 * memory that building every table and index takes stays with the child. A seeder that fails
 * throws a DemoSeedError with its reason. Answers whether the seeder ran.
 */
export async function seedDemoContentInChildProcess(
	db: Db,
	database: DatabaseConfig,
	{ migrateFirst = false }: { migrateFirst?: boolean } = {},
): Promise<boolean> {
	if (!migrateFirst && !(await isContentEmpty(db))) return false;
	const child = spawn(process.execPath, seederArguments(), {
		cwd: PROJECT_ROOT,
		stdio: ["pipe", "ignore", "pipe"],
	});
	let errorOutput = "";
	child.stderr.setEncoding("utf8");
	child.stderr.on("data", (chunk: string) => {
		errorOutput = (errorOutput + chunk).slice(-MAX_ERROR_OUTPUT);
	});
	const ended = new Promise<{ code: number | null; signal: string | null }>(
		(resolve, reject) => {
			child.once("error", reject);
			child.once("close", (code, signal) => resolve({ code, signal }));
		},
	);
	// On standard input, not the command line or the environment: a PostgreSQL URL has a password.
	child.stdin.on("error", () => {});
	const request: DemoSeedRequest = { database, migrateFirst };
	child.stdin.end(JSON.stringify(request));
	const { code, signal } = await ended;
	if (code === 0) return true;
	throw new DemoSeedError(
		reasonIn(errorOutput) ??
			(signal
				? `the seeding process was stopped by ${signal}`
				: `the seeding process exited with code ${code}`),
	);
}

/**
 * The seeder's reason: the last line it printed, or, when it could not even run (a missing file),
 * the message of the error Node printed above its stack.
 */
function reasonIn(errorOutput: string): string | undefined {
	const lines = errorOutput
		.split("\n")
		.map((line) => line.trim())
		.filter(Boolean);
	const uncaught = /^\w*Error\b[^:]*: /;
	const thrown = lines.find((line) => uncaught.test(line));
	return thrown ? thrown.replace(uncaught, "") : lines.at(-1);
}
