import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { isBuildStale } from "./build-freshness.ts";

const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0))
		fs.rmSync(root, { recursive: true, force: true });
});

function project(): { root: string; output: string } {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-build-"));
	roots.push(root);
	fs.mkdirSync(path.join(root, "src", "web", "pages"), { recursive: true });
	fs.writeFileSync(
		path.join(root, "src", "web", "pages", "home.tsx"),
		"export {}",
	);
	return { root, output: path.join(root, "dist", "web", "index.html") };
}

function touch(file: string, secondsAgo: number): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	if (!fs.existsSync(file)) fs.writeFileSync(file, "");
	const at = new Date(Date.now() - secondsAgo * 1000);
	fs.utimesSync(file, at, at);
}

test("a missing build is stale", () => {
	const { root, output } = project();
	expect(isBuildStale(root, output, ["src/web"])).toBe(true);
});

test("a build newer than every source is fresh; editing a source makes it stale", () => {
	const { root, output } = project();
	touch(path.join(root, "src", "web", "pages", "home.tsx"), 60);
	touch(path.join(root, "src", "web", "pages"), 60);
	touch(path.join(root, "src", "web"), 60);
	touch(output, 10);
	expect(isBuildStale(root, output, ["src/web", "vite.config.ts"])).toBe(false);

	touch(path.join(root, "src", "web", "pages", "home.tsx"), 0);
	expect(isBuildStale(root, output, ["src/web"])).toBe(true);
});
