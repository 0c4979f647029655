import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

/** One import of one source file; `to` is a repository path for relative specifiers. */
export type Import = {
	from: string;
	to: string;
	specifier: string;
	/** The exported names it takes: `default`, `*` or a name; empty for side-effect and dynamic imports. */
	names: string[];
	/**
	 * `import type` and `export type` only, the forms erased entirely. Under verbatimModuleSyntax
	 * `import { type A }` still loads its module at run time (as `import {} from`).
	 */
	isTypeOnly: boolean;
	/**
	 * The file hands on what it takes: `export … from`, or an import whose name the file exports
	 * again (`import { a } from "x"; export { a };`).
	 */
	isReExport: boolean;
};
/** A use of the `process` global in a source file. */
export type ProcessUse = { from: string; line: number };
/** A line of code that does something a rule judges, with the words that do it. */
export type CodeUse = { from: string; line: number; text: string };
export type SourceTree = {
	imports: Import[];
	processUses: ProcessUse[];
	/** Kysely query building: `.selectFrom(` and the other builders, and `sql` templates. */
	queries: CodeUse[];
	/** Every mention of a database handle by its usual names, `db` and `trx`. */
	dbNames: CodeUse[];
};

const STATIC_IMPORT =
	/(?<![\w$.])(import|export)\s+(type\s+)?([\w$*{},\s]*?)\s*\bfrom\s*"(\d+)"/g;
const SIDE_EFFECT_IMPORT = /(?<![\w$.])import\s*"(\d+)"/g;
const DYNAMIC_IMPORT = /(?<![\w$.])import\s*\(\s*"(\d+)"/g;
const PROCESS_USE =
	/(?<![\w$.])process\s*(?:\?\.|[.[])|\bglobalThis\s*\??\.\s*process\b/;
// `export { a, b as c };` without a `from`: names of the file's own bindings.
const LOCAL_EXPORT =
	/(?<![\w$.])export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from\s*"\d+")/g;
const DEFAULT_EXPORT =
	/(?<![\w$.])export\s+default\s+(?!(?:async|function|class)\b)([\w$]+)\s*(?:;|$)/gm;
// Each opens a Kysely query; `with(` only with a name, as a common table expression takes one.
const QUERY_BUILDING =
	/\.\s*(?:selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)\s*[(<]|\.\s*with(?:Recursive)?\s*\((?=\s*"\d+")|(?<![\w$.])sql(?=\s*["`.<])/g;
const DB_NAME = /(?<![\w$])(?:db|trx)(?![\w$])/g;
// Sticky patterns the lexer reads whole runs with: code that opens nothing, the rest of a line,
// a string's text (escapes included) and a template's text up to its end or next `${`.
const PLAIN_CODE = /[^"'`/{}]+/y;
const REST_OF_LINE = /[^\n]*/y;
const QUOTED_TEXT = {
	'"': /(?:[^"\\\n]|\\[\s\S])*/y,
	"'": /(?:[^'\\\n]|\\[\s\S])*/y,
};
const TEMPLATE_TEXT = /(?:[^`\\$]|\\[\s\S]|\$(?!\{))*/y;
// A `/` after one of these (or at the start) opens a regular expression literal, not a division.
const BEFORE_REGEX =
	/(?:^|[(,=:[!&|?{};+\-*%~^]|\b(?:return|typeof|yield|await))$/;

/**
 * The code without comments, each string literal (and template without `${}`) replaced by
 * `"<n>"` with its text at `strings[n]`, template text and regular expressions blanked.
 * Newlines stay, so lines keep their numbers.
 */
function lex(code: string): { code: string; strings: string[] } {
	const strings: string[] = [];
	const openExpressions: number[] = []; // brace depth inside each open template `${`
	const newlinesOf = (text: string) => text.replace(/[^\n]/g, "");
	let out = "";
	let i = 0;
	const readUntil = (isEnd: (char: string) => boolean) => {
		let text = "";
		while (i < code.length && !isEnd(code[i] as string)) {
			if (code[i] === "\\") text += code[i++];
			text += code[i++] ?? "";
		}
		return text;
	};
	const readMatch = (pattern: RegExp) => {
		pattern.lastIndex = i;
		const text = pattern.exec(code)?.[0] ?? "";
		i += text.length;
		return text;
	};
	const readTemplateText = () => {
		const text = readMatch(TEMPLATE_TEXT);
		const closed = code[i] === "`";
		i += closed ? 1 : 2;
		if (!closed) openExpressions.push(0);
		return { text, closed };
	};
	while (i < code.length) {
		const char = code[i] as string;
		if (code.startsWith("//", i)) {
			readMatch(REST_OF_LINE);
		} else if (code.startsWith("/*", i)) {
			const end = code.indexOf("*/", i + 2);
			const stop = end === -1 ? code.length : end + 2;
			out += newlinesOf(code.slice(i, stop));
			i = stop;
		} else if (char === '"' || char === "'") {
			i++;
			strings.push(readMatch(QUOTED_TEXT[char]));
			if (code[i] === char) i++;
			out += `"${strings.length - 1}"`;
		} else if (char === "`") {
			i++;
			const { text, closed } = readTemplateText();
			if (closed) {
				strings.push(text);
				out += `"${strings.length - 1}"${newlinesOf(text)}`;
			} else out += `\`${newlinesOf(text)}\${`;
		} else if (char === "}" && openExpressions.at(-1) === 0) {
			openExpressions.pop();
			i++;
			const { text, closed } = readTemplateText();
			out += `}${newlinesOf(text)}${closed ? "`" : "${"}`;
		} else if (char === "/" && BEFORE_REGEX.test(out.slice(-40).trimEnd())) {
			i++;
			let inClass = false;
			readUntil((c) => {
				if (c === "[") inClass = true;
				if (c === "]") inClass = false;
				return c === "\n" || (c === "/" && !inClass);
			});
			if (code[i] === "/") i++;
			out += "/ /";
		} else if (char === "{" || char === "}") {
			const depth = openExpressions.pop();
			if (depth !== undefined)
				openExpressions.push(depth + (char === "{" ? 1 : -1));
			out += char;
			i++;
		} else {
			// Plain code up to the next character that may open or close something, in one step.
			PLAIN_CODE.lastIndex = i;
			const run = PLAIN_CODE.exec(code)?.[0] || char;
			out += run;
			i += run.length;
		}
	}
	return { code: out, strings };
}

function resolve(from: string, specifier: string): string {
	return specifier.startsWith(".")
		? path.posix.join(path.posix.dirname(from), specifier)
		: specifier;
}

/** The names an import clause binds in the file: `A, { b as c }` → `A`, `c`; `* as ns` → `ns`. */
function localBindings(clause: string): string[] {
	const list = /\{([^}]*)\}/.exec(clause)?.[1];
	const outside = clause.replace(/\{[^}]*\}/, "");
	const names = [
		/^\s*([\w$]+)\s*(?:,|$)/.exec(outside)?.[1],
		/\*\s*as\s+([\w$]+)/.exec(outside)?.[1],
		...(list?.split(",") ?? []).map((entry) =>
			entry
				.trim()
				.replace(/^type\s+/, "")
				.split(/\s+as\s+/)
				.at(-1),
		),
	];
	return names.filter((name): name is string => Boolean(name));
}

/** The file's own bindings it exports by name: `export { a, b as c }` → `a`, `b`; `export default a`. */
function locallyExportedNames(code: string): Set<string> {
	const names = new Set<string>();
	for (const match of code.matchAll(LOCAL_EXPORT))
		for (const entry of (match[1] ?? "").split(",")) {
			const name = entry
				.trim()
				.replace(/^type\s+/, "")
				.split(/\s+as\s+/)[0];
			if (name) names.add(name);
		}
	for (const match of code.matchAll(DEFAULT_EXPORT))
		if (match[1]) names.add(match[1]);
	return names;
}

/** Each line of `code` where `pattern` (global) matches, with what it matched. */
function usesOf(from: string, code: string, pattern: RegExp): CodeUse[] {
	return code.split("\n").flatMap((text, index) =>
		[...text.matchAll(pattern)].map((match) => ({
			from,
			line: index + 1,
			text: match[0].trim(),
		})),
	);
}

/** `A, { b as c, type D }` → `default`, `b`, `D`; `* as ns` → `*`. */
function importedNames(clause: string): string[] {
	const list = /\{([^}]*)\}/.exec(clause)?.[1];
	const outside = clause.replace(/\{[^}]*\}/, "");
	const names = [
		...(/^\s*[\w$]+\s*(,|$)/.test(outside) ? ["default"] : []),
		...(outside.includes("*") ? ["*"] : []),
	];
	for (const entry of list?.split(",") ?? []) {
		const name = entry
			.trim()
			.replace(/^type\s+/, "")
			.split(/\s+as\s+/)[0];
		if (name) names.push(name);
	}
	return names;
}

/**
 * One file's imports (static, multi-line, type-only, re-exports, side-effect, dynamic), web
 * `process` uses, query building and database handles, outside comments and strings.
 */
export function scanSource(from: string, source: string): SourceTree {
	const { code, strings } = lex(source);
	const entry = (index: string | undefined) => {
		const specifier = strings[Number(index)] ?? "";
		return { from, to: resolve(from, specifier), specifier };
	};
	const exported = locallyExportedNames(code);
	const imports: Import[] = [];
	for (const match of code.matchAll(STATIC_IMPORT))
		imports.push({
			...entry(match[4]),
			names: importedNames(match[3] ?? ""),
			isTypeOnly: Boolean(match[2]),
			isReExport:
				match[1] === "export" ||
				localBindings(match[3] ?? "").some((name) => exported.has(name)),
		});
	for (const pattern of [SIDE_EFFECT_IMPORT, DYNAMIC_IMPORT])
		for (const match of code.matchAll(pattern))
			imports.push({
				...entry(match[1]),
				names: [],
				isTypeOnly: false,
				isReExport: false,
			});
	const processUses = code
		.split("\n")
		.flatMap((text, index) =>
			PROCESS_USE.test(text) ? [{ from, line: index + 1 }] : [],
		);
	return {
		imports,
		processUses,
		queries: usesOf(from, code, QUERY_BUILDING),
		dbNames: usesOf(from, code, DB_NAME),
	};
}

function sourceFiles(root: string, dir: string): string[] {
	return fs
		.readdirSync(path.join(root, dir), { recursive: true })
		.map(String)
		.filter((file) => /\.(ts|tsx)$/.test(file))
		.map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}

/** Several files' scans as one tree. */
export function mergeSourceTrees(trees: SourceTree[]): SourceTree {
	return {
		imports: trees.flatMap((tree) => tree.imports),
		processUses: trees.flatMap((tree) => tree.processUses),
		queries: trees.flatMap((tree) => tree.queries),
		dbNames: trees.flatMap((tree) => tree.dbNames),
	};
}

/** What scanSource finds in every TypeScript file under `src/` of the project (or of a copy at `root`). */
export function scanSourceTree(root: string = PROJECT_ROOT): SourceTree {
	return mergeSourceTrees(
		sourceFiles(root, "src").map((file) =>
			scanSource(file, fs.readFileSync(path.join(root, file), "utf8")),
		),
	);
}
