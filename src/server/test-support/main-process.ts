import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { onTestFinished } from "vitest";
import { PROJECT_ROOT } from "../project-paths.ts";

const MAIN = path.join(PROJECT_ROOT, "src", "server", "main.ts");
// The TypeScript loader by absolute path: the server runs from a scratch working directory.
const TSX_LOADER = pathToFileURL(
	path.join(PROJECT_ROOT, "node_modules", "tsx", "dist", "loader.mjs"),
).href;

/** What the server process printed, and how it ended. */
export type MainRun = { code: number | null; stdout: string; stderr: string };

/** The line the server prints once it listens. */
export const LISTENING_LINE = /Server listening at http:\/\/127\.0\.0\.1:\d+/;

/** A scratch folder for the running test, removed when it finishes. */
export function makeScratchDir(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-main-"));
	onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
	return dir;
}

/**
 * Starts the real server (`main.ts`) in a child process with only the environment given (and
 * a scratch DATA_DIR, no demo content, a free port); killed when the test finishes if still running.
 */
export function startMain(
	env: Record<string, string>,
	dataDir = makeScratchDir(),
) {
	const child = spawn(process.execPath, ["--import", TSX_LOADER, MAIN], {
		cwd: dataDir,
		env: {
			PATH: process.env.PATH ?? "",
			HOME: os.tmpdir(),
			DATA_DIR: dataDir,
			SEED_DEMO: "false",
			PORT: "0",
			HOST: "127.0.0.1",
			...env,
		},
	});
	onTestFinished(() => {
		if (child.exitCode === null && child.signalCode === null)
			child.kill("SIGKILL");
	});
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk) => {
		stdout += chunk;
	});
	child.stderr.on("data", (chunk) => {
		stderr += chunk;
	});
	const exited = new Promise<MainRun>((resolve) => {
		child.on("exit", (code) => resolve({ code, stdout, stderr }));
	});
	/** Waits for the server to listen; answers its address. */
	const listening = async (): Promise<string> => {
		await waitUntil(
			() => LISTENING_LINE.test(stdout),
			"the server to listen",
			30_000,
		);
		return String(stdout.match(/http:\/\/127\.0\.0\.1:\d+/)?.[0]);
	};
	/** Waits at most `ms` for the process to exit; loading TypeScript takes seconds when busy. */
	const exit = (ms = 15_000) =>
		within(exited, ms, `the server to exit\n${stdout}\n${stderr}`);
	return { child, dataDir, exit, listening, stdout: () => stdout };
}

export type MainProcess = ReturnType<typeof startMain>;

/** SIGTERM, then waits for the process to exit. */
export async function stopMain(server: MainProcess): Promise<MainRun> {
	server.child.kill("SIGTERM");
	return server.exit();
}

export async function waitUntil(
	check: () => boolean,
	what: string,
	ms = 5_000,
): Promise<void> {
	const deadline = Date.now() + ms;
	while (!check()) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await pause(20);
	}
}

export function within<T>(
	promise: Promise<T>,
	ms: number,
	what: string,
): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_resolve, reject) => {
		timer = setTimeout(
			() => reject(new Error(`Timed out waiting for ${what}`)),
			ms,
		);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const pause = (ms: number) =>
	new Promise((resolve) => setTimeout(resolve, ms));
