import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

// Every document the repository cites must be in the repository. A citation is a relative link
// target in Markdown, or a path-like token ending in `.md` (`docs/product.md`,
// `006-catalog-list-cache.md`) in Markdown text or in a source comment. A link resolves as a
// Markdown viewer resolves it: from the citing file (or the root, when it starts with `/`). A token
// resolves from the citing file or the repository root; a bare file name, from anywhere.

type Citation = { target: string; kind: "link" | "mention" };
type Repo = { exists: (file: string) => boolean; markdownNames: Set<string> };

const SKIPPED_DIRS = new Set([
	"node_modules",
	"dist",
	".git",
	"data",
	"test-results",
	"playwright-report",
]);
const SOURCE_DIRS = new Set(["src", "scripts", "bench", "e2e"]);
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|css|html)$/;
const MD_TOKEN =
	/(?<![\w./-])(?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\.md(?![\w-])/g;
const MD_LINK =
	/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)|^\s*\[[^\]]+\]:\s*<?([^\s>]+)/gm;
// After these, a `/` starts a regular expression rather than dividing.
const REGEX_CAN_FOLLOW =
	/(?:[(,=:[!&|?{};+\-*%>~^]|(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await))$/;

function listRepoFiles(dir = ""): string[] {
	return fs
		.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true })
		.flatMap((entry) => {
			const file = dir ? `${dir}/${entry.name}` : entry.name;
			if (entry.isDirectory())
				return SKIPPED_DIRS.has(entry.name) ? [] : listRepoFiles(file);
			return entry.isFile() ? [file] : [];
		});
}

function skipQuoted(code: string, start: number): number {
	const quote = code[start];
	let i = start + 1;
	while (i < code.length && code[i] !== quote && code[i] !== "\n")
		i += code[i] === "\\" ? 2 : 1;
	return i + 1;
}

/** The end of a regular expression literal starting at `start`, or -1 when the line has none. */
function regexEnd(code: string, start: number): number {
	let inClass = false;
	for (let i = start + 1; i < code.length && code[i] !== "\n"; i++) {
		if (code[i] === "\\") i++;
		else if (code[i] === "[") inClass = true;
		else if (code[i] === "]") inClass = false;
		else if (code[i] === "/" && !inClass) return i + 1;
	}
	return -1;
}

function skipTemplate(code: string, start: number, comments: string[]): number {
	let i = start + 1;
	while (i < code.length && code[i] !== "`") {
		if (code[i] === "\\") i += 2;
		else if (code[i] === "$" && code[i + 1] === "{")
			i = scanCode(code, i + 2, comments, true);
		else i++;
	}
	return i + 1;
}

/** Collects comments from `start` on; with `untilBrace`, returns after the unmatched `}`. */
function scanCode(
	code: string,
	start: number,
	comments: string[],
	untilBrace = false,
): number {
	let depth = 0;
	let tail = "";
	let i = start;
	while (i < code.length) {
		const char = code[i] ?? "";
		const pair = code.slice(i, i + 2);
		let next = i + 1;
		if (pair === "//" || pair === "/*") {
			const close = code.indexOf(pair === "//" ? "\n" : "*/", i + 2);
			const end = close === -1 ? code.length : close;
			comments.push(code.slice(i + 2, end));
			i = pair === "//" ? end : end + 2;
			continue;
		}
		if ((char === "'" || char === '"') && !/[\w$]/.test(code[i - 1] ?? "")) {
			// Not after a word: `couldn't` in JSX text opens no string.
			next = skipQuoted(code, i);
		} else if (char === "`") {
			next = skipTemplate(code, i, comments);
		} else if (char === "/" && REGEX_CAN_FOLLOW.test(tail.trimEnd())) {
			next = regexEnd(code, i);
			if (next === -1) next = i + 1;
		} else if (char === "{") {
			depth++;
		} else if (char === "}") {
			if (depth === 0 && untilBrace) return i + 1;
			depth--;
		}
		tail = (tail + (next - i > 1 ? "0" : char)).slice(-12);
		i = next;
	}
	return i;
}

function commentsOf(file: string, code: string): string[] {
	if (file.endsWith(".html"))
		return [...code.matchAll(/<!--([\s\S]*?)-->/g)].map((m) => m[1] ?? "");
	const comments: string[] = [];
	scanCode(code, 0, comments);
	return comments;
}

function mentionsIn(text: string): Citation[] {
	return [...text.matchAll(MD_TOKEN)].map((m) => ({
		target: m[0],
		kind: "mention",
	}));
}

function citationsIn(file: string, text: string): Citation[] {
	if (!file.endsWith(".md")) return commentsOf(file, text).flatMap(mentionsIn);
	const links: Citation[] = [...text.matchAll(MD_LINK)]
		.map((m) => (m[1] ?? m[2] ?? "").replace(/[#?].*$/, ""))
		.filter(
			(target) => target !== "" && !/^[a-z][a-z\d+.-]*:|^\/\//i.test(target),
		)
		.map((target) => ({ target, kind: "link" }));
	return [...links, ...mentionsIn(text)];
}

function isResolvable(file: string, { target, kind }: Citation, repo: Repo) {
	const fromFile = path.posix.join(path.posix.dirname(file), target);
	const fromRoot = path.posix.normalize(target.replace(/^\//, ""));
	const candidates =
		kind === "link" && !target.startsWith("/")
			? [fromFile]
			: [fromFile, fromRoot];
	if (candidates.some((c) => !c.startsWith("../") && repo.exists(c)))
		return true;
	return (
		kind === "mention" &&
		!target.includes("/") &&
		repo.markdownNames.has(target)
	);
}

function findBrokenCitations(file: string, text: string, repo: Repo): string[] {
	const broken = citationsIn(file, text)
		.filter((citation) => !isResolvable(file, citation, repo))
		.map((citation) => `${file} cites ${citation.target}`);
	return [...new Set(broken)];
}

function isCheckedFile(file: string): boolean {
	if (file.endsWith(".md")) return true;
	const top = file.split("/")[0] ?? "";
	return (
		SOURCE_FILE.test(file) && (!file.includes("/") || SOURCE_DIRS.has(top))
	);
}

const files = listRepoFiles();
const repo: Repo = {
	exists: (file) => fs.existsSync(path.join(PROJECT_ROOT, file)),
	markdownNames: new Set(
		files.filter((f) => f.endsWith(".md")).map((f) => path.posix.basename(f)),
	),
};
const read = (file: string) =>
	fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8");

test("every Markdown file and source comment cites only documents in the repository", () => {
	const checked = files.filter(isCheckedFile);
	expect(checked).toEqual(
		expect.arrayContaining(["README.md", "vite.config.ts"]),
	);
	expect(citationsIn("README.md", read("README.md"))).toContainEqual({
		target: "docs/product.md",
		kind: "link",
	});
	expect(
		checked.flatMap((file) => findBrokenCitations(file, read(file), repo)),
	).toEqual([]);
});

test("a broken citation is reported and a valid one is not", () => {
	const markdown = [
		"See [the product page](product.md), [decisions](decisions/) and docs/contributing.md.",
		"Broken: [a guide](no-such-guide.md#top) and docs/no-such-notes.md.",
		"Elsewhere: [a site](https://example.com/missing.md), [above](#top).",
	].join("\n");
	expect(findBrokenCitations("docs/planted.md", markdown, repo)).toEqual([
		"docs/planted.md cites no-such-guide.md",
		"docs/planted.md cites docs/no-such-notes.md",
	]);

	const source = `
		const quotes = /["']+/g; // the layering of docs/architecture.md
		const url = "https://example.com/not-a-comment.md"; // docs/missing-in-comment.md
		const notice = <p>We couldn't find docs/not-a-comment-either.md</p>;
		/** Why: 006-catalog-list-cache.md */
		const label = ${"`"}total ${"${"}{ a: 1 }.a} // not a comment.md${"`"};
		function isQuote(x) { return /"/.test(x); } // docs/missing-after-regex.md
	`;
	expect(findBrokenCitations("src/web/planted.tsx", source, repo)).toEqual([
		"src/web/planted.tsx cites docs/missing-in-comment.md",
		"src/web/planted.tsx cites docs/missing-after-regex.md",
	]);
});

test("no file names documents that were never part of the repository", () => {
	const names = [
		...["DESIGN", "STYLE", "ROADMAP"].map((name) => `${name}.md`),
		["storefront", "spec"].join("-"),
	];
	const hits = files
		.filter((file) => /\.(?:tsx?|md|mjs)$/.test(file))
		.flatMap((file) => {
			const text = read(file);
			return names
				.filter((name) => text.includes(name))
				.map((name) => `${file}: ${name}`);
		});
	expect(hits).toEqual([]);
});
