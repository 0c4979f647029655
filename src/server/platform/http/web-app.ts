import fs from "node:fs";
import path from "node:path";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { declareScopeAccess } from "./route-access.ts";

/** The precompressed copies the build writes beside each asset (`x.js.br`, `x.js.gz`). */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the built single-page app. Vite's hashed files under /assets never change and are cached
 * for a year; index.html is revalidated on every visit so a new release shows at once.
 * A precompressed copy is only ever sent in place of its original to a client that accepts its
 * encoding (with the original's content type); asked for by its own name it is not found.
 */
export async function registerWebApp(
	app: FastifyInstance,
	webRoot: string,
): Promise<void> {
	const options: FastifyStaticOptions = {
		root: webRoot,
		prefix: "/",
		index: ["index.html"],
		cacheControl: false,
		preCompressed: true,
		allowedPath: (pathname) => !PRECOMPRESSED_COPY.test(pathname),
		dotfiles: "ignore",
		setHeaders(res, filePath) {
			if (path.relative(webRoot, filePath).split(path.sep)[0] === "assets")
				res.header("cache-control", "public, max-age=31536000, immutable");
			// A precompressed copy (index.html.br) is sent under its own file name.
			else if (filePath.replace(PRECOMPRESSED_COPY, "").endsWith(".html"))
				res.header("cache-control", "no-cache");
			else res.header("cache-control", "public, max-age=3600");
		},
	};
	// The plugin's routes cannot carry a route config: their scope declares them public.
	await app.register(async (files) => {
		declareScopeAccess(files, "public");
		await files.register(fastifyStatic, { ...options, decorateReply: false });
	});
	// reply.sendFile for the history fallback of the not-found handler; this one serves no route.
	await app.register(fastifyStatic, { ...options, serve: false });
}

export function hasWebBuild(webRoot: string): boolean {
	return fs.existsSync(path.join(webRoot, "index.html"));
}

/** Paths the SPA may own: not the API, not an image, not a file name with an extension. */
export function isHistoryFallbackPath(url: string): boolean {
	const pathname = url.split("?")[0] ?? "/";
	if (
		pathname.startsWith("/api/") ||
		pathname === "/api" ||
		pathname.startsWith("/images/")
	)
		return false;
	return !path.posix.basename(pathname).includes(".");
}
