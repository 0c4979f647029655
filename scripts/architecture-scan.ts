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
};
/** A use of the `process` global in a source file. */
export type ProcessUse = { from: string; line: number };
export type SourceTree = { imports: Import[]; processUses: ProcessUse[] };

const STATIC_IMPORT =
	/(?<![\w$.])(import|export)\s+(type\s+)?([\w$*{},\s]*?)\s*\bfrom\s*"(\d+)"/g;
const SIDE_EFFECT_IMPORT = /(?<![\w$.])import\s*"(\d+)"/g;
const DYNAMIC_IMPORT = /(?<![\w$.])import\s*\(\s*"(\d+)"/g;
const PROCESS_USE =
	/(?<![\w$.])process\s*(?:\?\.|[.[])|\bglobalThis\s*\??\.\s*process\b/;
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
	const readTemplateText = () => {
		let text = "";
		while (i < code.length && code[i] !== "`" && !code.startsWith("${", i)) {
			if (code[i] === "\\") text += code[i++];
			text += code[i++] ?? "";
		}
		const closed = code[i] === "`";
		i += closed ? 1 : 2;
		if (!closed) openExpressions.push(0);
		return { text, closed };
	};
	while (i < code.length) {
		const char = code[i] as string;
		if (code.startsWith("//", i)) {
			readUntil((c) => c === "\n");
		} else if (code.startsWith("/*", i)) {
			const end = code.indexOf("*/", i + 2);
			const stop = end === -1 ? code.length : end + 2;
			out += newlinesOf(code.slice(i, stop));
			i = stop;
		} else if (char === '"' || char === "'") {
			i++;
			strings.push(readUntil((c) => c === char || c === "\n"));
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
		} else {
			const depth = openExpressions.pop();
			if (depth !== undefined)
				openExpressions.push(
					depth + (char === "{" ? 1 : char === "}" ? -1 : 0),
				);
			out += char;
			i++;
		}
	}
	return { code: out, strings };
}

function resolve(from: string, specifier: string): string {
	return specifier.startsWith(".")
		? path.posix.join(path.posix.dirname(from), specifier)
		: specifier;
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

/** One file's imports (static, multi-line, type-only, re-exports, side-effect, dynamic) and web `process` uses. */
export function scanSource(from: string, source: string): SourceTree {
	const { code, strings } = lex(source);
	const entry = (index: string | undefined) => {
		const specifier = strings[Number(index)] ?? "";
		return { from, to: resolve(from, specifier), specifier };
	};
	const imports: Import[] = [];
	for (const match of code.matchAll(STATIC_IMPORT))
		imports.push({
			...entry(match[4]),
			names: importedNames(match[3] ?? ""),
			isTypeOnly: Boolean(match[2]),
		});
	for (const pattern of [SIDE_EFFECT_IMPORT, DYNAMIC_IMPORT])
		for (const match of code.matchAll(pattern))
			imports.push({ ...entry(match[1]), names: [], isTypeOnly: false });
	const processUses = code
		.split("\n")
		.flatMap((text, index) =>
			PROCESS_USE.test(text) ? [{ from, line: index + 1 }] : [],
		);
	return { imports, processUses };
}

function sourceFiles(dir: string): string[] {
	return fs
		.readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true })
		.map(String)
		.filter((file) => /\.(ts|tsx)$/.test(file))
		.map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}

/** Every import and `process` use of every TypeScript file under `src/`. */
export function scanSourceTree(): SourceTree {
	const files = sourceFiles("src").map((file) =>
		scanSource(file, fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8")),
	);
	return {
		imports: files.flatMap((file) => file.imports),
		processUses: files.flatMap((file) => file.processUses),
	};
}
