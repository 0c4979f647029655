import fs from "node:fs";
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
 * Packages the server bundle leaves in node_modules, loaded by Node as they are:
 * - native addons, and packages that read files kept beside their own code (fonts, the API
 *   reference's pages), which a bundle would move away from them;
 * - what the server loads only on first use (mail, PDFs, images, CSV, Stripe, markdown): a bundled
 *   package is part of the file parsed at every start, even when its import is dynamic;
 * - what those share with the bundle (@fastify/static, yaml), so it is not loaded twice.
 */
export const SERVER_EXTERNALS = [
	"better-sqlite3",
	"better-sqlite3-node20",
	"@node-rs/argon2",
	"sharp",
	"pg",
	"pg-native",
	"@fastify/swagger",
	"@fastify/swagger-ui",
	"@fastify/static",
	"yaml",
	"pdfkit",
	"dejavu-fonts-ttf",
	"nodemailer",
	"stripe",
	"prom-client",
	"@redis/client",
	"csv-parse",
	"csv-stringify",
	"react",
	"react-dom",
	"react-markdown",
];

/** Packages that must never reach the server process: the build tools. */
export const BUILD_TOOLS = ["esbuild", "tsx", "typescript", "vite"];

/**
 * The server as one ESM file for Node (and the demo seeder, which start-up runs in a child
 * process, as another), with the packages bundled in: one file read and compiled instead of some
 * thousand modules resolved one by one, and only the parts of each ES module package the server
 * uses. Whitespace and syntax are minified (the source V8 keeps in memory for the server's life
 * is a third smaller); names are kept, so a stack trace in the log still says which function.
 * Source maps are written beside the files: NODE_OPTIONS=--enable-source-maps maps stack traces
 * back to the TypeScript, at a cost of some 8 MB of memory and 80 ms of start-up.
 */
export async function buildServer(
	outdir = path.dirname(SERVER_BUILD_FILE),
): Promise<import("esbuild").Metafile> {
	const esbuild = await import("esbuild");
	const { metafile } = await esbuild.build({
		entryPoints: {
			main: path.join(PROJECT_ROOT, "src", "server", "main.ts"),
			"seed-demo": path.join(
				PROJECT_ROOT,
				"src/server/features/demo/seed-demo-main.ts",
			),
		},
		outdir,
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20.19",
		external: SERVER_EXTERNALS,
		// ES module builds of packages that ship both, so that unused exports are left out.
		mainFields: ["module", "main"],
		// The CommonJS packages in the bundle call require(), which an ES module lacks.
		banner: {
			js: 'import { createRequire as createRequireOfBundle } from "node:module"; const require = createRequireOfBundle(import.meta.url);',
		},
		minifyWhitespace: true,
		minifySyntax: true,
		legalComments: "linked",
		sourcemap: true,
		metafile: true,
		logLevel: "warning",
	});
	return metafile;
}

const BUILD_LOCK = path.join(PROJECT_ROOT, "dist", ".build-lock");

/**
 * Each build output and the sources it is built from, for `npm start` (scripts/start.mjs): it
 * checks them with plain Node and starts the TypeScript loader only when something is stale.
 */
export const BUILD_INPUTS_FILE = path.join(
	PROJECT_ROOT,
	"dist",
	"build-inputs.json",
);

function writeBuildInputs(): void {
	const outputs = [
		{
			output: path.relative(
				PROJECT_ROOT,
				path.join(WEB_BUILD_DIR, "index.html"),
			),
			sources: WEB_SOURCES,
		},
		{
			output: path.relative(PROJECT_ROOT, SERVER_BUILD_FILE),
			sources: SERVER_SOURCES,
		},
	];
	fs.writeFileSync(BUILD_INPUTS_FILE, `${JSON.stringify({ outputs })}\n`);
}

/** A lock older than this was left by a build that died: it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Runs `work` while holding the build lock (a folder, created atomically), so that two starts at
 * once (two test servers, two terminals) build one after the other instead of over each other's
 * files; the second then finds the build fresh and skips it.
 */
async function withBuildLock(work: () => Promise<void>): Promise<void> {
	fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
	for (;;) {
		try {
			fs.mkdirSync(BUILD_LOCK);
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			const age =
				Date.now() -
				(fs.statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ??
					Date.now());
			if (age > STALE_LOCK_MS)
				fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
			else await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}
	try {
		await work();
	} finally {
		fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
	}
}

/** Builds the web app and the server; with `onlyIfStale`, only what is missing or out of date. */
export function buildAll({
	onlyIfStale,
}: {
	onlyIfStale: boolean;
}): Promise<void> {
	return withBuildLock(() => buildUnlocked(onlyIfStale));
}

async function buildUnlocked(onlyIfStale: boolean): Promise<void> {
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
	writeBuildInputs();
}

// `npm run build` builds both; `npm start` passes --if-stale.
if (
	process.argv[1] &&
	import.meta.url === pathToFileURL(process.argv[1]).href
) {
	await buildAll({ onlyIfStale: process.argv.includes("--if-stale") });
}
