import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

// The dependency rules of docs/architecture.md, checked on every import of every source file.
type Import = { from: string; to: string; specifier: string };

function sourceFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true })
		.map(String)
		.filter((file) => /\.(ts|tsx)$/.test(file))
		.map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}

const imports: Import[] = sourceFiles("src").flatMap((from) => {
	const code = fs.readFileSync(path.join(PROJECT_ROOT, from), "utf8");
	return [
		...code.matchAll(
			/(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
		),
	].map((match) => {
		const specifier = match[1] ?? match[2] ?? "";
		const to = specifier.startsWith(".")
			? path.posix.join(path.posix.dirname(from), specifier)
			: specifier;
		return { from, to, specifier };
	});
});

const featureOf = (file: string, side: "server" | "web") =>
	new RegExp(`^src/${side}/features/([^/]+)/`).exec(file)?.[1];

function violations(rule: (entry: Import) => boolean): string[] {
	return imports
		.filter(rule)
		.map((entry) => `${entry.from} imports ${entry.specifier}`);
}

test("src/shared imports only zod and itself", () => {
	expect(
		violations(
			({ from, to }) =>
				from.startsWith("src/shared/") &&
				!from.endsWith(".test.ts") &&
				!to.startsWith("src/shared/") &&
				!to.startsWith("zod"),
		),
	).toEqual([]);
});

test("the server and the web app never import each other", () => {
	expect(
		violations(
			({ from, to }) =>
				from.startsWith("src/server/") && to.startsWith("src/web/"),
		),
	).toEqual([]);
	expect(
		violations(
			({ from, to }) =>
				from.startsWith("src/web/") && to.startsWith("src/server/"),
		),
	).toEqual([]);
});

test("platform code does not depend on features", () => {
	expect(
		violations(
			({ from, to }) =>
				from.startsWith("src/server/platform/") &&
				to.startsWith("src/server/features/"),
		),
	).toEqual([]);
});

test("a server feature uses another feature only through its service", () => {
	expect(
		violations(({ from, to }) => {
			const own = featureOf(from, "server");
			const other = featureOf(to, "server");
			// The demo seeder fills every feature's tables on first start: a composition root like app.ts.
			if (!own || !other || own === other || own === "demo") return false;
			return !to.endsWith(".service.ts");
		}),
	).toEqual([]);
});

test("web features do not import each other; ui components and lib import no feature or page", () => {
	expect(
		violations(({ from, to }) => {
			const own = featureOf(from, "web");
			const other = featureOf(to, "web");
			return Boolean(own && other && own !== other);
		}),
	).toEqual([]);
	expect(
		violations(
			({ from, to }) =>
				(from.startsWith("src/web/components/") ||
					from.startsWith("src/web/lib/")) &&
				(to.startsWith("src/web/features/") ||
					to.startsWith("src/web/pages/") ||
					to.startsWith("src/web/app/")),
		),
	).toEqual([]);
});

test("the checks above see the imports they judge", () => {
	expect(
		imports.some(
			({ from, to }) =>
				from === "src/server/app.ts" &&
				to === "src/server/features/tools/tools.routes.ts",
		),
	).toBe(true);
	expect(
		imports.some(
			({ from, to }) =>
				from.startsWith("src/web/app/") && to.startsWith("src/web/pages/"),
		),
	).toBe(true);
});
