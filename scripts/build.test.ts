import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { demoTools } from "../src/server/features/demo/demo-content.ts";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";
import { BUILD_TOOLS, buildServer } from "./build.ts";

/**
 * A scratch build of the server, two folders below the project like dist/server, so the bundle
 * finds the project (and node_modules) where the real one does. Removed when the test finishes.
 */
function scratchOutdir(): string {
	const root = fs.mkdtempSync(path.join(PROJECT_ROOT, ".server-build-test-"));
	onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
	return path.join(root, "server");
}

/** Starts the built server on a free port; answers its address once it listens. */
async function startBuilt(
	outdir: string,
	dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
	const child = spawn(process.execPath, [path.join(outdir, "main.js")], {
		cwd: dataDir,
		env: {
			PATH: process.env.PATH ?? "",
			HOME: os.tmpdir(),
			DATA_DIR: dataDir,
			SEED_DEMO: "true",
			PORT: "0",
			HOST: "127.0.0.1",
			LOG_LEVEL: "info",
		},
	});
	onTestFinished(() => {
		if (child.exitCode === null) child.kill("SIGKILL");
	});
	let output = "";
	child.stdout.on("data", (chunk) => {
		output += chunk;
	});
	child.stderr.on("data", (chunk) => {
		output += chunk;
	});
	const url = await new Promise<string>((resolve, reject) => {
		const check = setInterval(() => {
			const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(
				output,
			)?.[1];
			if (address) {
				clearInterval(check);
				resolve(address);
			}
		}, 20);
		child.once("exit", (code) => {
			clearInterval(check);
			reject(new Error(`The built server exited with ${code}:\n${output}`));
		});
	});
	return { url, child };
}

async function stop(child: ChildProcess): Promise<number | null> {
	const exited = new Promise<number | null>((resolve) =>
		child.once("exit", resolve),
	);
	child.kill("SIGTERM");
	return exited;
}

test("the built server seeds an empty folder from its own seeder, serves the API and its reference, and a restart seeds nothing more", async () => {
	const outdir = scratchOutdir();
	const metafile = await buildServer(outdir);

	// No build tool is bundled into the server or loaded by it.
	const packagesUsed = [
		...Object.keys(metafile.inputs),
		...Object.values(metafile.outputs).flatMap((output) =>
			output.imports.map((imported) => imported.path),
		),
	];
	for (const tool of BUILD_TOOLS)
		expect(
			packagesUsed.filter(
				(used) => used === tool || used.includes(`node_modules/${tool}/`),
			),
			tool,
		).toEqual([]);
	expect(fs.readdirSync(outdir).sort()).toEqual(
		expect.arrayContaining(["main.js", "seed-demo.js"]),
	);

	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-"));
	onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
	const first = await startBuilt(outdir, dataDir);
	const tools = (await (
		await fetch(`${first.url}/api/tools?page_size=100`)
	).json()) as { items: { id: string; img: string }[]; total: number };
	expect(tools.total).toBe(demoTools.length);
	const picture = await fetch(`${first.url}${tools.items[0]?.img}`);
	expect(picture.headers.get("content-type")).toBe("image/webp");
	// The API reference loads on its first request.
	const reference = await fetch(`${first.url}/api/docs/`);
	expect(reference.status).toBe(200);
	expect(reference.headers.get("content-type")).toContain("text/html");
	const document = (await (
		await fetch(`${first.url}/api/openapi.json`)
	).json()) as { paths: Record<string, unknown> };
	expect(Object.keys(document.paths)).toContain("/api/tools");
	expect(await stop(first.child)).toBe(0);

	const restart = await startBuilt(outdir, dataDir);
	const again = (await (
		await fetch(`${restart.url}/api/tools?page_size=100`)
	).json()) as { items: { id: string }[]; total: number };
	expect(again.items.map((tool) => tool.id).sort()).toEqual(
		tools.items.map((tool) => tool.id).sort(),
	);
	expect(await stop(restart.child)).toBe(0);
}, 120_000);
