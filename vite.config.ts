import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes .br and .gz beside each text asset; the server sends them to clients that accept them. */
function precompress(): Plugin {
	let outDir = "";
	return {
		name: "tools-gallery:precompress",
		apply: "build",
		configResolved(config) {
			outDir = path.resolve(config.root, config.build.outDir);
		},
		async writeBundle(_options, bundle) {
			const files = Object.keys(bundle).filter((file) =>
				/\.(js|css|html|svg|json)$/.test(file),
			);
			await Promise.all(
				files.map(async (file) => {
					const source = await fs.readFile(path.join(outDir, file));
					if (source.length < 1024) return;
					await fs.writeFile(
						path.join(outDir, `${file}.br`),
						await brotli(source),
					);
					await fs.writeFile(
						path.join(outDir, `${file}.gz`),
						await gzip(source, { level: 9 }),
					);
				}),
			);
		},
	};
}

/**
 * The modules of the first download (index.html's script and everything it imports statically),
 * found once the module graph is complete. The code-splitting groups below must leave them out:
 * a group with one of them in it would be downloaded whole on every first visit.
 */
function firstDownload(): Plugin & { has: (id: string) => boolean } {
	const ids = new Set<string>();
	return {
		name: "tools-gallery:first-download",
		apply: "build",
		has: (id) => ids.has(id),
		buildEnd() {
			ids.clear();
			const pending = [...this.getModuleIds()].filter(
				(id) => this.getModuleInfo(id)?.isEntry,
			);
			for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
				if (ids.has(id)) continue;
				ids.add(id);
				pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
			}
		},
	};
}
const firstDownloadModules = firstDownload();

/** The form and dialog kit, and the small helpers of prices, dates and lists the pages share. */
const PAGE_KIT =
	/src[\\/](web[\\/]components[\\/](ui[\\/]|next-break-hint)|web[\\/]lib[\\/](dates|paged-query)\.ts|shared[\\/](money|purchase-rule|calendar)\.ts)/;

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
	root: fileURLToPath(new URL("./src/web", import.meta.url)),
	publicDir: "public",
	plugins: [react(), tailwindcss(), precompress(), firstDownloadModules],
	build: {
		outDir: "../../dist/web",
		emptyOutDir: true,
		modulePreload: { polyfill: false },
		rolldownOptions: {
			output: {
				codeSplitting: {
					// Libraries in chunks of their own: a release that changes only the shop's code
					// leaves them cached. zod comes with the small schemas that every other one builds
					// on, when the first answer is checked: the first download does without it.
					groups: [
						{
							name: "react",
							test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
						},
						{
							name: "react-router",
							test: /node_modules[\\/]react-router[\\/]/,
						},
						{
							name: "zod",
							test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/](paging|text)\.schemas\.ts$|src[\\/]shared[\\/]api-error\.ts$/,
						},
						// The form and dialog kit that the other pages share: one chunk instead of a dozen
						// tiny ones, each a request of its own.
						{
							name: "page-kit",
							test: (id) => PAGE_KIT.test(id) && !firstDownloadModules.has(id),
							minShareCount: 2,
							includeDependenciesRecursively: false,
						},
					],
				},
			},
		},
	},
	server: {
		port: 5173,
		proxy: {
			"/api": `http://127.0.0.1:${apiPort}`,
			"/images": `http://127.0.0.1:${apiPort}`,
		},
	},
});
