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
		imports.map(({ to, names, isTypeOnly, isReExport }) => [
			to,
			names,
			isTypeOnly,
			isReExport,
		]),
	).toEqual([
		["src/server/features/tools/multi-line.ts", ["A", "B"], false, false],
		["src/shared/types-only.ts", ["D"], true, false],
		["src/server/features/tools/inline-type.ts", ["E"], false, false],
		[
			"src/server/features/tools/default-and-namespace.ts",
			["default", "*"],
			false,
			false,
		],
		["src/server/platform/re-export.ts", ["H"], false, true],
		["src/server/features/tools/re-export-all.ts", ["*"], false, true],
		["src/server/features/tools/side-effect.ts", [], false, false],
		["src/server/features/blog/lazy.ts", [], false, false],
	]);
});

test("the scanner tells an import the file exports again from one it only uses", () => {
	const reExports = (code: string) =>
		scanSource("src/server/features/tools/x.ts", code).imports.map(
			({ specifier, isReExport }) => [specifier, isReExport],
		);
	expect(
		reExports(
			[
				'import { findA, findB as b } from "./named.ts";',
				'import * as everything from "./namespace.ts";',
				'import fallback from "./default.ts";',
				'import { used } from "./used.ts";',
				"export { findA, b as renamed };",
				"export { everything };",
				"export default fallback;",
				"export const wrapped = () => used();",
			].join("\n"),
		),
	).toEqual([
		["./named.ts", true],
		["./namespace.ts", true],
		["./default.ts", true],
		["./used.ts", false],
	]);
	expect(
		reExports(
			'import { a } from "./a.ts";\nexport { b } from "./b.ts";\n// export { a };',
		),
	).toEqual([
		["./a.ts", false],
		["./b.ts", true],
	]);
});

test("the scanner finds query building and database names by line, outside comments and strings", () => {
	const { queries, dbNames } = scanSource(
		"src/server/features/tools/x.ts",
		[
			'// db.selectFrom("tools") in a comment',
			'const help = "sql`select 1` and db.deleteFrom()";',
			'const rows = await db.selectFrom("tools").selectAll().execute();',
			"await trx",
			'\t.insertInto("tools")',
			"\t.values(row);",
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
			"const count = sql<number>`count(${column})`;",
			"const raw = sql.raw(text);",
			"const plain = sql`select 1`;",
			'const cte = db.with("recent", (q) => q);',
			"const dbName = options.dbName; const { tools } = deps;",
			"const handle = deps.db;",
		].join("\n"),
	);
	expect(queries.map(({ line, text }) => [line, text])).toEqual([
		[3, ".selectFrom("],
		[5, ".insertInto("],
		[7, "sql"],
		[8, "sql"],
		[9, "sql"],
		[10, ".with("],
	]);
	expect(dbNames.map(({ line, text }) => [line, text])).toEqual([
		[3, "db"],
		[4, "trx"],
		[10, "db"],
		[12, "db"],
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
				from === "src/server/features/tools/tools.routes.ts" &&
				to === "src/server/features/tools/tools.service.ts" &&
				isTypeOnly,
		),
	).toBe(true);
	expect(
		tree.queries.some(
			({ from }) => from === "src/server/features/tools/tools.repository.ts",
		),
	).toBe(true);
	expect(
		tree.dbNames.some(
			({ from }) => from === "src/server/features/tools/tools.service.ts",
		),
	).toBe(true);
});
