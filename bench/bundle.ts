import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildAll } from "../scripts/build.ts";
import { WEB_BUILD_DIR } from "../src/server/project-paths.ts";

// Home page budget (docs/product.md, performance budgets): initial JavaScript at most 100 KB gzipped. "Initial" is
// what index.html loads before any route is visited: its module scripts and their static imports.
const BUDGET_KB = 100;
const BUDGET_BYTES = BUDGET_KB * 1024;

await buildAll({ onlyIfStale: true });

const html = fs.readFileSync(path.join(WEB_BUILD_DIR, "index.html"), "utf8");
const entries = [
	...html.matchAll(
		/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g,
	),
].map((match) => match[1] ?? "");

const initial = new Set<string>();
function visit(file: string): void {
	if (initial.has(file)) return;
	initial.add(file);
	const code = fs.readFileSync(path.join(WEB_BUILD_DIR, file), "utf8");
	// Static imports only: `import … from "./x.js"` and bare `import "./x.js"`; import() is lazy.
	for (const match of code.matchAll(
		/(?:^|[;}\s])import\s*(?:[\w${}\s,*]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
	)) {
		visit(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
	}
}
for (const entry of entries) visit(entry);

const allJs = fs
	.readdirSync(path.join(WEB_BUILD_DIR, "assets"))
	.filter((file) => file.endsWith(".js"));
const gzipSize = (file: string) =>
	zlib.gzipSync(fs.readFileSync(path.join(WEB_BUILD_DIR, file)), { level: 9 })
		.length;
const initialBytes = [...initial].reduce(
	(sum, file) => sum + gzipSize(file),
	0,
);
const allBytes = allJs.reduce(
	(sum, file) => sum + gzipSize(path.posix.join("assets", file)),
	0,
);

for (const file of initial)
	console.info(
		`  ${file.padEnd(48)} ${(gzipSize(file) / 1024).toFixed(1)} KB gzip`,
	);
console.info(
	`\nInitial JavaScript of the home page: ${(initialBytes / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB: ${initialBytes <= BUDGET_BYTES ? "ok" : "missed"})`,
);
console.info(
	`All JavaScript of the app (loaded as pages are visited): ${(allBytes / 1024).toFixed(1)} KB gzipped`,
);
console.info(
	`ratio initial / budget: ${(initialBytes / BUDGET_BYTES).toFixed(2)}`,
);
