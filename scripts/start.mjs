// `npm start`: bring the web app and the server up to date, then run the compiled server.
// The build runs in a child process so the server does not keep the build tools in memory.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/** The newest modification time of a file, or of a folder and everything in it. */
function newestMtime(entry) {
	const stat = fs.statSync(entry, { throwIfNoEntry: false });
	if (!stat) return 0;
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const child of fs.readdirSync(entry))
		newest = Math.max(newest, newestMtime(path.join(entry, child)));
	return newest;
}

/**
 * Whether every build output is newer than its sources, by the list the last build wrote
 * (scripts/build.ts, the rule of scripts/build-freshness.ts). Checked here with plain Node: the
 * TypeScript loader that runs the build takes longer to start than the server itself.
 */
function isBuildFresh() {
	const dist = path.join(projectRoot, "dist");
	// A build under way: the build script waits for it.
	if (fs.existsSync(path.join(dist, ".build-lock"))) return false;
	let outputs;
	try {
		({ outputs } = JSON.parse(
			fs.readFileSync(path.join(dist, "build-inputs.json"), "utf8"),
		));
	} catch {
		return false;
	}
	return outputs.every(({ output, sources }) => {
		const builtAt = newestMtime(path.join(projectRoot, output));
		return (
			builtAt > 0 &&
			sources.every(
				(source) => newestMtime(path.join(projectRoot, source)) <= builtAt,
			)
		);
	});
}

if (!isBuildFresh()) {
	// A production install (npm ci --omit=dev) has no build tools: it runs a tree built beforehand.
	if (
		!fs.existsSync(
			path.join(
				projectRoot,
				"node_modules",
				"@vitejs",
				"plugin-react",
				"package.json",
			),
		)
	) {
		console.error(
			"The build in dist/ is missing or older than the sources, and the build tools are not installed (npm ci --omit=dev).\nRun npm run build where they are (npm ci), then start again.",
		);
		process.exit(1);
	}
	const build = spawnSync(
		process.execPath,
		["--import", "tsx", "scripts/build.ts", "--if-stale"],
		{ cwd: projectRoot, stdio: "inherit" },
	);
	if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../dist/server/main.js");
