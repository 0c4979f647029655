import path from "node:path";
import { fileURLToPath } from "node:url";

// Two levels up from this file: src/server/ when run as TypeScript, dist/server/ when bundled.
export const PROJECT_ROOT = path.resolve(
	path.dirname(fileURLToPath(import.meta.url)),
	"../..",
);
export const WEB_BUILD_DIR = path.join(PROJECT_ROOT, "dist", "web");
export const SERVER_BUILD_FILE = path.join(
	PROJECT_ROOT,
	"dist",
	"server",
	"main.js",
);
