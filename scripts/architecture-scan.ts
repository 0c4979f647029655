import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

/** One import of one source file; `to` is a repository path for relative specifiers. */
export type Import = {
	from: string;
	to: string;
	specifier: string;
	isTypeOnly: boolean;
};
/** A use of the `process` global in a source file. */
export type ProcessUse = { from: string; line: number };
export type SourceTree = { imports: Import[]; processUses: ProcessUse[] };

const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
const LINE_COMMENT = /(^|[^:"'`\\])\/\/.*$/gm;
const STRING_LITERAL =
	/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g;
const STATIC_IMPORT =
	/\b(import|export)\s+(type\s+)?((?:[\w*${},\s]|\bas\b)*?)\s*from\s*["']([^"']+)["']/g;
const SIDE_EFFECT_IMPORT = /\bimport\s*["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function withoutComments(code: string): string {
	return code.replace(BLOCK_COMMENT, "").replace(LINE_COMMENT, "$1");
}

function resolve(from: string, specifier: string): string {
	return specifier.startsWith(".")
		? path.posix.join(path.posix.dirname(from), specifier)
		: specifier;
}

/** `import type { A }`, or `import { type A, type B }` where every name is a type. */
function isTypeOnlyList(
	typeKeyword: string | undefined,
	names: string,
): boolean {
	if (typeKeyword) return true;
	const list = /^\{([\s\S]*)\}$/.exec(names.trim())?.[1];
	if (!list) return false;
	const entries = list
		.split(",")
		.map((entry) => entry.trim())
		.filter(Boolean);
	return (
		entries.length > 0 && entries.every((entry) => entry.startsWith("type "))
	);
}

/** The imports of one file's code: static (multi-line too), type-only, re-exports, side-effect and dynamic. */
export function scanImports(from: string, code: string): Import[] {
	const source = withoutComments(code);
	const found: Import[] = [];
	for (const match of source.matchAll(STATIC_IMPORT)) {
		const specifier = match[4] ?? "";
		found.push({
			from,
			to: resolve(from, specifier),
			specifier,
			isTypeOnly: isTypeOnlyList(match[2], match[3] ?? ""),
		});
	}
	for (const pattern of [SIDE_EFFECT_IMPORT, DYNAMIC_IMPORT]) {
		for (const match of source.matchAll(pattern)) {
			const specifier = match[1] ?? "";
			found.push({
				from,
				to: resolve(from, specifier),
				specifier,
				isTypeOnly: false,
			});
		}
	}
	return found;
}

/** Uses of the `process` global outside comments and strings. */
export function scanProcessUses(from: string, code: string): ProcessUse[] {
	const lines = withoutComments(code)
		.replace(STRING_LITERAL, (literal) => literal.replace(/[^\n]/g, " "))
		.split("\n");
	return lines.flatMap((text, index) =>
		/(^|[^\w.$])process\s*[.[]/.test(text) ? [{ from, line: index + 1 }] : [],
	);
}

function sourceFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true })
		.map(String)
		.filter((file) => /\.(ts|tsx)$/.test(file))
		.map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}

export function scanSourceTree(): SourceTree {
	const files = sourceFiles("src");
	const read = (file: string) =>
		fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8");
	return {
		imports: files.flatMap((file) => scanImports(file, read(file))),
		processUses: files.flatMap((file) => scanProcessUses(file, read(file))),
	};
}
