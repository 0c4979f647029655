import { expect, test } from "vitest";
import { scanSource, scanSourceTree } from "./architecture-scan.ts";

test("the scanner reads every form of import, and none in comments or strings", () => {
	const { imports } = scanSource(
		"src/server/features/tools/x.ts",
		[
			'const glob = "/images/*";',
			"import {",
			"\tA,",
			"\tB as C,",
			'} from "./multi-line.ts";',
			'import type { D } from "../../../shared/types-only.ts";',
			'import { type E } from "./inline-type.ts";',
			'import F, * as G from "./default-and-namespace.ts";',
			'export { H } from "../../platform/re-export.ts";',
			'export * from "./re-export-all.ts";',
			'import "./side-effect.ts";',
			'const lazy = () => import("../blog/lazy.ts");',
			'/* import { I } from "./block-comment.ts"; */',
			'// import { J } from "./line-comment.ts";',
			"const text = 'import { K } from \"./in-a-string.ts\"';",
		].join("\n"),
	);
	expect(
		imports.map(({ to, names, isTypeOnly }) => [to, names, isTypeOnly]),
	).toEqual([
		["src/server/features/tools/multi-line.ts", ["A", "B"], false],
		["src/shared/types-only.ts", ["D"], true],
		["src/server/features/tools/inline-type.ts", ["E"], false],
		[
			"src/server/features/tools/default-and-namespace.ts",
			["default", "*"],
			false,
		],
		["src/server/platform/re-export.ts", ["H"], false],
		["src/server/features/tools/re-export-all.ts", ["*"], false],
		["src/server/features/tools/side-effect.ts", [], false],
		["src/server/features/blog/lazy.ts", [], false],
	]);
});

test("the scanner finds process uses by line, outside comments and strings", () => {
	const { processUses } = scanSource(
		"src/web/lib/x.ts",
		[
			"/* process.env",
			"   spans lines */",
			"const help = `process.env",
			"is not read here`;",
			"const a = process.env.A;",
			"const b = globalThis.process;",
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
			"const c = `${process?.env.C}`;",
		].join("\n"),
	);
	expect(processUses.map(({ line }) => line)).toEqual([5, 6, 7]);
});

test("the scan sees the real imports it judges", () => {
	const tree = scanSourceTree();
	const has = (from: string, to: string) =>
		tree.imports.some((entry) => entry.from === from && entry.to === to);
	expect(
		has("src/server/app.ts", "src/server/features/tools/tools.routes.ts"),
	).toBe(true);
	expect(
		has(
			"src/server/features/faqs/faqs.routes.ts",
			"src/shared/faqs.schemas.ts",
		),
	).toBe(true);
	expect(
		tree.imports.some(
			({ from, to }) =>
				from.startsWith("src/web/app/") && to.startsWith("src/web/pages/"),
		),
	).toBe(true);
	expect(
		tree.imports.some(
			({ from, to, isTypeOnly }) =>
				from.endsWith(".routes.ts") &&
				to === "src/server/platform/db/database.ts" &&
				isTypeOnly,
		),
	).toBe(true);
});
