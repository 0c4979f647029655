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

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
	root: fileURLToPath(new URL("./src/web", import.meta.url)),
	publicDir: "public",
	plugins: [react(), tailwindcss(), precompress()],
	build: {
		outDir: "../../dist/web",
		emptyOutDir: true,
		modulePreload: { polyfill: false },
	},
	server: {
		port: 5173,
		proxy: {
			"/api": `http://127.0.0.1:${apiPort}`,
			"/images": `http://127.0.0.1:${apiPort}`,
		},
	},
});
