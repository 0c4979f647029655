import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

type Citation = { file: string; testName: string };

/**
 * The tests a "Shown by" cell cites: `path/to/file.test.ts` › "test name", where a bare
 * › "…" after it names another test in the same file.
 */
function findCitedTests(markdown: string): Citation[] {
	return markdown
		.split("\n")
		.filter((line) => line.startsWith("|"))
		.flatMap((line) => {
			const shownBy = line.split("|").at(-2) ?? "";
			let file: string | undefined;
			const citations: Citation[] = [];
			for (const match of shownBy.matchAll(
				/`([\w./-]+\.(?:ts|tsx))`|›\s*"([^"]+)"/g,
			)) {
				if (match[1]) file = match[1];
				else if (file && match[2]) citations.push({ file, testName: match[2] });
			}
			return citations;
		});
}

test("every test docs/spec-coverage.md cites exists under that name", () => {
	const citations = findCitedTests(
		fs.readFileSync(
			path.join(PROJECT_ROOT, "docs", "spec-coverage.md"),
			"utf8",
		),
	);
	expect(citations.length).toBeGreaterThan(50);
	const missing = citations.filter(({ file, testName }) => {
		const source = path.join(PROJECT_ROOT, file);
		return (
			!fs.existsSync(source) ||
			!fs.readFileSync(source, "utf8").includes(testName)
		);
	});
	expect(missing).toEqual([]);
});

test("a citation is read from the last cell, with later names in the same file", () => {
	const row =
		'| item | Built | `src/a.ts` | `e2e/x.spec.ts` › "first"; › "second"; `src/y.test.ts` › "third" |';
	expect(findCitedTests(row)).toEqual([
		{ file: "e2e/x.spec.ts", testName: "first" },
		{ file: "e2e/x.spec.ts", testName: "second" },
		{ file: "src/y.test.ts", testName: "third" },
	]);
});
