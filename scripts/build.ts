import path from "node:path";
import { pathToFileURL } from "node:url";
import {
	PROJECT_ROOT,
	SERVER_BUILD_FILE,
	WEB_BUILD_DIR,
} from "../src/server/project-paths.ts";
import { isBuildStale } from "./build-freshness.ts";

const BUILD_INPUTS = [
	"scripts/build.ts",
	"package.json",
	"package-lock.json",
	"tsconfig.json",
	"tsconfig.base.json",
];
const WEB_SOURCES = [
	"src/web",
	"src/shared",
	"vite.config.ts",
	...BUILD_INPUTS,
];
const SERVER_SOURCES = ["src/server", "src/shared", ...BUILD_INPUTS];

export async function buildWeb(): Promise<void> {
	const { build } = await import("vite");
	await build({
		configFile: path.join(PROJECT_ROOT, "vite.config.ts"),
		logLevel: "warn",
	});
}

/**
 * One ESM file for Node with the packages left in node_modules. Running compiled JavaScript
 * instead of the TypeScript loader halves start-up time and saves about 45 MB of memory.
 */
export async function buildServer(): Promise<void> {
	const esbuild = await import("esbuild");
	await esbuild.build({
		entryPoints: [path.join(PROJECT_ROOT, "src", "server", "main.ts")],
		outfile: SERVER_BUILD_FILE,
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20.19",
		packages: "external",
		sourcemap: true,
		logLevel: "warning",
	});
}

/** Builds the web app and the server; with `onlyIfStale`, only what is missing or out of date. */
export async function buildAll({
	onlyIfStale,
}: {
	onlyIfStale: boolean;
}): Promise<void> {
	if (
		!onlyIfStale ||
		isBuildStale(
			PROJECT_ROOT,
			path.join(WEB_BUILD_DIR, "index.html"),
			WEB_SOURCES,
		)
	) {
		console.info("Building the web app…");
		await buildWeb();
	}
	if (
		!onlyIfStale ||
		isBuildStale(PROJECT_ROOT, SERVER_BUILD_FILE, SERVER_SOURCES)
	) {
		console.info("Building the server…");
		await buildServer();
	}
}

// `npm run build` builds both; `npm start` passes --if-stale.
if (
	process.argv[1] &&
	import.meta.url === pathToFileURL(process.argv[1]).href
) {
	await buildAll({ onlyIfStale: process.argv.includes("--if-stale") });
}
