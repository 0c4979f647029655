import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, test } from "vitest";
import { PROJECT_ROOT } from "./project-paths.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-main-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const MAIN = path.join(PROJECT_ROOT, "src", "server", "main.ts");
// The TypeScript loader by absolute path: the server runs from a scratch working directory.
const TSX_LOADER = pathToFileURL(
	path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "loader.mjs"),
).href;

type Run = { code: number | null; stdout: string; stderr: string };

function startMain(env: Record<string, string>) {
	const child = spawn(process.execPath, ["--import", TSX_LOADER, MAIN], {
		cwd: dataDir,
		env: {
			PATH: process.env.PATH ?? "",
			HOME: os.tmpdir(),
			DATA_DIR: dataDir,
			SEED_DEMO: "false",
			...env,
		},
	});
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk) => {
		stdout += chunk;
	});
	child.stderr.on("data", (chunk) => {
		stderr += chunk;
	});
	const exited = new Promise<Run>((resolve) => {
		child.on("exit", (code) => resolve({ code, stdout, stderr }));
	});
	const listening = async (): Promise<string> => {
		for (let i = 0; i < 600; i++) {
			const match = stdout.match(
				/Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
			);
			if (match?.[1]) return match[1];
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		throw new Error(`server did not start:\n${stdout}\n${stderr}`);
	};
	return { child, exited, listening };
}

test("a malformed DATABASE_URL stops start-up at once, naming the variable", async () => {
	const run = await startMain({ DATABASE_URL: "mysql://nowhere/shop" }).exited;
	expect(run.code).toBe(1);
	expect(run.stderr).toContain("DATABASE_URL: must be a postgres:// URL");
});

test("a malformed PORT stops start-up at once, naming the variable", async () => {
	const run = await startMain({ PORT: "eighty" }).exited;
	expect(run.code).toBe(1);
	expect(run.stderr).toContain(
		"PORT: must be a whole number between 0 and 65535",
	);
});

test("the server answers, then shuts down cleanly on SIGTERM", async () => {
	const server = startMain({ PORT: "0", HOST: "127.0.0.1" });
	const url = await server.listening().catch((error: unknown) => {
		server.child.kill("SIGKILL");
		throw error;
	});
	const health = await fetch(`${url}/api/health`);
	expect(await health.json()).toEqual({ status: "ok" });

	server.child.kill("SIGTERM");
	const run = await server.exited;
	expect(run.code).toBe(0);
	expect(run.stdout).toContain("shutting down");
	await expect(fetch(`${url}/api/health`)).rejects.toThrow();
}, 60_000);
