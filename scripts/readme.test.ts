import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PROJECT_ROOT } from "../src/server/project-paths.ts";

const readme = fs.readFileSync(path.join(PROJECT_ROOT, "README.md"), "utf8");
const scripts = Object.keys(
	(
		JSON.parse(
			fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8"),
		) as { scripts: Record<string, string> }
	).scripts,
);

test("the README's script table lists exactly the package's scripts", () => {
	const listed = [...readme.matchAll(/^\| `npm (?:run )?([\w:-]+)` \|/gm)].map(
		(match) => match[1],
	);
	expect(listed.sort()).toEqual([...scripts].sort());
});

test("every script the docs mention exists", () => {
	const docs = [
		readme,
		...fs
			.readdirSync(path.join(PROJECT_ROOT, "docs"), { recursive: true })
			.map(String)
			.filter((file) => file.endsWith(".md"))
			.map((file) =>
				fs.readFileSync(path.join(PROJECT_ROOT, "docs", file), "utf8"),
			),
	];
	const mentioned = new Set(
		docs.flatMap((text) =>
			[...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]),
		),
	);
	for (const script of mentioned)
		expect(scripts, `npm run ${script}`).toContain(script);
});

test("every link from the README into the project points at a file that exists", () => {
	const links = [...readme.matchAll(/\]\(((?!https?:)[^)#]+)\)/g)].map(
		(match) => match[1] ?? "",
	);
	for (const link of links)
		expect(fs.existsSync(path.join(PROJECT_ROOT, link)), link).toBe(true);
});
