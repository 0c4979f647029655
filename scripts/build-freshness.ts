import fs from "node:fs";
import path from "node:path";

function newestMtime(entry: string): number {
	if (!fs.existsSync(entry)) return 0;
	const stat = fs.statSync(entry);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const child of fs.readdirSync(entry))
		newest = Math.max(newest, newestMtime(path.join(entry, child)));
	return newest;
}

/** True when `output` is missing or older than any of `sources` (files or folders, relative to the project). */
export function isBuildStale(
	projectRoot: string,
	output: string,
	sources: string[],
): boolean {
	if (!fs.existsSync(output)) return true;
	const builtAt = fs.statSync(output).mtimeMs;
	return sources.some(
		(source) => newestMtime(path.join(projectRoot, source)) > builtAt,
	);
}
