import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { isWebBuildStale } from "./web-build.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function project(): { root: string; build: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tools-gallery-build-"));
  roots.push(root);
  fs.mkdirSync(path.join(root, "src", "web", "pages"), { recursive: true });
  fs.writeFileSync(path.join(root, "src", "web", "pages", "home.tsx"), "export {}");
  return { root, build: path.join(root, "dist", "web") };
}

function touch(file: string, secondsAgo: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, "");
  const at = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, at, at);
}

test("a missing build is stale", () => {
  const { root, build } = project();
  expect(isWebBuildStale(root, build)).toBe(true);
});

test("a build newer than every source is fresh; editing a source makes it stale", () => {
  const { root, build } = project();
  touch(path.join(root, "src", "web", "pages", "home.tsx"), 60);
  touch(path.join(root, "src", "web", "pages"), 60);
  touch(path.join(root, "src", "web"), 60);
  touch(path.join(build, "index.html"), 10);
  expect(isWebBuildStale(root, build)).toBe(false);

  touch(path.join(root, "src", "web", "pages", "home.tsx"), 0);
  expect(isWebBuildStale(root, build)).toBe(true);
});
