import fs from "node:fs";
import path from "node:path";

const SOURCES = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when the built web app is missing or older than any of its sources. */
export function isWebBuildStale(projectRoot: string, webBuildDir: string): boolean {
  const index = path.join(webBuildDir, "index.html");
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(projectRoot, source)) > builtAt);
}
